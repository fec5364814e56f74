/**
 * Team memory, end to end: two analysts, each in their own add-in (headless Chromium on the
 * simulated host), through two gateway replicas sharing a real Redis.
 *
 * - Analyst A runs Match names on 10 names the matcher is unsure of and reviews them (a whole
 *   company number typed, Enter), and each decision is recorded for the team.
 * - Analyst B's UKCO.MATCH on the same names gives A's companies, confidence "team", with no
 *   matching request reaching the service; About this value names A.
 * - B's own Match names run sends no batch job; the review lists the names as decided by a
 *   colleague, and B overrides one with one key (Delete: no match).
 * - A's next Refresh workbook lists that change in What changed, saying who decided it.
 * - A user of another tenant (single sign-on) reads none of it and is answered by the service.
 */
import type { Locator } from "playwright-core";
import { KeyStore } from "../../../gateway/keys";
import { startGateway, type RunningGateway } from "../../../gateway/server";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";
import { freePort, RedisServer, startEntraIssuer, tempFile, upstreamCounts } from "../../gateway/support";
import { messyName, sandboxCompanies, type SandboxCompany } from "../../support/messy-names";
import { sandboxGatewayConfig } from "../../support/sandbox-gateway-config";
import { assertDistBuilt, useAddinSession, type AddinSession } from "../harness";
import { expectFitsAndAccessible, openView, PANE_WIDTH, startMatchNames } from "./pane-helpers";

assertDistBuilt();

/** The pages' origins must be known before the gateways start: CORS allows each gateway its own. */
const PORT_A = 20_000 + Math.floor(Math.random() * 10_000);
const PORT_B = PORT_A + 10_000;
const SHEET = "Team";
let sandbox: RunningSandbox;
let redis: RedisServer;
let issuer: Awaited<ReturnType<typeof startEntraIssuer>>;
let gatewayA: RunningGateway;
let gatewayB: RunningGateway;
const keys = { ana: "", ben: "" };
const fold = (name: string) => name.replace(/\s+/g, " ").trim().toUpperCase();
/** The name B overrides. */
let overriddenName = "";
/** The 10 names, each with the company it was made from. */
const unsure: { name: string; company: SandboxCompany }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 2000, seed: 42, matchLatencyMs: [0, 5], batchQueuedMs: 50, batchRowMs: 0 });
  redis = new RedisServer(await freePort());
  await redis.start();
  issuer = await startEntraIssuer(["other-tenant"]);
  const keysFile = tempFile("keys.json");
  const store = new KeyStore(keysFile);
  keys.ana = store.add("ana");
  keys.ben = store.add("ben");
  const replica = (port: number) =>
    startGateway(
      sandboxGatewayConfig(sandbox, keysFile, {
        redisUrl: redis.url,
        replicas: 2,
        allowedOrigin: `http://localhost:${port}`,
        entra: issuer.entra,
      }),
      { logStream: { write: () => true } },
    );
  gatewayA = await replica(PORT_A);
  gatewayB = await replica(PORT_B);
  // Names the matcher is unsure of (anything less than "high"), asked of it directly.
  const companies = await sandboxCompanies(sandbox.urls.product, sandbox.credentials.productToken, 80);
  for (const [i, company] of companies.entries()) {
    if (unsure.length === 10) break;
    const name = messyName(company.CompanyName, i);
    const answer = await fetch(`${sandbox.urls.matching}/api/v1/match`, {
      method: "POST",
      headers: { authorization: `Bearer ${sandbox.credentials.matchingKey}`, "content-type": "application/json" },
      // As the add-in asks it: case and spacing folded.
      body: JSON.stringify({ input_name: fold(name) }),
    });
    if (((await answer.json()) as { confidence: string }).confidence !== "high") unsure.push({ name, company });
  }
  expect(unsure).toHaveLength(10);
}, 120_000);

afterAll(async () => {
  await Promise.all([gatewayA?.close(), gatewayB?.close()]);
  issuer?.close();
  await redis?.stop();
  await sandbox?.close();
});

