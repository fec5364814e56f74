/**
 * The team gateway against the sandbox and a real redis-server: two replicas share one quota and
 * one cache; users sign in with gateway keys or Entra ID tokens; bad requests cost the upstreams
 * nothing; a Redis outage degrades to per-process limits and recovers; no credential leaks.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { configFromEnv, type GatewayConfigInput } from "../../gateway/config";
import { KeyStore } from "../../gateway/keys";
import { startGateway, type RunningGateway } from "../../gateway/server";
import { startSandbox, type RunningSandbox } from "../../sandbox/sandbox";
import {
  captureLogs,
  companyNumbers,
  configFor as baseConfig,
  freePort,
  METRICS_TOKEN,
  RedisServer,
  REQUIRED_ENV,
  tempFile,
  until,
  upstreamCounts,
} from "./support";

jest.setTimeout(60_000);

let redis: RedisServer;
const { lines: logLines, stream: logStream } = captureLogs();
const seen: string[] = [];

let sandbox: RunningSandbox;
let keys: KeyStore;
let a: RunningGateway;
let b: RunningGateway;
let alice: string;
let bob: string;
let numbers: string[];
let keysFile: string;

const configFor = (overrides: Partial<GatewayConfigInput> = {}) =>
  baseConfig(sandbox, keysFile, { redisUrl: redis.url, replicas: 2, ...overrides });

async function ask(gateway: RunningGateway, key: string | undefined, route: string, body?: unknown, headers = {}) {
  const response = await fetch(`${gateway.origin}${route}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  seen.push(text, JSON.stringify([...response.headers]));
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const sent = (g: RunningGateway) => g.metrics.sent.product ?? 0;

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 2000,
    seed: 3,
    rateLimits: { product: null, matching: null, classification: null, market: null },
  });
  redis = new RedisServer(await freePort());
  await redis.start();
  keysFile = tempFile("keys.json");
  keys = new KeyStore(keysFile);
  alice = keys.add("alice");
  bob = keys.add("bob");
  a = await startGateway(configFor(), { logStream });
  b = await startGateway(configFor(), { logStream });
  numbers = await companyNumbers(sandbox, 40);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis.stop();
  await sandbox?.close();
});

test("keys are stored hashed, listed by name, and a revoked key stops working at once", async () => {
  expect(JSON.stringify(keys.list())).not.toContain(alice);
  expect(keys.list().map((k) => k.name)).toEqual(["alice", "bob"]);
  const carol = keys.add("carol");
  expect((await ask(a, carol, "/api/product/v2/filters")).status).toBe(200);
  keys.revoke("carol");
  const before = sent(a);
  const refused = await ask(a, carol, "/api/product/v2/filters");
  expect({ status: refused.status, error: refused.json().error }).toEqual({ status: 401, error: "unknown-key" });
  expect(sent(a) - before).toBe(0);
});

test("a company fetched through one replica is answered by the other from the shared cache, with 0 upstream requests", async () => {
  const asked = numbers.slice(0, 20);
  const first = await ask(a, alice, "/api/product/v2/companies", { CompanyNumbers: asked, returnCount: 20 });
  expect(first.json().companies.map((c: { CompanyNumber: string }) => c.CompanyNumber)).toEqual(asked);
  const before = sent(b);
  const second = await ask(b, bob, "/api/product/v2/companies", { CompanyNumbers: asked, returnCount: 20 });
  expect(second.json().companies).toEqual(first.json().companies);
  expect(sent(b) - before).toBe(0);
  // A refresh from the add-in bypasses the cache: it asks the service again.
  await ask(b, bob, "/api/product/v2/companies", { CompanyNumbers: asked }, { "x-ukco-refresh": "1" });
  expect(sent(b) - before).toBe(1);
});

test("mixed hits and misses: only the misses go upstream, and the records come back in the asked order", async () => {
  const asked = [numbers[25]!, numbers[0]!, numbers[26]!];
  const before = sent(a);
  const answer = await ask(a, alice, "/api/product/v2/companies", { CompanyNumbers: asked });
  expect(answer.json().companies.map((c: { CompanyNumber: string }) => c.CompanyNumber)).toEqual(asked);
  expect(sent(a) - before).toBe(1);
  const audit = logLines.map((l) => JSON.parse(l)).filter((l) => l.audit && l.numbers === 2);
  expect(audit.length).toBeGreaterThan(0);
});

test("two replicas share one quota: 24 requests at 12 per 2 s take two windows, and none is refused", async () => {
  const started = Date.now();
  const requests = Array.from({ length: 24 }, (_, i) =>
    ask(i % 2 ? a : b, i % 2 ? alice : bob, `/api/product/v2/search/aheadFull/${String(i).padStart(2, "0")}`),
  );
  const answers = await Promise.all(requests);
  expect(answers.map((r) => r.status)).toEqual(Array(24).fill(200));
  expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
});

test("fair shares: one user's long queue does not starve another's few requests", async () => {
  const order: string[] = [];
  const long = Array.from({ length: 30 }, (_, i) =>
    ask(a, alice, `/api/product/v2/search/aheadFull/1${String(i).padStart(2, "0")}`).then(() => order.push("alice")),
  );
  // Alice's line has formed (a window's worth sent, the rest waiting) before Bob asks.
  await until("alice's requests waiting", async () => a.metrics.queueDepth("product") >= 10);
  const few = Array.from({ length: 3 }, (_, i) =>
    ask(a, bob, `/api/product/v2/search/aheadFull/9${i}`).then(() => order.push("bob")),
  );
  await Promise.all([...long, ...few]);
  const lastBob = order.lastIndexOf("bob");
  expect(lastBob).toBeLessThan(20);
});

test("bad requests get a clear JSON error and cost the upstreams nothing", async () => {
  const before = sent(a);
  const cases = [
    [await ask(a, undefined, "/api/product/v2/filters"), 401, "missing"],
    [await ask(a, "ukgw_not-a-key", "/api/product/v2/filters"), 401, "unknown-key"],
    [await ask(a, "eyJhbGciOi.nope.nope", "/api/product/v2/filters"), 401, "no-sso"],
    [await ask(a, alice, "/api/nothing/v2/filters"), 404, "not-found"],
    [await ask(a, alice, "/elsewhere"), 404, "not-found"],
    [await ask(a, alice, "/api/product/v2/companies", "x".repeat(70 * 1024)), 413, "body-too-large"],
  ] as const;
  for (const [answer, status, error] of cases) {
    expect({ status: answer.status, error: answer.json().error }).toEqual({ status, error });
    expect(answer.headers.get("content-type")).toMatch(/application\/json/);
  }
  expect(sent(a) - before).toBe(0);
});

test("Entra ID tokens: verified against the tenant's JWKS for issuer, audience, expiry and tenant", async () => {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const jwks: Server = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const issuer = "https://login.microsoftonline.com/tenant-a/v2.0";
  const sso = await startGateway(
    configFor({
      redisUrl: undefined,
      entra: {
        jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/keys`,
        issuer,
        audience: "api://ukco-gateway",
        tenants: ["tenant-a"],
      },
    }),
    { logStream },
  );
  const token = (claims: Record<string, unknown>, expires = "10m", audience = "api://ukco-gateway") =>
    new SignJWT({ tid: "tenant-a", oid: "0000-ana", preferred_username: "ana@example.org", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "test-key" })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(privateKey);
  try {
    expect((await ask(sso, await token({}), "/api/product/v2/filters")).status).toBe(200);
    // Within the 60 s of clock tolerance, an expired token still counts.
    expect((await ask(sso, await token({}, "-30s"), "/api/product/v2/filters")).status).toBe(200);
    expect(logLines.some((l) => l.includes('"user":"sso:tenant-a:0000-ana"'))).toBe(true);
    const noExpiry = await new SignJWT({ tid: "tenant-a", oid: "0000-ana" })
      .setProtectedHeader({ alg: "RS256", kid: "test-key" })
      .setIssuer(issuer)
      .setAudience("api://ukco-gateway")
      .sign(privateKey);
    const refused = [
      [await token({}, "-2m"), "bad-token"],
      [noExpiry, "bad-token"],
      [await token({ oid: undefined }), "bad-token"],
      [await token({}, "10m", "api://someone-else"), "bad-token"],
      [await token({ tid: "tenant-b" }), "wrong-tenant"],
    ] as const;
    for (const [bad, error] of refused) {
      const answer = await ask(sso, bad, "/api/product/v2/filters");
      expect({ status: answer.status, error: answer.json().error }).toEqual({ status: 401, error });
    }
    // Only the good tokens reached the service.
    expect(sso.metrics.sent.product).toBe(2);
  } finally {
    await sso.close();
    jwks.close();
  }
});

test("a Redis outage: the gateway keeps serving with per-process limits, says so, and returns to shared mode", async () => {
  await redis.stop();
  await until(
    "the gateway seeing Redis gone",
    async () => (await ask(a, undefined, "/readyz")).json().redis === "down",
  );
  const during = await ask(a, alice, "/api/product/v2/companies", { CompanyNumbers: numbers.slice(30, 33) });
  expect(during.status).toBe(200);
  expect(during.json().companies).toHaveLength(3);
  expect((await ask(a, undefined, "/readyz")).json()).toMatchObject({ status: "degraded", redis: "down" });
  expect(logLines.some((l) => l.includes("Redis is unreachable"))).toBe(true);
  await redis.start();
  await until("the gateway sharing again", async () => (await ask(a, undefined, "/readyz")).json().redis === "ok");
  expect((await ask(a, undefined, "/readyz")).json()).toMatchObject({ status: "ready", redis: "ok" });
  expect(logLines.some((l) => l.includes("Redis is back"))).toBe(true);
});

test("a Redis that stops answering with its connections open holds no request: the gateway serves alone, says so, and shares again when it answers", async () => {
  const shared = async () =>
    (await Promise.all([a, b].map((g) => ask(g, undefined, "/readyz")))).every((r) => r.json().redis === "ok");
  expect(await shared()).toBe(true);
  const said = (words: string) => logLines.filter((l) => l.includes(words)).length;
  const [unreachable, back] = [said("Redis is unreachable"), said("Redis is back")];
  redis.freeze();
  try {
    // Before, each of these waited for ever on a reply that never came. The bound only ends the test.
    const asked = [numbers.slice(33, 35), numbers.slice(35, 37)].map((n) =>
      fetch(`${a.origin}/api/product/v2/companies`, {
        method: "POST",
        headers: { authorization: `Bearer ${alice}`, "content-type": "application/json" },
        body: JSON.stringify({ CompanyNumbers: n }),
        signal: AbortSignal.timeout(20_000),
      }).then(async (r) => ({
        status: r.status,
        companies: ((await r.json()) as { companies: unknown[] }).companies.length,
      })),
    );
    expect(await Promise.all(asked)).toEqual([
      { status: 200, companies: 2 },
      { status: 200, companies: 2 },
    ]);
    expect((await ask(a, undefined, "/readyz")).json()).toMatchObject({ status: "degraded", redis: "down" });
  } finally {
    redis.thaw();
  }
  await until("the gateway sharing again", shared);
  // Each replica says so once each way.
  expect([said("Redis is unreachable") - unreachable, said("Redis is back") - back]).toEqual([2, 2]);
});

test("no credential appears in any response, log line or metric", async () => {
  const metrics = await ask(a, METRICS_TOKEN, "/metrics");
  expect(metrics.text).toMatch(/ukgw_upstream_requests_total\{service="product",status="200"\}/);
  const c = sandbox.credentials;
  const secrets = [c.productToken, c.matchingKey, c.marketKey, c.classificationPassword, alice, bob];
  const everything = [...seen, ...logLines, metrics.text].join("\n");
  for (const secret of secrets)
    expect({ secret, leaked: everything.includes(secret) }).toEqual({ secret, leaked: false });
});

test("classification: one login, renewed at most once per token after a 401, each login under the quota and audited", async () => {
  const classify = () =>
    ask(a, alice, "/api/classification/api/v1/instantClassification", { Text: "cyber security software" });
  const logins = () => logLines.filter((l) => l.includes('"operation":"login"')).length;
  const counted = async () => (await upstreamCounts(sandbox)).byTarget.classification ?? 0;
  const [loginsBefore, sentBefore] = [logins(), await counted()];
  expect((await classify()).status).toBe(200);
  expect((await counted()) - sentBefore).toBeLessThanOrEqual(2);
  // The token expires (the sandbox's clock moves on): five asks at once, one new login between them.
  await fetch(`${sandbox.origin}/__admin/clock`, {
    method: "POST",
    body: JSON.stringify({ advanceMs: 9 * 24 * 3600_000 }),
  });
  const [loginsMid, sentMid] = [logins(), await counted()];
  const statuses = await Promise.all(Array.from({ length: 5 }, () => classify().then((r) => r.status)));
  await fetch(`${sandbox.origin}/__admin/clock`, { method: "POST", body: JSON.stringify({ offsetMs: 0 }) });
  expect(statuses).toEqual(Array(5).fill(200));
  expect(logins() - loginsMid).toBe(1);
  // Each ask sent at most twice (once with the stale token), plus the one login.
  expect((await counted()) - sentMid).toBeLessThanOrEqual(11);
  expect(logins() - loginsBefore).toBeLessThanOrEqual(2);
});

test.each([
  ["a JWKS over plain http to another host", { ENTRA_JWKS_URL: "http://login.example.org/keys" }],
  ["a tenant list of blanks", { ENTRA_TENANTS: " , " }],
  ["a tenant with a space", { ENTRA_TENANTS: "tenant a" }],
])("Entra configuration refused: %s", (_name, env) => {
  const base = {
    ...REQUIRED_ENV,
    ENTRA_JWKS_URL: "https://login.example.org/keys",
    ENTRA_ISSUER: "https://login.example.org/tenant-a/v2.0",
    ENTRA_AUDIENCE: "api://ukco-gateway",
    ENTRA_TENANTS: "tenant-a",
  };
  expect(() => configFromEnv(base)).not.toThrow();
  expect(() => configFromEnv({ ...base, ...env })).toThrow();
});
