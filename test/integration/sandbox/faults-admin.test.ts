import type { RunningSandbox } from "../../../sandbox/sandbox";
import { call, getJson, postJson, testSandbox } from "./helpers";

/** Cross-cutting behaviour over real HTTP: CORS, admin patches and reset, injected faults. */

let sb: RunningSandbox;
let token: string;
const admin = (path: string, body: unknown) => postJson(`${sb.origin}/__admin${path}`, null, body);
const companies = (body: unknown) => postJson(`${sb.urls.product}/v2/companies`, token, body);

beforeAll(async () => {
  sb = await testSandbox({ rateLimits: { product: null, matching: null, classification: null, market: null } });
  token = sb.credentials.productToken;
}, 30_000);
afterAll(() => sb.close());
afterEach(() => admin("/reset", {}));

test("CORS: preflights are answered and responses echo the origin and expose Retry-After", async () => {
  const pre = await call(`${sb.urls.product}/v2/companies`, {
    method: "OPTIONS",
    headers: {
      Origin: "https://localhost:3000",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization,content-type",
    },
  });
  expect(pre.status).toBe(204);
  expect(pre.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
  expect(pre.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
  const r = await call(`${sb.urls.product}/v2/filters`, {
    headers: { Origin: "https://localhost:3000", Authorization: `Bearer ${token}` },
  });
  expect(r.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
  expect(r.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
});

test("an admin patch shows up in lists, CompanyChanges and matching; reset undoes it", async () => {
  const [c] = (await companies({ returnCount: 1, CompanyStatus: ["Active"] })).body.companies;
  const patched = await admin(`/companies/${c.CompanyNumber}`, {
    BestEstimateTurnover: 123_456_789,
    CompanyName: "ZEBRAFISH QUANTUM WIDGETS LIMITED",
  });
  expect(patched.status).toBe(200);
  const after = await companies({ CompanyNumbers: [c.CompanyNumber] });
  expect(after.body.companies[0]).toMatchObject({
    BestEstimateTurnover: 123_456_789,
    CompanyName: "ZEBRAFISH QUANTUM WIDGETS LIMITED",
  });
  expect(after.body.CompanyChanges.map((ch: { Field: string }) => ch.Field).sort()).toEqual([
    "BestEstimateTurnover",
    "CompanyName",
  ]);
  const m = await postJson(`${sb.urls.matching}/api/v1/match`, sb.credentials.matchingKey, {
    input_name: "Zebrafish Quantum Widgets Ltd",
  });
  expect(m.body.matched_company_number).toBe(c.CompanyNumber);
  const insights = await postJson(`${sb.urls.product}/v2/companies?insights=true`, token, {
    CompanyNumbers: [c.CompanyNumber],
  });
  expect(insights.body.insights.TurnoverBands.find((b: { Band: string }) => b.Band === "£50m and over").Count).toBe(1);
  await admin("/reset", {});
  const restored = await companies({ CompanyNumbers: [c.CompanyNumber] });
  expect(restored.body.companies[0].CompanyName).toBe(c.CompanyName);
  expect(restored.body.CompanyChanges).toEqual([]);
  expect((await admin("/companies/ZZ000000", { CompanyName: "X" })).status).toBe(404);
});

test("fault statuses use each service's own error body", async () => {
  await admin("/faults", { rate503: 1, services: ["product"] });
  const p = await companies({});
  expect(p.status).toBe(503);
  expect(p.body.message).toBeTruthy();
  await admin("/faults", { rate503: 0, rate429: 1, services: null });
  const q = await companies({});
  expect(q.status).toBe(429);
  expect(q.body).toEqual({ message: "Too Many Attempts." });
  expect(q.headers.get("retry-after")).toBeTruthy();
  await admin("/faults", { rate429: 0, rate500: 1, services: ["market"] });
  const mk = await postJson(`${sb.urls.market}/v1/us/companies`, sb.credentials.marketKey, {});
  expect(mk.status).toBe(500);
  expect(mk.text).toBe("");
});

test("malformed bodies are truncated JSON or JSON of the wrong shape", async () => {
  await admin("/faults", { malformedRate: 1, services: ["product"] });
  for (let k = 0; k < 6; k++) {
    const r = await getJson(`${sb.urls.product}/v2/filters`, token);
    expect(r.status).toBe(200);
    expect(r.body === undefined || r.body.Filters === undefined).toBe(true);
  }
});

test("held responses: late after timeoutMs, or never until the client gives up", async () => {
  await admin("/faults", { timeoutRate: 1, timeoutMs: 300, services: ["product"] });
  const started = Date.now();
  expect((await getJson(`${sb.urls.product}/v2/filters`, token)).status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  await admin("/faults", { timeoutMs: null });
  await expect(
    fetch(`${sb.urls.product}/v2/filters`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(300),
    }),
  ).rejects.toThrow();
});

test("added latency delays every request", async () => {
  await admin("/faults", { latencyMs: 150 });
  const started = Date.now();
  await getJson(`${sb.urls.product}/v2/filters`, token);
  expect(Date.now() - started).toBeGreaterThanOrEqual(140);
});

test("the same fault seed fails the same requests", async () => {
  const run = async () => {
    await admin("/faults", { rate500: 0.5, services: ["product"], seed: 99 });
    const statuses: number[] = [];
    for (let k = 0; k < 20; k++) statuses.push((await getJson(`${sb.urls.product}/v2/filters`, token)).status);
    return statuses;
  };
  const first = await run();
  expect(first).toContain(500);
  expect(first).toContain(200);
  expect(await run()).toEqual(first);
});

test("unknown paths outside the four services are 404; admin validates its input", async () => {
  expect((await getJson(`${sb.origin}/nowhere`, null)).status).toBe(404);
  expect((await admin("/faults", { rate500: 3 })).status).toBe(400);
  expect((await admin("/rate-limits", { product: -1 })).status).toBe(400);
});
