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
  expect(p.body).toEqual({ message: "Service Unavailable" });
  await admin("/faults", { rate503: 0, rate429: 1, services: null });
  const q = await companies({});
  expect(q.status).toBe(429);
  expect(q.body).toEqual({ message: "Too Many Attempts." });
  expect(Number(q.headers.get("retry-after"))).toBeGreaterThan(0);
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

test.each(["/reset", "/faults"])(
  "responses held until close are answered, and done with, before %s answers",
  async (path) => {
    await admin("/faults", { timeoutRate: 1, timeoutMs: null, services: ["product"] });
    const held = [1, 2, 3].map(() => getJson(`${sb.urls.product}/v2/filters`, token));
    // Let the three requests reach the sandbox and be held.
    await new Promise((resolve) => setTimeout(resolve, 200));
    let settled = 0;
    for (const request of held) void request.finally(() => (settled += 1));
    await admin(path, path === "/faults" ? { timeoutRate: 0 } : {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(3);
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200]);
  },
);

test("idle keep-alive connections are kept for longer than a client's pool keeps them", async () => {
  const r = await call(`${sb.urls.product}/v2/filters`, { headers: { Authorization: `Bearer ${token}` } });
  const timeout = Number(/timeout=(\d+)/.exec(r.headers.get("keep-alive") ?? "")?.[1]);
  expect(timeout).toBeGreaterThanOrEqual(60);
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

describe("transport faults, each at a rate of 1, on a company list", () => {
  const list = () =>
    fetch(`${sb.urls.product}/v2/companies`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ returnCount: 3 }),
    });

  test("rateCutBody: a 200 whose body ends cleanly halfway through the JSON", async () => {
    await admin("/faults", { rateCutBody: 1 });
    const r = await list();
    const text = await r.text();
    expect(r.status).toBe(200);
    expect(text.startsWith('{"companies":')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  test("rateHtml502: a proxy's HTML 502 page", async () => {
    await admin("/faults", { rateHtml502: 1 });
    const r = await list();
    expect(r.status).toBe(502);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await r.text()).toMatch(/<h1>502 Bad Gateway<\/h1>/);
  });

  test("rateReset: the connection is reset part-way through the body", async () => {
    await admin("/faults", { rateReset: 1 });
    await expect(list().then((r) => r.text())).rejects.toThrow();
  });

  test("rateDrip: the whole body arrives, in pieces", async () => {
    await admin("/faults", { rateDrip: 1 });
    const r = await list();
    expect((await r.json()).companies).toHaveLength(3);
  });

  test("rate429NoRetryAfter: a 429 without Retry-After", async () => {
    await admin("/faults", { rate429NoRetryAfter: 1 });
    const r = await list();
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBeNull();
  });

  test("about the configured share of requests is hit, and the sandbox keeps serving", async () => {
    await admin("/faults", { rateHtml502: 0.25, seed: 3 });
    const statuses = await Promise.all(Array.from({ length: 200 }, () => list().then((r) => r.status)));
    const hit = statuses.filter((s) => s === 502).length;
    expect(hit).toBeGreaterThan(25);
    expect(hit).toBeLessThan(75);
    expect(statuses.filter((s) => s === 200)).toHaveLength(200 - hit);
  });
});

describe("batch match job faults", () => {
  const submit = () =>
    postJson(`${sb.urls.matching}/api/v1/match/batch`, sb.credentials.matchingKey, {
      companies: Array.from({ length: 10 }, (_, i) => ({ input_name: `Name ${i}` })),
    });
  const statusOf = (id: string) => getJson(`${sb.urls.matching}/api/v1/match/batch/${id}`, sb.credentials.matchingKey);

  test.each([
    ["rateJobFail", "failed", 5],
    ["rateJobStuck", "running", 5],
  ])("%s: the job stops halfway and reads %s", async (setting, status, processed) => {
    await admin("/faults", { [setting]: 1 });
    const job = await submit();
    expect(job.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const seen = await statusOf(job.body.job_id);
    expect(seen.body).toMatchObject({ status, processed });
  });
});

describe("the product API states its quota in each form, counting down, and on the 429 too", () => {
  const headersOf = (a: { headers: Headers }) =>
    Object.fromEntries([...a.headers].filter(([name]) => /ratelimit/i.test(name) || name === "retry-after"));
  test.each<[string, (left: number) => Record<string, string>]>([
    ["x-ratelimit", (left) => ({ "x-ratelimit-limit": "3", "x-ratelimit-remaining": String(left) })],
    [
      "ratelimit-fields",
      (left) => ({
        "ratelimit-limit": "3",
        "ratelimit-remaining": String(left),
        "ratelimit-reset": "60",
        "ratelimit-policy": "3;w=60",
      }),
    ],
    [
      "ratelimit-structured",
      (left) => ({ "ratelimit-policy": '"per-token";q=3;w=60', ratelimit: `"per-token";r=${left};t=60` }),
    ],
    ["none", () => ({})],
  ])("%s", async (form, stated) => {
    await admin("/rate-limits", { product: 3 });
    expect((await admin("/quota-headers", { form })).status).toBe(200);
    for (const left of [2, 1, 0]) expect(headersOf(await companies({ returnCount: 1 }))).toEqual(stated(left));
    const refused = await companies({ returnCount: 1 });
    expect(refused.status).toBe(429);
    expect(headersOf(refused)).toEqual({ ...stated(0), "retry-after": "60" });
  });

  test("the headers are exposed to a page on another origin, and an unknown form is refused", async () => {
    const r = await call(`${sb.urls.product}/v2/filters`, {
      headers: { Origin: "https://localhost:3000", Authorization: `Bearer ${token}` },
    });
    for (const name of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "RateLimit", "RateLimit-Policy"])
      expect(r.headers.get("access-control-expose-headers")).toContain(name);
    expect((await admin("/quota-headers", { form: "loud" })).status).toBe(400);
  });
});
