/**
 * The operation table: every request the add-in makes is matched to its operation and built into
 * the upstream URL below the service's own base, parameters encoded; nothing else is.
 */
import { OPERATIONS, route, upstreamUrl } from "../../gateway/operations";

const BASE = {
  product: "https://product.example/api",
  matching: "https://matching.example",
  classification: "https://classification.example",
  market: "https://market.example",
};

test.each([
  ["POST", "/api/product/v2/companies", "listCompanies", "https://product.example/api/v2/companies"],
  [
    "POST",
    "/api/product/v2/companies?insights=true",
    "listCompanies",
    "https://product.example/api/v2/companies?insights=true",
  ],
  [
    "POST",
    "/api/product/v2/companies/number-sets",
    "uploadCompanyNumberSet",
    "https://product.example/api/v2/companies/number-sets",
  ],
  [
    "GET",
    "/api/product/v2/companies/by-website?url=https%3A%2F%2Fa.co.uk&returnCount=5",
    "companiesByWebsite",
    "https://product.example/api/v2/companies/by-website?url=https%3A%2F%2Fa.co.uk&returnCount=5",
  ],
  [
    "POST",
    "/api/product/v2/companies/by-website/batch",
    "companiesByWebsiteBatch",
    "https://product.example/api/v2/companies/by-website/batch",
  ],
  [
    "GET",
    "/api/product/v2/companies/SC123456/group-structure",
    "groupStructure",
    "https://product.example/api/v2/companies/SC123456/group-structure",
  ],
  [
    "GET",
    "/api/product/v2/search/aheadFull/SC01",
    "searchAhead",
    "https://product.example/api/v2/search/aheadFull/SC01",
  ],
  [
    "GET",
    "/api/product/v2/classification/list-summary?modelCode=RTIC-0042&cutoff=0.7",
    "listSummary",
    "https://product.example/api/v2/classification/list-summary?modelCode=RTIC-0042&cutoff=0.7",
  ],
  [
    "POST",
    "/api/product/v2/classification/classify",
    "classify",
    "https://product.example/api/v2/classification/classify",
  ],
  ["GET", "/api/product/v2/filters", "filters", "https://product.example/api/v2/filters"],
  ["GET", "/api/product/v2/explore", "exploreCatalogue", "https://product.example/api/v2/explore"],
  [
    "GET",
    "/api/product/v2/explore/clean-energy?returnCount=10&skip=0",
    "exploreList",
    "https://product.example/api/v2/explore/clean-energy?returnCount=10&skip=0",
  ],
  ["POST", "/api/matching/api/v1/match", "match", "https://matching.example/api/v1/match"],
  ["POST", "/api/matching/api/v1/match/batch", "batchSubmit", "https://matching.example/api/v1/match/batch"],
  [
    "GET",
    "/api/matching/api/v1/match/batch/job%20one",
    "batchStatus",
    "https://matching.example/api/v1/match/batch/job%20one",
  ],
  [
    "GET",
    "/api/matching/api/v1/match/batch/j1/results",
    "batchResults",
    "https://matching.example/api/v1/match/batch/j1/results",
  ],
  [
    "POST",
    "/api/classification/api/v1/instantClassification",
    "instantClassification",
    "https://classification.example/api/v1/instantClassification",
  ],
  ["POST", "/api/market/v1/de/companies", "companies", "https://market.example/v1/de/companies"],
  ["POST", "/api/market/v1/de/companies/batch", "batch", "https://market.example/v1/de/companies/batch"],
  ["GET", "/api/market/v1/de/companies/HRB%2012345", "company", "https://market.example/v1/de/companies/HRB%2012345"],
  ["GET", "/api/market/v1/fr/filters", "filters", "https://market.example/v1/fr/filters"],
  [
    "GET",
    "/api/market/v1/us/search?name=analytics&limit=5",
    "search",
    "https://market.example/v1/us/search?name=analytics&limit=5",
  ],
])("%s %s is %s, sent to %s", (method, target, name, url) => {
  const routed = route(method, target);
  if (!routed.ok) throw new Error(`${target} refused: ${routed.message}`);
  expect(routed.matched.operation.name).toBe(name);
  const service = routed.matched.operation.service;
  expect(upstreamUrl(BASE[service], routed.matched).href).toBe(url);
});

test("each operation has its own upstream time limit: a single match the contract's 120 s, every other a minute", () => {
  const limits = Object.fromEntries(OPERATIONS.map((o) => [`${o.service}.${o.name}`, o.timeoutMs]));
  expect(limits["matching.match"]).toBe(120_000);
  const others = Object.entries(limits).filter(([name]) => name !== "matching.match");
  expect(others.filter(([, ms]) => ms > 60_000)).toEqual([]);
  expect(others.length).toBe(OPERATIONS.length - 1);
});
