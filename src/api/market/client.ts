/** The multi-market client: list, filters, search, batch and one company, per market. */
import type { z } from "zod";
import type { RequestSpec } from "../http/request";
import type { Transport } from "../http/transport";
import type { CallOptions } from "../http/types";
import { checkInput, nonEmptyText } from "../input";
import {
  MarketBatchRequestSchema,
  MarketBatchResponseSchema,
  MarketCompaniesRequestSchema,
  MarketCompaniesResponseSchema,
  MarketCompanySchema,
  MarketFiltersSchema,
  MarketSchema,
  MarketSearchRequestSchema,
  MarketSearchResponseSchema,
  type Market,
  type MarketBatchResponse,
  type MarketCompaniesRequest,
  type MarketCompaniesResponse,
  type MarketCompany,
  type MarketFilters,
  type MarketSearchRequest,
  type MarketSearchResponse,
} from "./schemas";

export const MARKET_TIMEOUTS = { requestMs: 30_000 };

export interface MarketClient {
  listCompanies(
    market: Market,
    request: MarketCompaniesRequest,
    options?: CallOptions,
  ): Promise<MarketCompaniesResponse>;
  filters(market: Market, options?: CallOptions): Promise<MarketFilters>;
  search(market: Market, request: MarketSearchRequest, options?: CallOptions): Promise<MarketSearchResponse>;
  batch(market: Market, companyNumbers: readonly string[], options?: CallOptions): Promise<MarketBatchResponse>;
  company(market: Market, companyNumber: string, options?: CallOptions): Promise<MarketCompany>;
}

export function createMarketClient(transport: Transport, timeouts = MARKET_TIMEOUTS): MarketClient {
  const root = (market: Market): string => `/v1/${checkInput("market", MarketSchema, market, "market")}`;
  // Every multi-market operation is a read, so resending after a network failure is safe.
  const send = <S extends z.ZodType>(
    operation: string,
    method: "GET" | "POST",
    path: string,
    schema: S,
    extra: Partial<RequestSpec<S>>,
    options?: CallOptions,
  ) =>
    transport.send(
      {
        operation: `market.${operation}`,
        method,
        path,
        schema,
        timeoutMs: timeouts.requestMs,
        idempotent: true,
        ...extra,
      },
      options,
    );

  return {
    async listCompanies(market, request, options) {
      const json = checkInput("market", MarketCompaniesRequestSchema, request);
      return send(
        "listCompanies",
        "POST",
        `${root(market)}/companies`,
        MarketCompaniesResponseSchema,
        { json },
        options,
      );
    },
    async filters(market, options) {
      // INFERRED (CONTRACT-CHOICES.md "GET /filters"): path.
      return send("filters", "GET", `${root(market)}/filters`, MarketFiltersSchema, {}, options);
    },
    async search(market, request, options) {
      // INFERRED (CONTRACT-CHOICES.md "GET /search"): path and the `name` parameter.
      const query = checkInput("market", MarketSearchRequestSchema, request);
      return send("search", "GET", `${root(market)}/search`, MarketSearchResponseSchema, { query }, options);
    },
    async batch(market, companyNumbers, options) {
      // INFERRED (CONTRACT-CHOICES.md "Batch"): path and body.
      const json = checkInput("market", MarketBatchRequestSchema, { CompanyNumbers: companyNumbers });
      return send("batch", "POST", `${root(market)}/companies/batch`, MarketBatchResponseSchema, { json }, options);
    },
    async company(market, companyNumber, options) {
      // INFERRED (CONTRACT-CHOICES.md "One company"): path; a missing company is a 404 without `trace`.
      const number = encodeURIComponent(checkInput("market", nonEmptyText, companyNumber, "companyNumber"));
      return send("company", "GET", `${root(market)}/companies/${number}`, MarketCompanySchema, {}, options);
    },
  };
}
