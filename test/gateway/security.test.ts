/**
 * The gateway as a hostile key holder would try it: a table of requests, each checked for the
 * gateway's status and for how many requests reached the services, as the services counted them
 * (the sandbox's own counters; a fake service for the answers the sandbox never gives). Then every
 * answer, log line and metric is scanned for credential bytes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { KeyStore } from "../../gateway/keys";
import { startGateway, type RunningGateway } from "../../gateway/server";
import { startSandbox, type RunningSandbox } from "../../sandbox/sandbox";
import {
  captureLogs,
  configFor,
  freePort,
  METRICS_TOKEN,
  rawRequest,
  RedisServer,
  tempFile,
  upstreamCounts,
  type HostileRow,
  type RawAnswer,
} from "./support";

jest.setTimeout(120_000);

const { lines: logLines, stream: logStream } = captureLogs();
const answers: string[] = [];
let sandbox: RunningSandbox;
let redis: RedisServer;
let full: RunningGateway;
let basic: RunningGateway;
let odd: RunningGateway;
let fake: Server;
let trap: Server;
let trapHits = 0;
let fakeHits = 0;
let alice: string;
let bob: string;
let numbers: string[];
let jobId: string;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A market service gone wrong: a redirect, an HTML page, an error echoing the credential, a cut body. */
function fakeMarket(trapOrigin: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    fakeHits += 1;
    const path = req.url ?? "";
    if (path.endsWith("/de/filters")) return void res.writeHead(302, { location: `${trapOrigin}/steal` }).end();
    if (path.endsWith("/fr/filters"))
      return void res.writeHead(200, { "content-type": "text/html" }).end("<html><script>alert(1)</script></html>");
    if (path.endsWith("/us/filters"))
      return void res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ message: `Bad request; you sent ${req.headers.authorization}` }));
    res.writeHead(200, { "content-type": "application/json" }).end('{"Filters": [1, 2');
  };
}

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 2000,
    seed: 5,
    rateLimits: { product: null, matching: null, classification: null, market: null },
    matchLatencyMs: [0, 0],
  });
  redis = new RedisServer(await freePort());
  await redis.start();
  const keysFile = tempFile("keys.json");
  const keys = new KeyStore(keysFile);
  alice = keys.add("alice");
  bob = keys.add("bob");
  const limits = { product: 200, matching: 200, classification: 5, market: 200 };
  const front = { headersTimeoutMs: 1000, requestTimeoutMs: 1500, bodyLimitBytes: 1024 * 1024, limits };
  full = await startGateway(configFor(sandbox, keysFile, { redisUrl: redis.url, ...front }), { logStream });
  const c = sandbox.credentials;
  basic = await startGateway(
    configFor(sandbox, keysFile, {
      redisUrl: redis.url,
      ...front,
      credentials: {
        productToken: c.productTokenBasic,
        matchingKey: c.matchingKey,
        marketKey: c.marketKey,
        classificationUsername: c.classificationUsername,
        classificationPassword: c.classificationPassword,
      },
    }),
    { logStream },
  );
  trap = createServer((_req, res) => {
    trapHits += 1;
    res.end("{}");
  });
  fake = createServer(fakeMarket(await listen(trap)));
  const fakeOrigin = await listen(fake);
  odd = await startGateway(
    configFor(sandbox, keysFile, { ...front, upstreams: { ...sandbox.urls, market: fakeOrigin } }),
    { logStream },
  );
  const page = await fetch(`${sandbox.urls.product}/v2/companies`, {
    method: "POST",
    headers: { authorization: `Bearer ${c.productToken}`, "content-type": "application/json" },
    body: JSON.stringify({ returnCount: 30, ReturnCompanyIDsOnly: true }),
  });
  numbers = ((await page.json()) as { companies: string[] }).companies;
  // A change the service reports in `CompanyChanges` to a token with that scope.
  await fetch(`${sandbox.origin}/__admin/companies/${numbers[0]}`, {
    method: "POST",
    body: JSON.stringify({ CompanyName: "ALICE'S SECRET RENAME LIMITED" }),
  });
});

afterAll(async () => {
  await Promise.all([full?.close(), basic?.close(), odd?.close()]);
  fake?.close();
  trap?.close();
  await redis?.stop();
  await sandbox?.close();
});

const json = { "content-type": "application/json" };
const as = (key: string, headers: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...headers });

async function send(
  gateway: RunningGateway,
  method: string,
  target: string,
  key: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const answer = await rawRequest(gateway.origin, method, target, {
    headers: { ...(key ? as(key) : {}), ...(text !== undefined ? json : {}), ...headers },
    ...(text !== undefined ? { body: text } : {}),
  });
  answers.push(answer.text, JSON.stringify(answer.headers));
  return answer;
}

