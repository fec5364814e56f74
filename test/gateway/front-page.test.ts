/**
 * The gateway's address opened in a browser: with the add-in built, a redirect to the task pane
 * (served with the pages' Content Security Policy); without a build, a short page naming the
 * gateway, its version and its health endpoints, under the same policy and with no script.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { configFromEnv } from "../../gateway/config";
import { startGateway, type RunningGateway } from "../../gateway/server";
import { captureLogs, REQUIRED_ENV, tempFile } from "./support";

const { version } = JSON.parse(readFileSync(path.join(__dirname, "../../gateway/package.json"), "utf8")) as {
  version: string;
};
const { stream: logStream } = captureLogs();

const gatewayServing = (distDir: string) =>
  startGateway(
    configFromEnv({ ...REQUIRED_ENV, GATEWAY_PORT: "0", DIST_DIR: distDir, GATEWAY_KEYS_FILE: tempFile("keys.json") }),
    { logStream },
  );

let gateway: RunningGateway | undefined;
afterEach(async () => gateway?.close());

test("without a build: a page saying this is the gateway, its version, and where health and readiness are", async () => {
  gateway = await gatewayServing(path.join(mkdtempSync(path.join(tmpdir(), "ukgw-nodist-")), "dist"));
  const answer = await fetch(`${gateway.origin}/`, { redirect: "manual" });
  const page = await answer.text();
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
  expect(answer.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
  expect(page).toContain("UK Companies team gateway");
  expect(page).toContain(`Version ${version}`);
  expect(page).toContain('href="/healthz"');
  expect(page).toContain('href="/readyz"');
  // The policy allows no inline script; the page needs none.
  expect(page).not.toMatch(/<script/i);
  expect((await fetch(`${gateway.origin}/healthz`)).status).toBe(200);
});

test("with a build: / redirects to the task pane, which is served under the policy", async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "ukgw-dist-"));
  writeFileSync(path.join(dist, "taskpane.html"), "<!doctype html><title>pane</title>");
  gateway = await gatewayServing(dist);
  const answer = await fetch(`${gateway.origin}/`, { redirect: "manual" });
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe("/taskpane.html");
  const pane = await fetch(new URL(answer.headers.get("location")!, gateway.origin));
  expect(pane.status).toBe(200);
  expect(await pane.text()).toContain("<title>pane</title>");
  expect(pane.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
});

/** One directive of a Content Security Policy header, as its list of sources. */
const directive = (policy: string | null, name: string) =>
  (policy ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

test("with single sign-on, the pages may reach Entra's sign-in and frame the add-in's sign-in page; without, not", async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "ukgw-dist-"));
  writeFileSync(path.join(dist, "taskpane.html"), "<!doctype html><title>pane</title>");
  writeFileSync(path.join(dist, "sign-in.html"), "<!doctype html><title>sign-in</title>");
  const entraEnv = {
    ENTRA_JWKS_URL: "https://login.microsoftonline.com/tenant-1/discovery/v2.0/keys",
    ENTRA_ISSUER: "https://login.microsoftonline.com/tenant-1/v2.0",
    ENTRA_AUDIENCE: "6f1c2a3b-0000-4000-8000-000000000001",
    ENTRA_TENANTS: "tenant-1",
  };
  for (const [env, entra] of [
    [entraEnv, ["https://login.microsoftonline.com"]],
    [{}, []],
  ] as const) {
    gateway = await startGateway(
      configFromEnv({
        ...REQUIRED_ENV,
        ...env,
        GATEWAY_PORT: "0",
        DIST_DIR: dist,
        GATEWAY_KEYS_FILE: tempFile("keys.json"),
      }),
      { logStream },
    );
    for (const page of ["taskpane.html", "sign-in.html"]) {
      const policy = (await fetch(`${gateway.origin}/${page}`)).headers.get("content-security-policy");
      // MSAL's token request and silent frame (Excel on the web); the pane frames the sign-in page, which ends it.
      expect(directive(policy, "connect-src")).toEqual(["'self'", ...entra]);
      expect(directive(policy, "frame-src")).toEqual(expect.arrayContaining(["'self'", ...entra]));
      expect(directive(policy, "frame-src")).not.toContain("https:");
      expect(directive(policy, "frame-ancestors")).toEqual(expect.arrayContaining(["'self'", "https://*.office.com"]));
    }
    await gateway.close();
    gateway = undefined;
  }
});
