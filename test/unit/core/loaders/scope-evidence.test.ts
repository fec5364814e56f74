/**
 * Which optional scopes a company's record was fetched without: a team gateway's explicit
 * statement (`x-ukco-scopes`) wins over the envelope's keys, because a gateway answer assembled
 * from its cache leaves a list's aggregates out while the credential still has their scopes.
 */
import { systemClock } from "../../../../src/api/http/types";
import type { ProductClient } from "../../../../src/api/product/client";
import { createCompanyLoader } from "../../../../src/core/loaders/company-loader";
import { scopesLacking, scopesLackingStated } from "../../../../src/core/loaders/scope-evidence";

const ALL = ["jobdata:read", "companies:changes"];

test.each([
  ["no statement", null, undefined],
  ["every scope", "companies:read companies:changes jobdata:read", []],
  ["the basic scopes", "companies:read", ALL],
  ["changes only", "companies:read companies:changes", ["jobdata:read"]],
  ["extra spaces", "  companies:read   jobdata:read ", ["companies:changes"]],
])("the gateway's statement: %s", (_name, stated, lacking) => {
  expect(scopesLackingStated(stated)).toEqual(lacking);
});

test.each([
  ["an envelope with both", { companies: [], CompanyChanges: [], JobPostingsBySOC4Code: [] }, []],
  ["an envelope with neither", { companies: [] }, ALL],
])("without a statement, the envelope's keys: %s", (_name, envelope, lacking) => {
  expect(scopesLacking(envelope)).toEqual(lacking);
});

/** A product client answering one record in an envelope without aggregates, with `headers`. */
function productAnswering(headers: Record<string, string>): ProductClient {
  const readCompanyRecords: ProductClient["readCompanyRecords"] = async (query) => ({
    data: { companies: (query.CompanyNumbers ?? []).map((n) => ({ CompanyNumber: n })) } as never,
    headers: new Headers(headers),
  });
  return { readCompanyRecords } as unknown as ProductClient;
}

test.each([
  ["the gateway states every scope", { "x-ukco-scopes": "companies:read companies:changes jobdata:read" }, []],
  ["the gateway states the basic scopes", { "x-ukco-scopes": "companies:read" }, ALL],
  ["no statement: read off the envelope", {}, ALL],
])("a loaded company's lacking scopes when %s", async (_name, headers, lacking) => {
  const loader = createCompanyLoader(() => productAnswering(headers), systemClock);
  const loaded = await loader.load("00012345");
  expect(loaded.lackingScopes).toEqual(lacking);
});
