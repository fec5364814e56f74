/**
 * The add-in in team-gateway mode, end to end: config.json names only the gateway; the pane signs
 * in to it with a personal gateway key (no service card, no service key on this computer); a
 * function and an import work through it, and the page's storage holds no service credential.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { KeyStore } from "../../../gateway/keys";
import { startGateway, type RunningGateway } from "../../../gateway/server";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";
import { sandboxGatewayConfig } from "../../support/sandbox-gateway-config";
import { assertDistBuilt, useAddinSession } from "../harness";
import { expectFitsAndAccessible, openView } from "./pane-helpers";

assertDistBuilt();

/** The page's origin must be known before the gateway starts: CORS allows it alone. */
const ADDIN_PORT = 20_000 + Math.floor(Math.random() * 20_000);
let sandbox: RunningSandbox;
let gateway: RunningGateway;
let key: string;

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 3000, seed: 8 });
  const keysFile = path.join(mkdtempSync(path.join(tmpdir(), "ukgw-e2e-")), "keys.json");
  key = new KeyStore(keysFile).add("analyst");
  gateway = await startGateway(
    sandboxGatewayConfig(sandbox, keysFile, {
      allowedOrigin: `http://localhost:${ADDIN_PORT}`,
    }),
    { logStream: { write: () => true } },
  );
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await sandbox?.close();
});

const session = useAddinSession({
  sandbox: false,
  port: ADDIN_PORT,
  configJson: () => ({ gateway: { url: gateway.origin } }),
});

test("the pane signs in to the gateway once, with a key: no service card is offered", async () => {
  const { page } = session.current;
  const view = await openView(page, "Sign in and settings");
  await view.getByText(/reaches the services through your team's gateway/).waitFor();
  expect(await view.getByText("Matching service").count()).toBe(0);
  await view.getByLabel("Gateway key").fill(key);
  await view.getByRole("button", { name: "Save" }).click();
  await view.getByText(/^Saved\./).waitFor();
  await view.getByRole("button", { name: "Test connection" }).click();
  await view.getByText(/The product API answered: \d+ filter groups available\./).waitFor({ timeout: 20_000 });
  await expectFitsAndAccessible(session.current);
});

test("a function answers through the gateway", async () => {
  const response = await fetch(`${sandbox.urls.product}/v2/companies`, {
    method: "POST",
    headers: { authorization: `Bearer ${sandbox.credentials.productToken}`, "content-type": "application/json" },
    body: JSON.stringify({ returnCount: 1 }),
  });
  const [company] = ((await response.json()) as { companies: { CompanyNumber: string; CompanyName: string }[] })
    .companies;
  await session.current.sim(
    (api, number) => api.setCell("Sheet1!A1", [[`=UKCO.FIELD("${number}","CompanyName")`]]),
    company!.CompanyNumber,
  );
  await session.current.sim((api) => api.whenCalculated(30_000));
  expect(await session.current.sim((api) => api.cell("Sheet1!A1").value)).toBe(company!.CompanyName);
  expect(gateway.metrics.sent.product).toBeGreaterThan(0);
  await expectFitsAndAccessible(session.current);
});

test("an import runs through the gateway, and the page keeps no service credential", async () => {
  const { page } = session.current;
  const view = await openView(page, "Explore lists");
  await view.getByRole("radio", { name: /^Clean energy/ }).check();
  await view.getByRole("button", { name: 'Import "Clean energy" to a new sheet' }).click();
  await view
    .getByTestId("done-bar")
    .getByText(/^Imported [\d,]+ companies/)
    .waitFor({ timeout: 50_000 });
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  const c = sandbox.credentials;
  for (const secret of [c.productToken, c.matchingKey, c.marketKey, c.classificationPassword])
    expect({ secret, stored: stored.includes(secret) }).toEqual({ secret, stored: false });
  expect(stored).toContain(key);
  await expectFitsAndAccessible(session.current);
});
