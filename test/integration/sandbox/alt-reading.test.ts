/** The sandbox's alternative reading answers each not-shown part in its other form, and lacks the guessed operations. */
import type { RunningSandbox } from "../../../sandbox/sandbox";
import { call, getJson, postJson, testSandbox } from "./helpers";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await testSandbox({ variant: "alt" });
}, 30_000);
afterAll(() => sb.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON of the other reading, probed field by field
type Body = any;

const product = (path: string) => getJson(`${sb.urls.product}${path}`, sb.credentials.productToken);
const market = (path: string) => getJson(`${sb.urls.market}${path}`, sb.credentials.marketKey);

test.each([
  [
    "GET /v2/filters: keyed by group, bare-string values, explore lists beside",
    () => product("/v2/filters"),
    (b: Body) =>
      Array.isArray(b.RTICs) && typeof b.SICs[0] === "string" && b.Filters === undefined && b.ExploreLists.length > 0,
  ],
  [
    "aheadFull: {Query, TotalHits, Hits} in camelCase",
    () => product("/v2/search/aheadFull/0"),
    (b: Body) => b.Query === "0" && typeof b.TotalHits === "number" && typeof b.Hits[0].companyNumber === "string",
  ],
  [
    "list summary: CompanyCount, no total, camelCase distribution",
    () => product("/v2/classification/list-summary?modelCode=RTIC-0042&cutoff=0.5"),
    (b: Body) => typeof b.CompanyCount === "number" && b.TotalScored === undefined && "from" in b.scoreDistribution[0],
  ],
  [
    "an explore list under data",
    () => product("/v2/explore/clean-energy?returnCount=2"),
    (b: Body) => Array.isArray(b.data) && b.companies === undefined,
  ],
  [
    "market filters keyed by group",
    () => market("/v1/us/filters"),
    (b: Body) => b.Market === "us" && Array.isArray(b.NAICS) && typeof b.Locations[0] === "string",
  ],
  [
    "market search as a bare camelCase array",
    () => market("/v1/us/search?name=a"),
    (b: Body) => Array.isArray(b) && (b.length === 0 || "companyName" in b[0]),
  ],
] as const)("%s", async (_name, ask, shaped) => {
  const answer = await ask();
  expect(answer.status).toBe(200);
  expect(shaped(answer.body)).toBe(true);
});

test.each([
  ["the explore catalogue", () => product("/v2/explore"), "application/json"],
  [
    "the number-set upload",
    () =>
      postJson(`${sb.urls.product}/v2/companies/number-sets`, sb.credentials.productToken, {
        CompanyNumbers: ["00000001"],
      }),
    "application/json",
  ],
  [
    "the multi-market batch (a gateway 404)",
    () => postJson(`${sb.urls.market}/v1/us/companies/batch`, sb.credentials.marketKey, { CompanyNumbers: ["1"] }),
    "application/problem+json",
  ],
] as const)("the alt reading has no %s", async (_name, ask, contentType) => {
  const answer = await ask();
  expect(answer.status).toBe(404);
  expect(answer.headers.get("content-type")).toMatch(contentType);
});

test("error bodies: the product API nests its message", async () => {
  const answer = await call(`${sb.urls.product}/v2/filters`);
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ error: { code: "error", message: "Unauthenticated." } });
});
