import type { RunningSandbox } from "../../../sandbox/sandbox";
import { getJson, postJson, testSandbox } from "./helpers";

/** Product API v2 over real HTTP: every operation, paging, scopes and documented errors. */

let sb: RunningSandbox;
let full: string;
let basic: string;
const api = (path: string) => `${sb.urls.product}${path}`;

beforeAll(async () => {
  sb = await testSandbox({ rateLimits: { product: null, matching: null, classification: null, market: null } });
  full = sb.credentials.productToken;
  basic = sb.credentials.productTokenBasic;
}, 30_000);
afterAll(() => sb.close());

async function someCompanies(body: Record<string, unknown> = {}, token = full) {
  const r = await postJson(api("/v2/companies"), token, { returnCount: 1000, ...body });
  expect(r.status).toBe(200);
  return r.body.companies as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe("POST /v2/companies", () => {
  test("pages with the default of 40, returnCount and skip, and stops on a short page", async () => {
    const first = await postJson(api("/v2/companies"), full, {});
    expect(first.body.companies).toHaveLength(40);
    const a = await postJson(api("/v2/companies"), full, { returnCount: 5, skip: 0 });
    const b = await postJson(api("/v2/companies"), full, { returnCount: 5, skip: 5 });
    const both = await postJson(api("/v2/companies"), full, { returnCount: 10, skip: 0 });
    const numbers = (r: typeof a) => r.body.companies.map((c: { CompanyNumber: string }) => c.CompanyNumber);
    expect([...numbers(a), ...numbers(b)]).toEqual(numbers(both));
    const last = await postJson(api("/v2/companies"), full, { returnCount: 1000, skip: 4500 });
    expect(last.body.companies).toHaveLength(500);
  });

  test("rejects returnCount above 1000 (and other bad paging) with 400 and a message", async () => {
    for (const body of [{ returnCount: 1001 }, { returnCount: 0 }, { skip: -1 }, { returnCount: 2.5 }]) {
      const r = await postJson(api("/v2/companies"), full, body);
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe("string");
    }
  });

  test("400 for a body that is not JSON, 422 with errors for a filter of the wrong type", async () => {
    expect((await postJson(api("/v2/companies"), full, "{not json")).status).toBe(400);
    const r = await postJson(api("/v2/companies"), full, { rtics: "RTIC-0042" });
    expect(r.status).toBe(422);
    expect(r.body.errors.rtics[0]).toMatch(/array/);
  });

  test("filters by RTIC, CIC, SIC, status, postcode area and nation, combining as an intersection", async () => {
    const cyber = await someCompanies({ rtics: ["RTIC-0042"] });
    expect(cyber.length).toBeGreaterThan(0);
    for (const c of cyber) expect(c.RTICs.map((r: { Code: string }) => r.Code)).toContain("RTIC-0042");
    const scottishCyber = await someCompanies({ rtics: ["RTIC-0042"], Nations: ["Scotland"] });
    expect(scottishCyber.length).toBeLessThan(cyber.length);
    for (const c of scottishCyber) expect(c.CompanyNation).toBe("Scotland");
    const clean = await someCompanies({ cics: ["CIC-0301"] });
    for (const c of clean) expect(c.CICs[0].Code).toBe("CIC-0301");
    const sic = clean[0]!.SICs[0];
    for (const c of await someCompanies({ SICs: [sic] })) expect(c.SICs[0]).toBe(sic);
    for (const c of await someCompanies({ CompanyStatus: ["Dissolved"] })) expect(c.CompanyStatus).toBe("Dissolved");
    for (const c of await someCompanies({ PostcodeAreas: ["EH"] })) expect(c.RegisteredPostcode).toMatch(/^EH\d/);
    expect(await someCompanies({ rtics: ["RTIC-9999"] })).toEqual([]);
  });

  test("CompanyNumbers with rtics gives the intersection; unknown numbers are ignored", async () => {
    const cyber = (await someCompanies({ rtics: ["RTIC-0042"] })).slice(0, 3).map((c) => c.CompanyNumber);
    const others = (await someCompanies({ rtics: ["RTIC-0027"] })).slice(0, 3).map((c) => c.CompanyNumber);
    const both = await someCompanies({ rtics: ["RTIC-0042"], CompanyNumbers: [...cyber, ...others, "ZZ999999"] });
    expect(both.map((c) => c.CompanyNumber).sort()).toEqual([...cyber].sort());
  });

  test("insights aggregate the whole matched set, not the page", async () => {
    const r = await postJson(api("/v2/companies?insights=true"), full, { rtics: ["RTIC-0027"], returnCount: 3 });
    const all = await someCompanies({ rtics: ["RTIC-0027"] });
    expect(r.body.companies).toHaveLength(3);
    expect(r.body.insights.TotalCompanies).toBe(all.length);
    const sum = (bands: { Count: number }[]) => bands.reduce((s, b) => s + b.Count, 0);
    expect(sum(r.body.insights.TurnoverBands)).toBe(all.length);
    expect(sum(r.body.insights.CompaniesByNation)).toBe(all.length);
    expect(r.body.insights.CompaniesByRTIC[0].Code).toBe("RTIC-0027");
    expect((await postJson(api("/v2/companies"), full, { returnCount: 1 })).body.insights).toBeUndefined();
  });

  test("ReturnCompanyIDsOnly returns plain company numbers", async () => {
    const r = await postJson(api("/v2/companies"), full, { returnCount: 3, ReturnCompanyIDsOnly: true });
    expect(r.body.companies).toHaveLength(3);
    for (const n of r.body.companies) expect(n).toMatch(/^([0-9]{8}|[A-Z][A-Z0-9][0-9]{6})$/);
  });

  test("records carry every kind of field, with BestEstimateTurnover for about half", async () => {
    const companies = await someCompanies();
    const withTurnover = companies.filter((c) => Number.isInteger(c.BestEstimateTurnover)).length / companies.length;
    expect(withTurnover).toBeGreaterThan(0.35);
    expect(withTurnover).toBeLessThan(0.75);
    const c = companies.find((x) => x.Homepage_domain && x.Investment.length > 0) ?? companies[0]!;
    expect(c.CompanyNumber).toMatch(/^([0-9]{8}|[A-Z][A-Z0-9][0-9]{6})$/);
    expect(Array.isArray(c.CompanyFinancials_Vendor)).toBe(true);
    expect(c.WomenLedStats.TotalActiveDirectors).toBe(
      c.WomenLedStats.ActiveFemaleDirectors +
        c.WomenLedStats.ActiveMaleDirectors +
        c.WomenLedStats.ActiveUnknownGenderDirectors,
    );
    for (const loc of c.LocationDetails) {
      expect(loc.Latitude).toBeGreaterThan(49.8);
      expect(loc.Latitude).toBeLessThan(60.9);
      expect(loc.Longitude).toBeGreaterThan(-8.2);
      expect(loc.Longitude).toBeLessThan(1.8);
    }
  });
});

describe("scopes", () => {
  test("a basic token gets records without job-posting fields and an envelope without CompanyChanges or aggregates", async () => {
    const r = await postJson(api("/v2/companies"), basic, { returnCount: 50 });
    expect(r.status).toBe(200);
    expect(r.body.CompanyChanges).toBeUndefined();
    expect(r.body.JobPostingsBySOC4Code).toBeUndefined();
    for (const c of r.body.companies) expect(c.CompanyJobPostings).toBeUndefined();
    const f = await postJson(api("/v2/companies"), full, { returnCount: 50 });
    expect(Array.isArray(f.body.CompanyChanges)).toBe(true);
    expect(Array.isArray(f.body.JobPostingsBySOC4Code)).toBe(true);
    expect(Array.isArray(f.body.companies[0].CompanyJobPostings)).toBe(true);
  });

  test("401 without or with an unknown token; 403 for a token without companies:read", async () => {
    expect((await postJson(api("/v2/companies"), null, {})).status).toBe(401);
    const unknown = await postJson(api("/v2/companies"), "not-a-token", {});
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: "Unauthenticated." });
    const noRead = await postJson(api("/v2/companies"), sb.credentials.productTokenNoRead, {});
    expect(noRead.status).toBe(403);
  });

  test("404 for an unknown path", async () => {
    expect((await getJson(api("/v2/nothing-here"), full)).status).toBe(404);
  });
});

