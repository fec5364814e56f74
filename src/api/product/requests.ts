/** Request schemas of the product API v2: the documented limits, checked before anything is sent. */
import { z } from "zod";
import { nonEmptyText, wholeNumber } from "../input";

/** Contract: `returnCount` is an integer 1 to 1000. */
export const MAX_RETURN_COUNT = 1000;
/** Contract default page size where an endpoint documents none of its own. */
export const DEFAULT_RETURN_COUNT = 40;
/** INFERRED (CONTRACT-CHOICES.md): default page size of `GET /v2/companies/by-website`. */
export const WEBSITE_DEFAULT_RETURN_COUNT = 10;
/** Contract: inline `CompanyNumbers` serve "roughly 50,000"; above that, upload a set. */
export const MAX_INLINE_COMPANY_NUMBERS = 50_000;

const returnCount = wholeNumber(1, MAX_RETURN_COUNT).optional();
const skip = wholeNumber(0).optional();
const codes = z.array(nonEmptyText);
const paging = { returnCount, skip };

/** Body of `POST /v2/companies` plus its `insights` query flag. */
export const CompaniesQuerySchema = z.strictObject({
  rtics: codes.optional(),
  cics: codes.optional(),
  CompanyNumbers: z
    .array(nonEmptyText)
    .max(MAX_INLINE_COMPANY_NUMBERS, `must hold at most ${MAX_INLINE_COMPANY_NUMBERS} numbers; upload a set instead`)
    .optional(),
  CompanyNumberSetId: nonEmptyText.optional(),
  AllowLargeAnalysis: z.boolean().optional(),
  // INFERRED (CONTRACT-CHOICES.md "Remaining filter fields"): intersected with the others.
  SICs: codes.optional(),
  CompanyStatus: codes.optional(),
  PostcodeAreas: codes.optional(),
  Nations: codes.optional(),
  // INFERRED (CONTRACT-CHOICES.md): the contract names the ReturnCompanyIDsOnly setting but not where it
  // goes; a body field. The answer's `companies` are then plain numbers (cheap to count or page).
  ReturnCompanyIDsOnly: z.boolean().optional(),
  ...paging,
  /** Query parameter: true adds `insights` over the whole matched set. */
  insights: z.boolean().optional(),
});
export type CompaniesQuery = z.input<typeof CompaniesQuerySchema>;

/** INFERRED (CONTRACT-CHOICES.md): body of `POST /v2/companies/number-sets`. */
export const NumberSetRequestSchema = z.strictObject({
  CompanyNumbers: z.array(nonEmptyText).min(1, "must hold at least one number"),
});

export const ClassifyRequestSchema = z.strictObject({
  yes: z.array(nonEmptyText),
  no: z.array(nonEmptyText),
  returnCount,
});
export type ClassifyRequest = z.input<typeof ClassifyRequestSchema>;

export const WebsiteBatchRequestSchema = z.strictObject({
  urls: z.array(nonEmptyText).min(1, "must hold at least one URL"),
  ...paging,
});
export type WebsiteBatchRequest = z.input<typeof WebsiteBatchRequestSchema>;

export const WebsiteRequestSchema = z.strictObject({ url: nonEmptyText, ...paging });
export type WebsiteRequest = z.input<typeof WebsiteRequestSchema>;

/** INFERRED (CONTRACT-CHOICES.md): the two query parameters of list-summary. */
export const ListSummaryRequestSchema = z.strictObject({
  modelCode: nonEmptyText,
  cutoff: z.number("must be a number").min(0, "must be at least 0").max(1, "must be at most 1"),
});
export type ListSummaryRequest = z.input<typeof ListSummaryRequestSchema>;

export const PagingSchema = z.strictObject(paging);
export type Paging = z.input<typeof PagingSchema>;

/** A path segment (company number, list id): must not be empty. */
export const PathSegmentSchema = nonEmptyText;
