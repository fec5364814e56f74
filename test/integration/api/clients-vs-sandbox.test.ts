/**
 * Every client operation against the sandbox over real HTTP: two independent readings of the
 * contracts (the sandbox's and the clients' schemas) must agree — no schema error, no record
 * marked invalid — and the documented errors arrive as the typed errors the adapters expect.
 */
import {
  AuthRequiredError,
  createApiClients,
  HttpError,
  isInvalidCompany,
  pageCompanies,
  pageExploreList,
  pageMarketCompanies,
  pageWebsiteBatch,
  RateLimitedError,
  type ApiClients,
  type CredentialSource,
  type ServiceName,
} from "../../../src/api";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";

jest.setTimeout(60_000);

let sandbox: RunningSandbox;
let api: ApiClients;
const tokens = new Map<ServiceName, string>();
const credentials: CredentialSource = { getToken: async (s) => tokens.get(s), invalidate: () => undefined };
let known: { number: string; name: string; domain?: string };

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 4000, seed: 3, matchLatencyMs: [0, 2], batchQueuedMs: 30, batchRowMs: 0 });
  const c = sandbox.credentials;
  tokens.set("product", c.productToken).set("matching", c.matchingKey).set("market", c.marketKey);
  api = createApiClients({
    fetch,
    credentials,
    baseUrls: sandbox.urls,
    retry: { product: { baseDelayMs: 10 }, classification: { maxRetries: 0 } },
  });
  const login = await api.classification.login(c.classificationUsername, c.classificationPassword);
  tokens.set("classification", login.accessToken);
  const valid = (await api.product.listCompanies({ returnCount: 50 })).companies.filter((x) => !isInvalidCompany(x));
  const first = valid.find((x) => !isInvalidCompany(x) && x.Homepage_domain && x.CompanyStatus === "Active");
  if (!first || isInvalidCompany(first))
    throw new Error("the sandbox's first page has no active company with a website");
  known = { number: first.CompanyNumber!, name: first.CompanyName!, domain: first.Homepage_domain ?? undefined };
});
afterAll(() => sandbox?.close());

const noInvalid = (companies: readonly unknown[]) => expect(companies.filter(isInvalidCompany)).toEqual([]);

describe("product API v2", () => {
  test("filters, then a filtered list with insights, paged to its end", async () => {
    const filters = await api.product.filters();
    const rtic = filters.Filters.find((f) => f.Field === "rtics")!.Values![0]!.Code!;
    const first = await api.product.listCompanies({ rtics: [rtic], returnCount: 20, insights: true });
    noInvalid(first.companies);
    expect(first.insights?.TotalCompanies).toBeGreaterThan(0);
    let collected = 0;
    for await (const page of pageCompanies(api.product, { rtics: [rtic] }, { pageSize: 200 })) {
      noInvalid(page.items);
      collected = page.collected;
    }
    expect(collected).toBe(first.insights!.TotalCompanies);
  });

  test("a number set, used instead of inline numbers", async () => {
    const set = await api.product.uploadCompanyNumberSet([known.number, "SC999999"]);
    const list = await api.product.listCompanies({
      CompanyNumberSetId: set.CompanyNumberSetId!,
      CompanyNumbers: ["00000001"],
    });
    expect(list.companies.map((c) => c.CompanyNumber)).toEqual([known.number]);
  });

  test("website lookups, one and batch", async () => {
    const one = await api.product.companiesByWebsite({ url: `https://www.${known.domain}/about` });
    expect(one.companies.map((c) => c.CompanyNumber)).toContain(known.number);
    const pages = [];
    for await (const page of pageWebsiteBatch(api.product, { urls: [known.domain!] }, { pageSize: 5 }))
      pages.push(page);
    expect(pages[0]!.items.map((c) => c.CompanyNumber)).toContain(known.number);
  });

  test("group structure, search, list summary, classify, explore", async () => {
    const group = await api.product.groupStructure(known.number);
    // A company in no group gives []; in a group, its level-0 row is the ultimate parent and it is listed.
    if (group.length > 0) {
      expect(group.find((row) => row.SubsidiaryCompanyLevel === 0)?.SubsidiaryCompanyNumber).toEqual(
        group[0]!.UltimateParentCompanyNumber,
      );
      expect(group.map((row) => row.SubsidiaryCompanyNumber)).toContain(known.number);
    }
    const search = await api.product.searchAhead(known.number.slice(0, 5));
    expect(search.Companies?.length).toBeGreaterThan(0);
    const rtic = (await api.product.filters()).Filters.find((f) => f.Field === "rtics")!.Values![0]!.Code!;
    const summary = await api.product.listSummary({ modelCode: rtic, cutoff: 0.5 });
    expect(summary.ScoreDistribution?.length).toBeGreaterThan(0);
    const classified = await api.product.classify({ yes: [known.number], no: [], returnCount: 10 });
    noInvalid(classified.companies);
    expect(classified.companies.length).toBeGreaterThan(0);
    const catalogue = await api.product.exploreCatalogue();
    const listId = catalogue.Lists![0]!.ListId!;
    let rows = 0;
    for await (const page of pageExploreList(api.product, listId, {}, { pageSize: 100, maxRecords: 250 }))
      rows += page.items.length;
    expect(rows).toBeGreaterThan(0);
  });

  test("errors: 401 unknown token, 403 without companies:read, 404 unknown list", async () => {
    tokens.set("product", "not-a-token");
    await expect(api.product.filters()).rejects.toBeInstanceOf(AuthRequiredError);
    tokens.set("product", sandbox.credentials.productTokenNoRead);
    await expect(api.product.listCompanies({ returnCount: 1 })).rejects.toMatchObject({
      status: 403,
      code: "forbidden",
    });
    tokens.set("product", sandbox.credentials.productToken);
    await expect(api.product.exploreList("no-such-list")).rejects.toMatchObject({ status: 404 });
  });
});