const options = (port: number, gateway: () => RunningGateway) => ({
  sandbox: false,
  port,
  configJson: () => ({ gateway: { url: gateway().origin } }),
  simConfig: { ui: false },
  viewport: { width: PANE_WIDTH, height: 900 },
});
const a = useAddinSession(options(PORT_A, () => gatewayA));
const b = useAddinSession(options(PORT_B, () => gatewayB));

async function signIn(s: AddinSession, key: string): Promise<void> {
  const view = await openView(s.page, "Sign in and settings");
  await view.getByLabel("Gateway key").fill(key);
  await view.getByRole("button", { name: "Save" }).click();
  await view.getByText(/^Saved\./).waitFor();
}

/** The names on a sheet of their own, and Match names run on them at "high". */
async function matchNames(s: AddinSession): Promise<Locator> {
  const view = await startMatchNames(s, SHEET, [["Company name"], ...unsure.map((u) => [u.name])]);
  await view.getByTestId("done-bar").waitFor({ timeout: 60_000 });
  return view;
}

const matchingSent = async () => (await upstreamCounts(sandbox)).byTarget.matching ?? 0;

const text = async (locator: Locator) => (await locator.innerText()).trim();

test("A reviews 10 unsure names: each decision is recorded for the team", async () => {
  await signIn(a.current, keys.ana);
  const view = await matchNames(a.current);
  expect(await text(view.getByTestId("match-team-note"))).toMatch(/shared with your team through its gateway/);
  const entry = view.getByTestId("review-entry");
  for (let i = 0; i < 10; i++) {
    const shown = await text(entry.getByTestId("review-input"));
    const { company } = unsure.find((u) => fold(u.name) === fold(shown)) ?? {};
    expect(company).toBeDefined();
    const box = entry.getByTestId("review-typed");
    await box.fill(company!.CompanyNumber);
    await box.press("Enter");
    if (i < 9) await entry.getByTestId("review-input").filter({ hasNotText: shown }).waitFor();
  }
  await view.getByTestId("review-done").waitFor();
  // Recorded through A's replica, read through B's: all ten, as A decided them.
  const found = await fetch(`${gatewayB.origin}/api/team/decisions/lookup`, {
    method: "POST",
    headers: { authorization: `Bearer ${keys.ben}`, "content-type": "application/json" },
    body: JSON.stringify({ asks: unsure.map((u) => ({ name: u.name })) }),
  });
  const decisions = ((await found.json()) as { decisions: Array<{ company: { number: string }; decidedBy: string }> })
    .decisions;
  expect(decisions.map((d) => [d?.company.number, d?.decidedBy])).toEqual(
    unsure.map((u) => [u.company.CompanyNumber, "ana"]),
  );
  // A's own UKCO.MATCH cells for the names answer with A's decisions.
  await a.current.sim(
    (api, sheet) =>
      api.setCell(
        `${sheet}!H2`,
        Array.from({ length: 10 }, (_, i) => [`=UKCO.MATCH(A${i + 2})`]),
      ),
    SHEET,
  );
  await a.current.sim((api) => api.whenCalculated(30_000));
  const numbers = await a.current.sim((api, sheet) => api.values(`${sheet}!H2:H11`), SHEET);
  expect(numbers.map((row) => row[0])).toEqual(unsure.map((u) => u.company.CompanyNumber));
  await expectFitsAndAccessible(a.current);
});

test("B's UKCO.MATCH gives A's companies with no matching request; About this value names A", async () => {
  await signIn(b.current, keys.ben);
  const before = await matchingSent();
  const rows = unsure.map((u, i) => [u.name, `=UKCO.MATCH(A${i + 1})`, `=UKCO.MATCH(A${i + 1},"","","confidence")`]);
  await b.current.sim((api, rows) => api.setCell("Sheet1!A1", rows), rows);
  await b.current.sim((api) => api.whenCalculated(30_000));
  const shown = await b.current.sim((api) => api.values("Sheet1!B1:C10"));
  expect(shown).toEqual(unsure.map((u) => [u.company.CompanyNumber, "team"]));
  expect((await matchingSent()) - before).toBe(0);

  await b.current.sim((api) => api.select("Sheet1!B1"));
  const about = await openView(b.current.page, "About this value");
  await about.getByTestId("about-decided-by").waitFor({ timeout: 10_000 });
  expect(await text(about.getByTestId("about-decided-by"))).toMatch(
    /^ana, on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: your team's decision/,
  );
  await expectFitsAndAccessible(b.current);
});