/** Request headers begun and never finished: what the gateway does with the connection. */
function slowHeaders(origin: string): Promise<RawAnswer> {
  const { port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(`GET /api/product/v2/filters HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${alice}\r\n`);
    });
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString()));
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), headers: {}, text }));
  });
}

/** Companies by number, asking for some fields only. */
const companiesWithFields = (gateway: RunningGateway, key: string, asked: string[], fields: string) =>
  send(gateway, "POST", "/api/product/v2/companies", key, { CompanyNumbers: asked }, { "x-ukco-fields": fields });

type Row = HostileRow;

const get = (target: string, status: number, name = target): Row => ({
  name,
  send: () => send(full, "GET", target, alice),
  status,
});
const method = (verb: string, target: string, status: number): Row => ({
  name: `${verb} ${target}`,
  send: () => send(full, verb, target, alice, verb === "GET" || verb === "HEAD" ? undefined : {}),
  status,
});

const rows = (): Row[] => [
  // Dot segments, backslashes, encoded slashes: escaping the service's prefix.
  get("/api/product/../../__admin", 400),
  get("/api/product/../../__admin/reset", 400),
  get("/api/product/%2e%2e/%2e%2e/__admin", 400),
  get("/api/product/.%2e/.%2e/__admin/faults", 400),
  get("/api/product/%2E%2E/%2E%2E/__admin", 400),
  get("/api/product/..\\..\\__admin", 400),
  get("/api/product/%5c..%5c..%5c__admin", 400),
  get("/api/product/v2/../../../x", 400),
  get("/api/product/./v2/filters", 400),
  get("/api/product/v2/search/aheadFull/..%2f..%2f..%2f__admin", 400),
  get("/api/product/v2/search/aheadFull/%2e%2e", 400),
  get("/api/product/v2/search/aheadFull/a%2fb", 400),
  get("/api/product/v2/companies/%2F..%2F__admin/group-structure", 400),
  get("/api/market/../../product/api/v2/filters", 400),
  get("/api/market/v1/..%2f..%2fproduct%2fapi/filters", 400),
  get("/api/product/v2/explore/%ZZ", 400),
  // Encoded service names and paths that only look like the table's.
  get("/api/marke%74/v1/de/filters", 404),
  get("/api/%70roduct/v2/filters", 404),
  get("/%61pi/product/v2/filters", 404),
  get("/API/product/v2/filters", 404),
  get("/api/product//v2/filters", 404),
  get("/api/product/v2/filters%00", 404),
  get("/api/product/v2/secret", 404),
  get("/api/product", 404),
  get("/api/product/__stats", 404),
  get("/api/nothing/v2/filters", 404),
  get("/api/product/v2/filters?debug=1", 400),
  // Absolute-form targets: the upstream host is never the request's to choose.
  get(`http://127.0.0.1:${new URL(sandbox.origin).port}/api/market/v1/de/filters`, 400, "absolute-form, sandbox port"),
  get("http://evil.example/api/product/v2/filters", 400, "absolute-form, another host"),
  // Only the table's methods.
  method("DELETE", "/api/product/v2/filters", 405),
  method("PUT", "/api/product/v2/companies", 405),
  method("PATCH", "/api/matching/api/v1/match", 405),
  method("OPTIONS", "/api/product/v2/filters", 405),
  method("HEAD", "/api/product/v2/filters", 405),
  method("GET", "/api/product/v2/companies", 405),
  method("POST", "/api/classification/api/v1/login/access-token", 404),
  // Sign-in before anything else.
  { name: "no key", send: () => send(full, "GET", "/api/product/v2/filters", undefined), status: 401 },
  { name: "unknown key", send: () => send(full, "GET", "/api/product/v2/filters", "ukgw_nope"), status: 401 },
  {
    name: "a JWT without SSO",
    send: () => send(full, "GET", "/api/product/v2/filters", "eyJhbGciOiJub25lIn0.e30."),
    status: 401,
  },
  {
    name: "unauthenticated 9.5 MB upload: refused before the body is read",
    send: () =>
      rawRequest(full.origin, "POST", "/api/product/v2/companies", {
        headers: { ...json, "content-length": String(9.5 * 1024 * 1024) },
        body: "x".repeat(1024),
        partial: true,
      }),
    status: 401,
  },
  // Bodies and sizes.
  {
    name: "1,000,000 numbers",
    send: () =>
      send(full, "POST", "/api/product/v2/companies", alice, {
        CompanyNumbers: Array.from({ length: 1_000_000 }, (_, i) => String(i).padStart(8, "0")),
      }),
    status: 413,
  },
  {
    name: "50,001 numbers (past the contract's inline bound)",
    send: () =>
      send(full, "POST", "/api/product/v2/companies/number-sets", alice, {
        CompanyNumbers: Array.from({ length: 50_001 }, (_, i) => String(i)),
      }),
    status: 400,
  },
  {
    name: "an oversized body",
    send: () => send(full, "POST", "/api/matching/api/v1/match", alice, { input_name: "x".repeat(2 * 1024 * 1024) }),
    status: 413,
  },
  {
    name: "a body one byte every 300 ms",
    send: () =>
      rawRequest(full.origin, "POST", "/api/matching/api/v1/match", {
        headers: { ...as(alice), ...json },
        body: JSON.stringify({ input_name: "SLOW SENDER LIMITED" }),
        dripMs: 300,
      }),
    status: 408,
  },
  { name: "headers never finished", send: () => slowHeaders(full.origin), status: 408 },
  {
    name: "a body that is not JSON",
    send: () => send(full, "POST", "/api/product/v2/companies", alice, "{nope"),
    status: 400,
  },
  // One user's answers are not another's.
  {
    name: "a second user reading the first's batch job",
    send: () => send(full, "GET", `/api/matching/api/v1/match/batch/${jobId}`, bob),
    status: 404,
  },
  {
    name: "a second user reading the first's batch results",
    send: () => send(full, "GET", `/api/matching/api/v1/match/batch/${jobId}/results`, bob),
    status: 404,
  },
  {
    name: "a second user asking the first's match: cached, without the first's id",
    send: () => send(full, "POST", "/api/matching/api/v1/match", bob, { input_name: "Harbour Lane Widgets Ltd" }),
    status: 200,
    check: (a) => {
      expect(a.text).not.toContain("alice-row-7");
      expect(JSON.parse(a.text)).toMatchObject({ input_name: "Harbour Lane Widgets Ltd" });
    },
  },
  {
    name: "a second user asking the bare name the first asked with an unknown field: asked afresh, nothing echoed",
    send: () => send(full, "POST", "/api/matching/api/v1/match", bob, { input_name: "Quayside Paper Ltd" }),
    status: 200,
    upstream: 1,
    check: (a) => expect(a.text).not.toContain("alice-private-hint"),
  },
  {
    name: "a second user's list, partly cached by the first: no aggregates of the first's request",
    send: () =>
      send(full, "POST", "/api/product/v2/companies", bob, {
        CompanyNumbers: [numbers[0]!, numbers[1]!, numbers[25]!],
      }),
    status: 200,
    upstream: 1,
    check: (a) => {
      expect(a.text).not.toContain("CompanyChanges");
      expect(a.headers["x-ukco-left-out"]).toBe("aggregates");
      expect(a.headers["x-ukco-scopes"]).toContain("companies:changes");
    },
  },
  {
    name: "a basic-scope credential asking companies a full-scope one cached",
    send: () => send(basic, "POST", "/api/product/v2/companies", bob, { CompanyNumbers: numbers.slice(0, 10) }),
    status: 200,
    upstream: 1,
    check: (a) => {
      expect(a.text).not.toMatch(/JobPostings|CompanyChanges/);
      expect(a.headers["x-ukco-scopes"]).toBe("companies:read");
    },
  },
  // Asking for some fields only: a malformed ask is refused before any service is asked.
  ...(
    [
      ["257 field names", Array.from({ length: 257 }, (_, i) => `Field${i}`).join(",")],
      ["a 65-character field name", "F".repeat(65)],
      ["an empty list", ""],
      ["an empty name between commas", "CompanyName,,SICs"],
      ["a field path, not a field", "CompanyFinancials_Vendor[0].TURNOVER"],
      ["a dot segment", "../CompanyName"],
      ["a space inside a name", "Company Name"],
      ["a quote, to break out of a JSON key", 'CompanyName"'],
      ["a name past ASCII", "CompanyN\u00e4me"],
    ] as const
  ).map(([what, fields]): Row => ({
    name: `x-ukco-fields: ${what}`,
    send: () => companiesWithFields(full, alice, numbers.slice(26, 28), fields),
    status: 400,
  })),
  {
    name: "x-ukco-fields: a name the record lacks keeps only the number; the whole record is still cached",
    send: () => companiesWithFields(full, alice, numbers.slice(26, 28), "NotAField"),
    status: 200,
    upstream: 1,
    check: (a) => {
      const body = JSON.parse(a.text) as { companies: Record<string, unknown>[] };
      expect(body.companies.map((c) => Object.keys(c))).toEqual([["CompanyNumber"], ["CompanyNumber"]]);
      expect(a.headers["x-ukco-fields"]).toBe("CompanyNumber,NotAField");
    },
  },
  {
    name: "x-ukco-fields: a basic-scope credential asking for job postings another credential's records hold",
    send: () => companiesWithFields(basic, bob, numbers.slice(0, 10), "CompanyName,CompanyJobPostings"),
    status: 200,
    check: (a) => {
      expect(a.text).not.toMatch(/JobPostings|CompanyChanges/);
      expect(a.headers["x-ukco-fields"]).toBe("CompanyJobPostings,CompanyName,CompanyNumber");
    },
  },
  // What comes back from a service gone wrong is not passed on.
  // (Each reaches the broken service once, as it should; the redirect's target is never asked.)
  {
    name: "a redirecting upstream",
    send: () => send(odd, "GET", "/api/market/v1/de/filters", alice),
    status: 502,
    upstream: 1,
  },
  {
    name: "an HTML upstream",
    send: () => send(odd, "GET", "/api/market/v1/fr/filters", alice),
    status: 502,
    upstream: 1,
  },
  {
    name: "an upstream echoing the credential in its error",
    send: () => send(odd, "GET", "/api/market/v1/us/filters", alice),
    status: 400,
    upstream: 1,
    check: (a) =>
      expect(JSON.parse(a.text)).toMatchObject({ error: "upstream-error", service: "market", serviceStatus: 400 }),
  },
  {
    name: "a cut JSON body",
    send: () => send(odd, "GET", "/api/market/v1/ie/filters", alice),
    status: 502,
    upstream: 1,
  },
  // And a plain request still works, counted once by the service.
  {
    name: "a request the table holds",
    send: () => send(full, "GET", "/api/product/v2/filters", alice),
    status: 200,
    upstream: 1,
  },
];