describe("company-number sets", () => {
  test("an uploaded set is used instead of inline numbers, and is gone after its time to live", async () => {
    const numbers = (await someCompanies({ returnCount: 20 })).map((c) => c.CompanyNumber).slice(0, 20);
    const up = await postJson(api("/v2/companies/number-sets"), full, { CompanyNumbers: numbers.slice(0, 5) });
    expect(up.status).toBe(201);
    expect(up.body.Count).toBe(5);
    const r = await postJson(api("/v2/companies"), full, {
      CompanyNumberSetId: up.body.CompanyNumberSetId,
      CompanyNumbers: numbers.slice(5),
    });
    expect(r.body.companies.map((c: { CompanyNumber: string }) => c.CompanyNumber).sort()).toEqual(
      numbers.slice(0, 5).sort(),
    );
    await postJson(`${sb.origin}/__admin/clock`, null, { advanceMs: 25 * 3600 * 1000 });
    const expired = await postJson(api("/v2/companies"), full, { CompanyNumberSetId: up.body.CompanyNumberSetId });
    expect(expired.status).toBe(404);
    await postJson(`${sb.origin}/__admin/clock`, null, { offsetMs: 0 });
  });

  test("a set above 10,000 numbers needs AllowLargeAnalysis", async () => {
    const many = Array.from({ length: 10_001 }, (_, k) => String(k).padStart(8, "0"));
    const up = await postJson(api("/v2/companies/number-sets"), full, { CompanyNumbers: many });
    expect(
      (await postJson(api("/v2/companies"), full, { CompanyNumberSetId: up.body.CompanyNumberSetId })).status,
    ).toBe(422);
    expect(
      (
        await postJson(api("/v2/companies"), full, {
          CompanyNumberSetId: up.body.CompanyNumberSetId,
          AllowLargeAnalysis: true,
        })
      ).status,
    ).toBe(200);
    expect((await postJson(api("/v2/companies/number-sets"), full, { CompanyNumbers: [] })).status).toBe(422);
  });
});

