/** Schemas of the multi-market service (markets us, fr, de, ie). */
import { z } from "zod";
import { nonEmptyText, wholeNumber } from "../input";
import {
  CodeDescriptionSchema,
  FilterGroupSchema,
  lenient,
  lenientArray,
  named,
  readFilterCatalogue,
  requiredList,
  type FilterFieldAliases,
} from "../lenient";
import { isObject, listIn } from "../read";

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

/** INFERRED (CONTRACT-CHOICES.md "Company record"): every field lenient, in any case, with a few other names. */
export const MarketCompanyFieldsSchema = z.looseObject({
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
export const MarketCompanySchema = named(
  {
    CompanyNumber: ["Number", "Id"],
    CompanyName: ["Name"],
    PostalCode: ["Postcode", "Zip", "ZipCode"],
    NAICS: ["Codes", "IndustryCodes"],
  },
  MarketCompanyFieldsSchema,
);
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

/** INFERRED (CONTRACT-CHOICES.md "Other body filters"): the request field each market filter group feeds, and other names for it. */
export const MARKET_FILTER_GROUPS: FilterFieldAliases = {
  NAICS: ["NAICSCodes", "Codes", "IndustryCodes", "Industries", "NAF", "WZ", "NACE"],
  Locations: ["Location", "Regions", "States", "Counties", "Departements", "Lander"],
};

/** INFERRED (CONTRACT-CHOICES.md "GET /filters"), as a list of groups or keyed by group (lenient.ts readFilterCatalogue). */
export const MarketFiltersSchema = z.preprocess(
  (body) => readFilterCatalogue(body, MARKET_FILTER_GROUPS),
  z.looseObject({ Market: lenient(z.string()), Filters: z.array(FilterGroupSchema) }),
);
export type MarketFilters = z.infer<typeof MarketFiltersSchema>;

export const MarketSearchRequestSchema = z.strictObject({
  name: nonEmptyText,
  limit: wholeNumber(SEARCH_LIMIT.min, SEARCH_LIMIT.max).optional(),
});
export type MarketSearchRequest = z.input<typeof MarketSearchRequestSchema>;
/** Puts the list a body carries (bare, or under `names` or a common envelope key) under `name`. */
const listUnder =
  (name: string, ...names: string[]) =>
  (body: unknown) => {
    const list = listIn(body, name, ...names);
    return list ? { ...(isObject(body) ? body : {}), [name]: list } : body;
  };

/** INFERRED (CONTRACT-CHOICES.md "GET /search"): best first; `{Companies}`, another envelope or a bare array. */
export const MarketSearchResponseSchema = z.preprocess(
  listUnder("Companies", "Matches", "Hits"),
  z.looseObject({ Companies: requiredList(MarketCompanySchema) }),
);
export type MarketSearchResponse = z.infer<typeof MarketSearchResponseSchema>;

export const MarketBatchRequestSchema = z.strictObject({
  CompanyNumbers: z
    .array(nonEmptyText)
    .min(1, "must hold at least one number")
    .max(MAX_BATCH_NUMBERS, `must hold at most ${MAX_BATCH_NUMBERS} numbers`),
});
/** INFERRED (CONTRACT-CHOICES.md "Batch"): one result per entry, in order; `Company` null when unknown. */
export const MarketBatchResponseSchema = z.preprocess(
  listUnder("Results"),
  z.looseObject({
    Results: requiredList(
      named(
        { Company: ["Record", "Data"] },
        z.looseObject({ CompanyNumber: lenient(z.string()), Company: lenient(MarketCompanySchema) }),
      ),
    ),
  }),
);
export type MarketBatchResponse = z.infer<typeof MarketBatchResponseSchema>;
