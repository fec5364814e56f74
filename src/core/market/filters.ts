/**
 * A market's filter choices and what an empty answer means. The contract: a filter value the
 * market does not recognise (a mistyped code, a code of another market, a location of another
 * country) does not fail; the answer is 200 with no companies and TotalCount 0. So an empty
 * answer is checked against the market's own catalogue (`GET /filters`) and explained.
 */
import type { FilterGroup } from "@ukco/api/lenient";
import type { Market, MarketCompaniesRequest } from "@ukco/api/market/schemas";

/** The body fields a market picker feeds (CONTRACT-CHOICES.md "Other body filters"). */
export const MARKET_FILTER_FIELDS = ["NAICS", "Locations"] as const;
export type MarketFilterField = (typeof MARKET_FILTER_FIELDS)[number];

export const MARKET_NAMES: Readonly<Record<Market, string>> = {
  us: "United States",
  fr: "France",
  de: "Germany",
  ie: "Ireland",
};

export interface MarketQuery {
  filters: Partial<Record<MarketFilterField, string[]>>;
  minEmployees?: number | undefined;
  maxEmployees?: number | undefined;
}

export function marketRequest(query: MarketQuery): MarketCompaniesRequest {
  const request: MarketCompaniesRequest = {};
  for (const field of MARKET_FILTER_FIELDS) {
    const values = query.filters[field];
    if (values?.length) request[field] = [...values];
  }
  if (query.minEmployees !== undefined) request.MinEmployees = query.minEmployees;
  if (query.maxEmployees !== undefined) request.MaxEmployees = query.maxEmployees;
  return request;
}

export function describeMarketQuery(market: Market, query: MarketQuery): string {
  const parts = MARKET_FILTER_FIELDS.flatMap((field) => {
    const values = query.filters[field] ?? [];
    return values.length
      ? [`${field}: ${values.slice(0, 5).join(", ")}${values.length > 5 ? ` and ${values.length - 5} more` : ""}`]
      : [];
  });
  if (query.minEmployees !== undefined || query.maxEmployees !== undefined)
    parts.push(`employees ${query.minEmployees ?? 0}–${query.maxEmployees ?? "any"}`);
  return `${MARKET_NAMES[market]} (${market}): ${parts.length ? parts.join("; ") : "all companies"}`;
}

/** The values of the query that the market's catalogue does not list, as `Field X`. */
export function unrecognisedValues(query: MarketQuery, catalogue: readonly FilterGroup[]): string[] {
  const known = new Map(catalogue.map((group) => [group.Field, new Set(group.Values.map((v) => v.Code))]));
  return MARKET_FILTER_FIELDS.flatMap((field) => {
    const codes = known.get(field);
    return (query.filters[field] ?? []).filter((value) => !codes?.has(value)).map((value) => `${field} ${value}`);
  });
}

/** Why a query found nothing, in words for the pane. */
export function explainEmpty(market: Market, query: MarketQuery, catalogue: readonly FilterGroup[]): string {
  const unknown = unrecognisedValues(query, catalogue);
  if (unknown.length)
    return `No companies: the ${market} market does not recognise ${unknown.join(", ")}. Pick values from its lists.`;
  return `No companies in the ${market} market match all of these filters together.`;
}