test("hostile requests: each refused with its status, and the services count only what the row allows", async () => {
  // The first user's own requests, which the rows then try to reach as someone else.
  const submitted = await send(full, "POST", "/api/matching/api/v1/match/batch", alice, {
    companies: [{ input_name: "Harbour Lane Widgets Ltd" }],
  });
  jobId = JSON.parse(submitted.text).job_id;
  expect((await send(full, "GET", `/api/matching/api/v1/match/batch/${jobId}`, alice)).status).toBe(200);
  await send(full, "POST", "/api/matching/api/v1/match", alice, {
    input_name: "Harbour Lane Widgets Ltd",
    id: "alice-row-7",
  });
  await send(full, "POST", "/api/matching/api/v1/match", alice, {
    input_name: "Quayside Paper Ltd",
    alice_hint: "alice-private-hint",
  });
  const whole = await send(full, "POST", "/api/product/v2/companies", alice, { CompanyNumbers: numbers.slice(0, 10) });
  expect(whole.text).toContain("ALICE'S SECRET RENAME LIMITED");
  expect(whole.text).toContain("CompanyChanges");

  const table = rows();
  expect(table.length).toBeGreaterThanOrEqual(40);
  const results = [];
  for (const row of table) {
    const before = await upstreamCounts(sandbox);
    const fakeBefore = fakeHits;
    const answer = await row.send();
    const after = await upstreamCounts(sandbox);
    row.check?.(answer);
    const upstream = after.total - before.total + (fakeHits - fakeBefore);
    const expectedUpstream = row.upstream ?? 0;
    results.push({
      name: row.name,
      status: answer.status,
      upstream,
      json: /json/.test(String(answer.headers["content-type"] ?? "json")),
    });
    expect({ name: row.name, status: answer.status, upstream }).toEqual({
      name: row.name,
      status: row.status,
      upstream: expectedUpstream,
    });
  }
  expect(trapHits).toBe(0);
  expect(results.filter((r) => !r.json).map((r) => r.name)).toEqual([]);
});