describe("websites", () => {
  test("GET by-website finds the company on a domain however the URL is written; batch unions and pages", async () => {
    const withSite = (await someCompanies({ CompanyStatus: ["Active"] })).filter(
      (c) => c.Homepage_domain && !c.IsWebsiteInheritedFromGroupStructure,
    );
    const [a, b] = withSite;
    const one = await getJson(
      api(`/v2/companies/by-website?url=${encodeURIComponent(`HTTPS://www.${a!.Homepage_domain}/about-us?x=1`)}`),
      full,
    );
    expect(one.status).toBe(200);
    expect(one.body.companies.map((c: { CompanyNumber: string }) => c.CompanyNumber)).toContain(a!.CompanyNumber);
    expect(one.body.matchcount).toBe(one.body.companies.length);
    const batch = await postJson(api("/v2/companies/by-website/batch"), full, {
      urls: [a!.Homepage_domain, `https://${b!.Homepage_domain}`, "https://nobody.example"],
      returnCount: 1,
      skip: 0,
    });
    expect(batch.body.matchcount).toBeGreaterThanOrEqual(2);
    expect(batch.body.companies).toHaveLength(1);
    expect((await getJson(api("/v2/companies/by-website"), full)).status).toBe(422);
    expect((await postJson(api("/v2/companies/by-website/batch"), full, { urls: [] })).status).toBe(422);
  });
});

describe("group structure, search, filters, explore, list summary, classify", () => {
  test("group structure lists the whole group with the ultimate parent at level 0", async () => {
    const member = (await someCompanies()).find(
      (c) => c.GroupCompanyId && c.UltimateLinkedCompanyNumber !== c.CompanyNumber,
    )!;
    const r = await getJson(api(`/v2/companies/${member.CompanyNumber}/group-structure`), full);
    expect(r.status).toBe(200);
    expect(r.body[0].SubsidiaryCompanyLevel).toBe(0);
    expect(r.body[0].SubsidiaryCompanyNumber).toBe(member.UltimateLinkedCompanyNumber);
    expect(r.body.map((row: { SubsidiaryCompanyNumber: string }) => row.SubsidiaryCompanyNumber)).toContain(
      member.CompanyNumber,
    );
    for (const row of r.body) expect(row.UltimateParentCompanyNumber).toBe(member.UltimateLinkedCompanyNumber);
    expect((await getJson(api("/v2/companies/ZZ000000/group-structure"), full)).status).toBe(404);
  });

  test("aheadFull finds companies by number prefix, at most 20, with changes only for companies:changes", async () => {
    const r = await getJson(api("/v2/search/aheadFull/0"), full);
    expect(r.body.Companies).toHaveLength(20);
    expect(r.body.Count).toBeGreaterThan(20);
    for (const c of r.body.Companies) expect(c.CompanyNumber.startsWith("0")).toBe(true);
    const exact = r.body.Companies[3].CompanyNumber;
    const one = await getJson(api(`/v2/search/aheadFull/${exact}`), basic);
    expect(one.body.Companies.map((c: { CompanyNumber: string }) => c.CompanyNumber)).toEqual([exact]);
    expect(one.body.Companies[0].CompanyChanges).toBeUndefined();
    expect(Array.isArray(r.body.Companies[0].CompanyChanges)).toBe(true);
  });

  test("filters catalogue names the body fields it feeds, and its codes filter", async () => {
    const r = await getJson(api("/v2/filters"), full);
    const fields = r.body.Filters.map((f: { Field: string }) => f.Field);
    expect(fields).toEqual(
      expect.arrayContaining(["rtics", "cics", "SICs", "CompanyStatus", "PostcodeAreas", "Nations"]),
    );
    const rtic = r.body.Filters.find((f: { Field: string }) => f.Field === "rtics").Values[5].Code;
    expect((await someCompanies({ rtics: [rtic] })).length).toBeGreaterThan(0);
  });

  test("explore catalogue and lists page like the list envelope; unknown list is 404", async () => {
    const cat = await getJson(api("/v2/explore"), full);
    const list = cat.body.Lists.find((l: { CompanyCount: number }) => l.CompanyCount > 3);
    const page = await getJson(api(`/v2/explore/${list.ListId}?returnCount=2&skip=1`), full);
    expect(page.body.companies).toHaveLength(2);
    expect((await getJson(api("/v2/explore/no-such-list"), full)).status).toBe(404);
    expect((await getJson(api(`/v2/explore/${list.ListId}?returnCount=5000`), full)).status).toBe(400);
  });

  test("list summary counts companies at or above the cutoff; unknown model 404, bad cutoff 422", async () => {
    const low = await getJson(api("/v2/classification/list-summary?modelCode=RTIC-0042&cutoff=0.2"), full);
    const high = await getJson(api("/v2/classification/list-summary?modelCode=RTIC-0042&cutoff=0.8"), full);
    expect(low.body.TotalScored).toBe(5000);
    expect(high.body.CompaniesAboveCutoff).toBeLessThan(low.body.CompaniesAboveCutoff);
    expect(low.body.ScoreDistribution.reduce((s: number, b: { Count: number }) => s + b.Count, 0)).toBe(5000);
    expect((await getJson(api("/v2/classification/list-summary?modelCode=RTIC-9999&cutoff=0.5"), full)).status).toBe(
      404,
    );
    expect((await getJson(api("/v2/classification/list-summary?modelCode=RTIC-0042&cutoff=2"), full)).status).toBe(422);
  });

  test("classify scores companies like the yes set above those like the no set, best first", async () => {
    const primarily = async (code: string) =>
      (await someCompanies({ rtics: [code] }))
        .filter((c) => c.RTICs[0].Code === code)
        .slice(0, 5)
        .map((c) => c.CompanyNumber);
    const cyber = await primarily("RTIC-0042");
    const property = await primarily("RTIC-0027");
    const r = await postJson(api("/v2/classification/classify"), full, { yes: cyber, no: property, returnCount: 20 });
    expect(r.status).toBe(200);
    const scores = r.body.companies.map((c: { Score: number }) => c.Score);
    expect([...scores].sort((x: number, y: number) => y - x)).toEqual(scores);
    expect(r.body.companies[0].RTICs.map((x: { Code: string }) => x.Code)).toContain("RTIC-0042");
    for (const c of r.body.companies) expect(cyber).not.toContain(c.CompanyNumber);
    expect((await postJson(api("/v2/classification/classify"), full, { yes: cyber })).status).toBe(422);
    expect(
      (await postJson(api("/v2/classification/classify"), full, { yes: cyber, no: [], returnCount: 1001 })).status,
    ).toBe(400);
    expect(
      (await postJson(api("/v2/classification/classify"), sb.credentials.productTokenNoRead, { yes: cyber, no: [] }))
        .status,
    ).toBe(200);
  });
});
