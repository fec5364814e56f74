/**
 * Pages of `POST /v1/{market}/companies`, by the contract's rule: advance `Offset` by the page
 * size; stop when the collected count reaches `TotalCount` or a page returns fewer records than
 * `Limit` (with `IncludeTotalCount` false, only the short page). Changing filters between pages
 * can skip or repeat records, so the request is fixed for the whole walk.
 */
import { walkPages, type Page, type PagingOptions } from "../paging";
import type { MarketClient } from "./client";
import {
  DEFAULT_LIMIT,
  type Market,
  type MarketCompaniesRequest,
  type MarketCompaniesResponse,
  type MarketCompany,
} from "./schemas";

export function pageMarketCompanies(
  client: MarketClient,
  market: Market,
  request: MarketCompaniesRequest,
  options: PagingOptions = {},
): AsyncGenerator<Page<MarketCompany, MarketCompaniesResponse>> {
  const fixed = { ...request };
  return walkPages(
    {
      service: "market",
      pageSize: options.pageSize ?? request.Limit ?? DEFAULT_LIMIT,
      startOffset: request.Offset ?? 0,
      // Insights describe the whole filtered set: aggregate them once, on the first page.
      fetchPage: ({ limit, offset, pageIndex }, call) =>
        client.listCompanies(
          market,
          { ...fixed, Limit: limit, Offset: offset, IncludeInsights: pageIndex === 0 ? fixed.IncludeInsights : false },
          call,
        ),
      itemsOf: (r) => r.Companies,
      totalOf: (r) => r.TotalCount ?? undefined,
    },
    options,
  );
}