test("B's review lists the names as decided by a colleague, and one key overrides one", async () => {
  const before = await matchingSent();
  const view = await matchNames(b.current);
  expect(await text(view.getByTestId("done-bar"))).toMatch(/in 0 batch jobs \(10 answered by your team's decisions/);
  expect((await matchingSent()) - before).toBe(0);
  await view.getByRole("button", { name: "Look through your team's decisions (10)" }).click();
  const entry = view.getByTestId("review-entry");
  await entry
    .getByTestId("review-team")
    .getByText(/^Decided by a colleague: ana, /)
    .waitFor();
  const overridden = await text(entry.getByTestId("review-input"));
  await entry.focus();
  await b.current.page.keyboard.press("Delete");
  // The one name B decided; the other nine are still the team's, so the queue is done.
  await view.getByTestId("review-done").waitFor();
  expect(await text(view.getByTestId("match-summary"))).toMatch(
    /9 decided by your team; 1 reviewed \(0 accepted, 1 rejected\)/,
  );
  // The override is the team's newest decision for that name.
  const found = await fetch(`${gatewayA.origin}/api/team/decisions/lookup`, {
    method: "POST",
    headers: { authorization: `Bearer ${keys.ana}`, "content-type": "application/json" },
    body: JSON.stringify({ asks: [{ name: overridden }] }),
  });
  await expect(found.json()).resolves.toMatchObject({ decisions: [{ company: null, decidedBy: "ben" }] });
  await expectFitsAndAccessible(b.current);
  overriddenName = overridden;
});

test("A's next refresh lists B's override in What changed", async () => {
  const { page } = a.current;
  const workbook = await openView(page, "Workbook data");
  await workbook.getByRole("button", { name: "Refresh workbook" }).click();
  await a.current.sim((api) => api.whenCalculated(30_000));
  const view = await openView(page, "What changed");
  const table = view.getByTestId("answer-changes-table");
  await table.waitFor({ timeout: 20_000 });
  const rows = await table.locator("tbody tr").allInnerTexts();
  const overridden = unsure.find((u) => fold(u.name) === fold(overriddenName))!;
  expect(rows).toEqual([expect.stringContaining("no match (decided by ben)")]);
  expect(rows[0]).toContain(fold(overridden.name));
  expect(rows[0]).toContain(`${overridden.company.CompanyNumber}`);
  expect(rows[0]).toContain("decided by ana");
  await expectFitsAndAccessible(a.current);
});

test("a user of another tenant reads none of the team's decisions; the service answers them", async () => {
  const token = await issuer.sign("other-tenant", "oid-cy", "Cy Other");
  const ask = (route: string, body: unknown) =>
    fetch(`${gatewayA.origin}${route}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await expect(ask("/api/team/decisions/lookup", { asks: unsure.map((u) => ({ name: u.name })) })).resolves.toEqual({
    decisions: Array(10).fill(null),
  });
  // Their match is the service's own answer (the gateway may have it cached), never a decision.
  const theirs = (await ask("/api/matching/api/v1/match", { input_name: fold(unsure[0]!.name) })) as {
    confidence: string;
    matched_company_number?: string;
  };
  const direct = await fetch(`${sandbox.urls.matching}/api/v1/match`, {
    method: "POST",
    headers: { authorization: `Bearer ${sandbox.credentials.matchingKey}`, "content-type": "application/json" },
    body: JSON.stringify({ input_name: fold(unsure[0]!.name) }),
  }).then((r) => r.json() as Promise<{ confidence: string; matched_company_number?: string }>);
  expect([theirs.confidence, theirs.matched_company_number]).toEqual([
    direct.confidence,
    direct.matched_company_number,
  ]);
  expect(theirs.confidence).not.toBe("team");
});
