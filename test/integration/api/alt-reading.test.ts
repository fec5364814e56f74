/**
 * The same questions to two readings of the contracts: the sandbox as docs/CONTRACT-CHOICES.md
 * chose, and its alternative reading (other envelopes, keyed catalogues, camelCase, bare strings,
 * extra fields, nested error bodies, and none of the guessed operations). Over the same data, the
 * clients must give the same answers from both, and fall back where an operation is missing.
 */
import { createApiClients, HttpError, isInvalidCompany, type ApiClients, type ServiceName } from "../../../src/api";
import { loadExploreLists } from "../../../src/core/explore/lists";
import { prepareRequest } from "../../../src/core/import/run-import";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";

jest.setTimeout(120_000);

interface Side {
  sandbox: RunningSandbox;
  api: ApiClients;
}
let contract: Side;
let alt: Side;

async function side(variant: "contract" | "alt"): Promise<Side> {
  const sandbox = await startSandbox({
    companies: 4000,
    marketCompanies: 400,
    seed: 5,
    variant,
    matchLatencyMs: [0, 2],
    batchQueuedMs: 30,
    batchRowMs: 0,
    rateLimits: { product: null, matching: null, classification: null, market: null },
  });
  const c = sandbox.credentials;
  const tokens = new Map<ServiceName, string>([
    ["product", c.productToken],
    ["matching", c.matchingKey],
    ["market", c.marketKey],
  ]);
  const api = createApiClients({
    fetch,
    credentials: { getToken: async (s) => tokens.get(s), invalidate: () => undefined },
    baseUrls: sandbox.urls,
    retry: { product: { baseDelayMs: 10 }, market: { baseDelayMs: 10 } },
  });
  return { sandbox, api };
}

beforeAll(async () => {
  [contract, alt] = await Promise.all([side("contract"), side("alt")]);
});
afterAll(async () => {
  await contract?.sandbox.close();
  await alt?.sandbox.close();
});

const numbersOf = (companies: readonly unknown[]) =>
  companies.map((c) => (isInvalidCompany(c) ? "invalid" : (c as { CompanyNumber?: string }).CompanyNumber));

/** Each case asks both readings the same question and reduces the answer to what a user sees. */
const SAME_ANSWER: Array<[string, (api: ApiClients) => Promise<unknown>]> = [
  [
    "the filter catalogue's groups and codes",
    async (api) => (await api.product.filters()).Filters.map((g) => [g.Field, g.Values.map((v) => v.Code)]).sort(),
  ],
  [
    "a filtered list with insights, records and their RTICs",
    async (api) => {
      const answer = await api.product.listCompanies({ Nations: ["Wales"], returnCount: 50, insights: true });
      return {
        total: answer.insights?.TotalCompanies,
        byRtic: answer.insights?.CompaniesByRTIC?.map((r) => [r.Code, r.Count]),
        turnover: answer.insights?.TurnoverBands?.map((b) => [b.Band, b.Count]),
        numbers: numbersOf(answer.companies),
        rtics: answer.companies.map((c) => (isInvalidCompany(c) ? [] : (c.RTICs ?? []).map((r) => r.Code))),
      };
    },
  ],
  [
    "type-ahead by number",
    async (api) => {
      const answer = await api.product.searchAhead("0000");
      return { count: answer.Count, hits: answer.Companies.map((h) => [h.CompanyNumber, h.CompanyName]) };
    },
  ],
  [
    "an explore list",
    async (api) => numbersOf((await api.product.exploreList("clean-energy", { returnCount: 40 })).companies),
  ],
  [
    "the explore lists on offer (the catalogue, or the filter catalogue in its place)",
    async (api) => (await loadExploreLists(api)).lists.map((l) => [l.ListId, l.CompanyCount]),
  ],
  [
    "a batch match job",
    async (api) => {
      const names = ["Tesco PLC", "Acme Widgets Ltd", "Glenmorangie Robotics"];
      const run = await api.matching.runBatch(names.map((input_name) => ({ input_name })));
      return run.rows.map((r) => [r.input.input_name, r.result?.matched_company_number ?? null]);
    },
  ],
  [
    "a market's filter catalogue",
    async (api) => (await api.market.filters("de")).Filters.map((g) => [g.Field, g.Values.map((v) => v.Code)]),
  ],
  [
    "a market search by name",
    async (api) => {
      const first = (await api.market.listCompanies("us", { Limit: 1 })).Companies[0]!;
      const words = String(first.CompanyName).split(" ")[0]!;
      return (await api.market.search("us", { name: words })).Companies.map((c) => [c.CompanyNumber, c.Employees]);
    },
  ],
];

test.each(SAME_ANSWER)("the same answer from both readings: %s", async (_name, ask) => {
  const [fromContract, fromAlt] = await Promise.all([ask(contract.api), ask(alt.api)]);
  expect(fromAlt).toEqual(fromContract);
});

test("websites: one address and a batch give the same companies", async () => {
  const site = (await contract.api.product.listCompanies({ returnCount: 200 })).companies.find(
    (c) => !isInvalidCompany(c) && c.Homepage_domain,
  ) as { Homepage_domain: string };
  const ask = async (api: ApiClients) => [
    numbersOf((await api.product.companiesByWebsite({ url: site.Homepage_domain })).companies),
    numbersOf((await api.product.companiesByWebsiteBatch({ urls: [site.Homepage_domain] })).companies),
  ];
  expect(await ask(alt.api)).toEqual(await ask(contract.api));
});

test("a list summary: the count both readings give agrees, and what the alt reading leaves out is unknown, not 0", async () => {
  const request = { modelCode: "RTIC-0042", cutoff: 0.5 };
  const [a, b] = await Promise.all([contract.api.product.listSummary(request), alt.api.product.listSummary(request)]);
  expect(b.CompaniesAboveCutoff).toBe(a.CompaniesAboveCutoff);
  expect(b.ScoreDistribution).toEqual(a.ScoreDistribution);
  expect(b.TotalScored).toBeUndefined();
  expect(b.TurnoverBands).toBeUndefined();
});

test("without a market batch route, lookups by number go one by one and give the same records", async () => {
  const numbers = (await contract.api.market.listCompanies("fr", { Limit: 5 })).Companies.map((c) => c.CompanyNumber!);
  const asked = [...numbers, "999999999"];
  const [a, b] = await Promise.all([contract.api.market.lookup("fr", asked), alt.api.market.lookup("fr", asked)]);
  expect([...b.entries()]).toEqual([...a.entries()]);
  expect(b.get("999999999")).toBeNull();
  expect(alt.api.guessed.list()).toContain("market.batch");
  expect(contract.api.guessed.list()).not.toContain("market.batch");
});

test("without a number-set upload, a long list of numbers goes inline", async () => {
  const numbers = Array.from({ length: 10_050 }, (_, i) => String(i + 1).padStart(8, "0"));
  const query = { filters: {}, companyNumbers: numbers };
  const [a, b] = await Promise.all([prepareRequest(contract.api, query), prepareRequest(alt.api, query)]);
  expect(a.CompanyNumberSetId).toEqual(expect.any(String));
  expect(b.CompanyNumbers).toHaveLength(10_050);
  expect(alt.api.guessed.list()).toContain("product.uploadCompanyNumberSet");
});

test("an error body of the other reading still says what the service said", async () => {
  const error = await alt.api.product.exploreList("no-such-list").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 404, serverMessage: expect.stringMatching(/\S/) });
});
