/** The multi-market client: list, filters, search, batch and one company, per market. */
import type { z } from "zod";
import type { RequestSpec } from "../http/request";
import type { Transport } from "../http/transport";
import { GuessedOperations, meansNoSuchRecord } from "../guessed";
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
  MAX_BATCH_NUMBERS,
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
  /**
   * Companies by number, each answered with its record, null when the market does not know it, or
   * the error of its own request: through `batch` (1,000 a request), or, where the service has no
   * batch operation (guessed.ts), one `company` request per number, each governed.
   */
  lookup(market: Market, companyNumbers: readonly string[], options?: CallOptions): Promise<MarketLookup>;
}

export type MarketLookup = Map<string, MarketCompany | null | Error>;

export function createMarketClient(
  transport: Transport,
  timeouts = MARKET_TIMEOUTS,
  guessed = new GuessedOperations(),
): MarketClient {
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

  const client: MarketClient = {
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
    async lookup(market, companyNumbers, options) {
      const viaBatch = async (): Promise<MarketLookup> => {
        const found: MarketLookup = new Map();
        for (let i = 0; i < companyNumbers.length; i += MAX_BATCH_NUMBERS) {
          const chunk = companyNumbers.slice(i, i + MAX_BATCH_NUMBERS);
          const answer = await client.batch(market, chunk, options);
          const byNumber = new Map(answer.Results.map((r) => [r.CompanyNumber ?? "", r.Company ?? null]));
          for (const number of chunk) found.set(number, byNumber.get(number) ?? null);
        }
        return found;
      };
      const oneByOne = async (): Promise<MarketLookup> => {
        const answers = await Promise.all(
          companyNumbers.map((number) =>
            client.company(market, number, options).then(
              (company): MarketCompany | null | Error => company,
              (error: unknown) => (meansNoSuchRecord(error) ? null : (error as Error)),
            ),
          ),
        );
        return new Map(companyNumbers.map((number, i) => [number, answers[i]!]));
      };
      return guessed.attempt("market.batch", viaBatch, oneByOne);
    },
  };
  return client;
}
