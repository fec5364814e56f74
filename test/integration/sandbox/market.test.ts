import type { RunningSandbox } from "../../../sandbox/sandbox";
import { call, getJson, postJson, testSandbox } from "./helpers";

/** The multi-market service over real HTTP: lists, paging, filters, search, batch, and both error kinds. */

let sb: RunningSandbox;
let key: string;
const url = (path: string) => `${sb.urls.market}${path}`;

beforeAll(async () => {
  sb = await testSandbox({ rateLimits: { product: 200, matching: 120, classification: 5, market: 1000 } });
  key = sb.credentials.marketKey;
}, 30_000);
afterAll(() => sb.close());

const list = (market: string, body: unknown) => postJson(url(`/v1/${market}/companies`), key, body);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expectGatewayError(r: { status: number; headers: Headers; body: any }, status: number) {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(r.body).toMatchObject({
    status,
    title: expect.any(String),
    trace: {
      timestamp: expect.any(String),
      requestId: expect.any(String),
      buildId: expect.any(String),
      rayId: expect.any(String),
    },
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expectDataError(r: { status: number; headers: Headers; body: any }, status: number) {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  expect(r.body.trace).toBeUndefined();
}

describe("POST /v1/{market}/companies", () => {
  test("pages by Limit and Offset until TotalCount, each market with its own numbers and codes", async () => {
    const patterns: Record<string, RegExp> = {
      us: /^\d{2}-\d{7}$/,
      fr: /^\d{9}$/,
      de: /^HR[AB] \d{5}$/,
      ie: /^\d{6}$/,
    };
    const codes: Record<string, RegExp> = {
      us: /^\d{6}$/,
      fr: /^\d{2}\.\d{2}[A-Z]$/,
      de: /^\d{2}\.\d{2}$/,
      ie: /^\d{2}\.\d{2}$/,
    };
    for (const market of ["us", "fr", "de", "ie"]) {
      const seen = new Set<string>();
      let total = Infinity;
      for (let offset = 0; seen.size < total; offset += 250) {
        const r = await list(market, { Limit: 250, Offset: offset });
        expect(r.status).toBe(200);
        total = r.body.TotalCount;
        for (const c of r.body.Companies) {
          expect(c.CompanyNumber).toMatch(patterns[market]!);
          expect(c.PrimaryCode).toMatch(codes[market]!);
          expect(c.Market).toBe(market);
          seen.add(c.CompanyNumber);
        }
        if (r.body.Companies.length < 250) break;
      }
      expect(seen.size).toBe(600);
    }
  });

  test("default Limit is 100; IncludeTotalCount false omits TotalCount; IncludeInsights false gives {}", async () => {
    const r = await list("us", {});
    expect(r.body.Companies).toHaveLength(100);
    expect(r.body.Insights.ByCode.length).toBeGreaterThan(0);
    const lean = await list("us", { IncludeTotalCount: false, IncludeInsights: false, Limit: 5 });
    expect(lean.body.TotalCount).toBeUndefined();
    expect(lean.body.Insights).toEqual({});
  });

  test("filters by the market's codes and regions; unknown values or keys give an empty 200", async () => {
    const filters = await getJson(url("/v1/de/filters"), key);
    const codes = filters.body.Filters.find((f: { Field: string }) => f.Field === "NAICS").Values;
    const any = await list("de", { Limit: 1000 });
    const code = any.body.Companies[0].PrimaryCode;
    expect(codes.map((c: { Code: string }) => c.Code)).toContain(code);
    const byCode = await list("de", { NAICS: [code], Locations: [any.body.Companies[0].Region], Limit: 1000 });
    expect(byCode.body.TotalCount).toBeGreaterThan(0);
    for (const c of byCode.body.Companies) expect(c.NAICS).toContain(code);
    for (const body of [{ NAICS: ["99.99"] }, { Locations: ["CA"] }, { Counties: ["X"] }]) {
      const r = await list("de", body);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ Companies: [], TotalCount: 0 });
    }
  });

  test("data-side errors are plain JSON without trace: 400 bad JSON or types, 422 exclusive filters", async () => {
    expectDataError(await list("fr", "{oops"), 400);
    expectDataError(await list("fr", { Limit: "ten" }), 400);
    expectDataError(await list("fr", { Limit: 1001 }), 400);
    expectDataError(await list("fr", { MinEmployees: 50, MaxEmployees: 10 }), 422);
  });
});

describe("other operations", () => {
  test("one company, batch in order with nulls, and search best first", async () => {
    const [a, b] = (await list("ie", { Limit: 2 })).body.Companies;
    const one = await getJson(url(`/v1/ie/companies/${encodeURIComponent(a.CompanyNumber)}`), key);
    expect(one.body).toEqual(a);
    expectDataError(await getJson(url("/v1/ie/companies/000000"), key), 404);
    const batch = await postJson(url("/v1/ie/companies/batch"), key, {
      CompanyNumbers: [b.CompanyNumber, "000000", a.CompanyNumber],
    });
    expect(batch.body.Results.map((r: { Company: unknown }) => r.Company)).toEqual([b, null, a]);
    expectDataError(
      await postJson(url("/v1/ie/companies/batch"), key, { CompanyNumbers: Array.from({ length: 1001 }, () => "1") }),
      422,
    );
    const de = (await list("de", { Limit: 1 })).body.Companies[0];
    expect(
      (await getJson(url(`/v1/de/companies/${encodeURIComponent(de.CompanyNumber)}`), key)).body.CompanyNumber,
    ).toBe(de.CompanyNumber);
    const search = await getJson(url(`/v1/ie/search?name=${encodeURIComponent(a.CompanyName)}&limit=3`), key);
    expect(search.body.Companies.length).toBeLessThanOrEqual(3);
    expect(search.body.Companies[0].CompanyName).toBe(a.CompanyName);
    expectDataError(await getJson(url("/v1/ie/search?limit=3"), key), 400);
  });

  test("gateway errors are problem+json with trace: 401, 404 path/market/method, 429 with retry-after", async () => {
    expectGatewayError(await postJson(url("/v1/us/companies"), null, {}), 401);
    expectGatewayError(await postJson(url("/v1/us/companies"), "wrong", {}), 401);
    expectGatewayError(await list("gb", {}), 404);
    expectGatewayError(await getJson(url("/v1/us/nothing"), key), 404);
    expectGatewayError(
      await call(url("/v1/us/companies"), { method: "DELETE", headers: { Authorization: `Bearer ${key}` } }),
      404,
    );
    await postJson(`${sb.origin}/__admin/rate-limits`, null, { market: 1 });
    await list("us", { Limit: 1 });
    const limited = await list("us", { Limit: 1 });
    expectGatewayError(limited, 429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    await postJson(`${sb.origin}/__admin/reset`, null, {});
  });
});
