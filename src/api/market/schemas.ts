/** Schemas of the multi-market service (markets us, fr, de, ie). */
import { z } from "zod";
import { nonEmptyText, wholeNumber } from "../input";
import { CodeDescriptionSchema, FilterGroupSchema, lenient, lenientArray } from "../lenient";

export const MARKETS = ["us", "fr", "de", "ie"] as const;
export type Market = (typeof MARKETS)[number];
export const MarketSchema = z.enum(MARKETS, `must be one of ${MARKETS.join(", ")}`);

export const MAX_LIMIT = 1000;
/** INFERRED (CONTRACT-CHOICES.md "Default Limit"): the service's page size when `Limit` is omitted. */
export const DEFAULT_LIMIT = 100;
/** INFERRED (CONTRACT-CHOICES.md "GET /search"): `limit` bounds and default. */
export const SEARCH_LIMIT = { min: 1, max: 100, default: 10 } as const;
/** INFERRED (CONTRACT-CHOICES.md "Batch"): at most this many numbers per batch. */
export const MAX_BATCH_NUMBERS = 1000;

const codes = z.array(nonEmptyText);

export const MarketCompaniesRequestSchema = z.strictObject({
  NAICS: codes.optional(),
  // INFERRED (CONTRACT-CHOICES.md "Other body filters").
  Locations: codes.optional(),
  MinEmployees: wholeNumber(0).optional(),
  MaxEmployees: wholeNumber(0).optional(),
  Limit: wholeNumber(1, MAX_LIMIT).optional(),
  Offset: wholeNumber(0).optional(),
  IncludeTotalCount: z.boolean().optional(),
  IncludeInsights: z.boolean().optional(),
});
export type MarketCompaniesRequest = z.input<typeof MarketCompaniesRequestSchema>;

/** INFERRED (CONTRACT-CHOICES.md "Company record"): every field lenient. */
export const MarketCompanySchema = z.looseObject({
  CompanyNumber: lenient(z.string()),
  CompanyName: lenient(z.string()),
  Market: lenient(z.string()),
  Status: lenient(z.string()),
  City: lenient(z.string()),
  Region: lenient(z.string()),
  PostalCode: lenient(z.string()),
  Website: lenient(z.string()),
  NAICS: lenientArray(z.string()),
  PrimaryCode: lenient(z.string()),
  PrimaryDescription: lenient(z.string()),
  Employees: lenient(z.number()),
  Revenue: lenient(z.number()),
  Currency: lenient(z.string()),
  IncorporationDate: lenient(z.string()),
});
export type MarketCompany = z.infer<typeof MarketCompanySchema>;

const counted = { Count: lenient(z.number()) };
/** INFERRED (CONTRACT-CHOICES.md "Insights"); `{}` when IncludeInsights is false. */
export const MarketInsightsSchema = z.looseObject({
  ByCode: lenientArray(CodeDescriptionSchema.extend(counted)),
  ByLocation: lenientArray(z.looseObject({ Code: lenient(z.string()), Name: lenient(z.string()), ...counted })),
  EmployeeBands: lenientArray(z.looseObject({ Band: lenient(z.string()), ...counted })),
});

export const MarketCompaniesResponseSchema = z.looseObject({
  Companies: z.array(MarketCompanySchema),
  /** Omitted when IncludeTotalCount is false. */
  TotalCount: z.number().int().nullish(),
  Insights: lenient(MarketInsightsSchema),
});
export type MarketCompaniesResponse = z.infer<typeof MarketCompaniesResponseSchema>;

/** INFERRED (CONTRACT-CHOICES.md "GET /filters"). */
export const MarketFiltersSchema = z.looseObject({
  Market: lenient(z.string()),
  Filters: lenientArray(FilterGroupSchema),
});
export type MarketFilters = z.infer<typeof MarketFiltersSchema>;

export const MarketSearchRequestSchema = z.strictObject({
  name: nonEmptyText,
  limit: wholeNumber(SEARCH_LIMIT.min, SEARCH_LIMIT.max).optional(),
});
export type MarketSearchRequest = z.input<typeof MarketSearchRequestSchema>;
/** INFERRED (CONTRACT-CHOICES.md "GET /search"): best first. */
export const MarketSearchResponseSchema = z.looseObject({ Companies: lenientArray(MarketCompanySchema) });
export type MarketSearchResponse = z.infer<typeof MarketSearchResponseSchema>;

export const MarketBatchRequestSchema = z.strictObject({
  CompanyNumbers: z
    .array(nonEmptyText)
    .min(1, "must hold at least one number")
    .max(MAX_BATCH_NUMBERS, `must hold at most ${MAX_BATCH_NUMBERS} numbers`),
});
/** INFERRED (CONTRACT-CHOICES.md "Batch"): one result per entry, in order; `Company` null when unknown. */
export const MarketBatchResponseSchema = z.looseObject({
  Results: lenientArray(z.looseObject({ CompanyNumber: lenient(z.string()), Company: lenient(MarketCompanySchema) })),
});
export type MarketBatchResponse = z.infer<typeof MarketBatchResponseSchema>;