test("no credential byte in any answer, log line or metric", async () => {
  const metrics = await fetch(`${full.origin}/metrics`, { headers: as(METRICS_TOKEN) });
  const text = await metrics.text();
  expect(text).toMatch(/ukgw_upstream_requests_total/);
  const c = sandbox.credentials;
  const secrets = [
    c.productToken,
    c.productTokenBasic,
    c.matchingKey,
    c.marketKey,
    c.classificationPassword,
    alice,
    bob,
  ];
  const everything = [...answers, ...logLines, text].join("\n");
  expect(answers.length).toBeGreaterThan(80);
  for (const secret of secrets)
    expect({ secret, leaked: everything.includes(secret) }).toEqual({ secret, leaked: false });
});

test("/metrics and /readyz: metrics only with the metrics token; readiness answers from a recent probe", async () => {
  expect((await fetch(`${full.origin}/metrics`)).status).toBe(401);
  expect((await fetch(`${full.origin}/metrics`, { headers: as(alice) })).status).toBe(401);
  const before = await upstreamCounts(sandbox);
  const ready = await Promise.all(Array.from({ length: 20 }, () => fetch(`${full.origin}/readyz`)));
  expect(ready.map((r) => r.status)).toEqual(Array(20).fill(200));
  const after = await upstreamCounts(sandbox);
  // One probe (4 services) at most for twenty asks.
  expect(after.total - before.total).toBeLessThanOrEqual(4);
  expect(logLines.some((l) => l.includes('"operation":"probe"'))).toBe(true);
});