describe("matching", () => {
  test("single match and a batch job joined back by id", async () => {
    const one = await api.matching.match({ input_name: known.name });
    expect(one).toMatchObject({ matched_company_number: known.number, confidence: "high" });
    const run = await api.matching.runBatch([{ input_name: known.name }, { input_name: "Qzxv Wholly Unknown Plc" }], {
      poll: { firstWaitMs: 20, maxWaitMs: 100 },
    });
    expect(run.status).toBe("completed");
    expect(run.rows[0]!.result?.matched_company_number).toBe(known.number);
    expect(run.rows[1]!.result?.confidence).toBe("none");
  });

  test("errors: 401 for a revoked key, 404 unknown job, 409 while queued", async () => {
    await expect(api.matching.batchStatus("job-that-does-not-exist")).rejects.toMatchObject({ status: 404 });
    const job = await api.matching.submitBatch({ companies: [{ input_name: known.name }] });
    await expect(api.matching.batchResults(job.job_id)).rejects.toMatchObject({ status: 409, code: "conflict" });
    await fetch(`${sandbox.origin}/__admin/matching-keys/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: sandbox.credentials.matchingKey }),
    });
    await expect(api.matching.match({ input_name: known.name })).rejects.toBeInstanceOf(AuthRequiredError);
    await fetch(`${sandbox.origin}/__admin/reset`, { method: "POST" });
  });
});

describe("instant classification", () => {
  test("classifies text and websites into every list", async () => {
    const result = await api.classification.classify({ Text: "Cyber security software for banks and insurers" });
    for (const list of [result.RTICs, result.SICs, result.RSICs, result.RNAICs, result.SimilarCompanies])
      expect(list.length).toBeGreaterThan(0);
    expect(result.TotalWordsProcessed).toBeGreaterThan(3);
    const web = await api.classification.classify({ Website: `https://${known.domain}` });
    expect(web.Website).toContain(known.domain);
  });

  test("the sixth classification in a minute is a 429 the client reports as rate-limited", async () => {
    const fresh = createApiClients({
      fetch,
      credentials,
      baseUrls: sandbox.urls,
      limits: { classification: { perMinute: 100 } },
      retry: { classification: { maxRetries: 0 } },
    });
    let refused: unknown;
    for (let i = 0; i < 6 && !refused; i++)
      refused = await fresh.classification.classify({ Text: `text number ${i}` }).then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterMs).toBeGreaterThan(0);
  });
});

describe("multi-market", () => {
  test.each(["us", "fr", "de", "ie"] as const)(
    "%s: filters, a list paged to TotalCount, search, batch and one company",
    async (market) => {
      const filters = await api.market.filters(market);
      const code = filters.Filters!.find((f) => f.Field === "NAICS")!.Values![0]!.Code!;
      let total: number | undefined;
      let collected = 0;
      for await (const page of pageMarketCompanies(api.market, market, { NAICS: [code] }, { pageSize: 50 })) {
        total = page.total;
        collected = page.collected;
      }
      expect(collected).toBe(total);
      const first = (await api.market.listCompanies(market, { Limit: 3 })).Companies![0]!;
      const found = await api.market.search(market, { name: String(first.CompanyName), limit: 5 });
      expect(found.Companies!.map((c) => c.CompanyNumber)).toContain(first.CompanyNumber);
      const batch = await api.market.batch(market, [String(first.CompanyNumber), "nope"]);
      expect(batch.Results!.map((r) => r.Company === null || r.Company === undefined)).toEqual([false, true]);
      expect((await api.market.company(market, String(first.CompanyNumber))).CompanyNumber).toBe(first.CompanyNumber);
    },
  );

  test("an unrecognised filter value is an empty 200, and errors keep their origin", async () => {
    const empty = await api.market.listCompanies("us", { NAICS: ["not-a-code"] });
    expect(empty.Companies).toEqual([]);
    expect(empty.TotalCount).toBe(0);
    const missing = (await api.market.company("de", "HRB 0").catch((e: unknown) => e)) as HttpError;
    expect(missing).toMatchObject({ status: 404, origin: "service" });
    await expect(api.market.listCompanies("us", { MinEmployees: 50, MaxEmployees: 10 } as never)).rejects.toMatchObject(
      { status: 422 },
    );
  });
});
