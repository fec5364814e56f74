/** Schemas of the company matching service: single match, batch jobs and their results. */
import { z } from "zod";
import { isObject, listIn } from "../read";
import { text, wholeNumber } from "../input";
import { lenient } from "../lenient";

export const INPUT_NAME_MAX = 512;
export const MAX_BATCH_COMPANIES = 1000;
/** INFERRED (CONTRACT-CHOICES.md "Hint fields"): names and length bounds of the optional hints. */
export const MATCH_HINT_LIMITS = { website: 500, postcode: 16, address: 1000, sic_code: 10, date_hint: 32 } as const;
/** INFERRED (CONTRACT-CHOICES.md "Batch submit"): bounds of `webhook_secret`. */
export const WEBHOOK_SECRET_LENGTH = { min: 16, max: 256 } as const;

const hint = (max: number) => text(0, max).optional();

export const MatchRequestSchema = z.strictObject({
  input_name: text(1, INPUT_NAME_MAX),
  id: z.string("must be text").optional(),
  website: hint(MATCH_HINT_LIMITS.website),
  postcode: hint(MATCH_HINT_LIMITS.postcode),
  address: hint(MATCH_HINT_LIMITS.address),
  sic_code: hint(MATCH_HINT_LIMITS.sic_code),
  date_hint: hint(MATCH_HINT_LIMITS.date_hint),
});
export type MatchRequest = z.input<typeof MatchRequestSchema>;

export const CONFIDENCE_LEVELS = ["high", "medium", "low", "none"] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

/**
 * A match result. `confidence` and `route` are read as strings, not enums, so a new band in a
 * later release reaches the caller instead of failing every match; see CONFIDENCE_LEVELS.
 */
export const MatchResultSchema = z.looseObject({
  input_name: z.string().nullish(),
  // INFERRED (CONTRACT-CHOICES.md "Results"): batch rows sent without an id echo their index, possibly as a number.
  id: z.union([z.string(), z.number().transform(String)]).nullish(),
  matched_company_number: z.string().nullish(),
  matched_company_name: z.string().nullish(),
  matched_registered_postcode: z.string().nullish(),
  company_status: z.string().nullish(),
  /** Deprecated: `"True"`/`"False"`; use `company_status`. Removed in the next API version. */
  active: z.string().nullish(),
  rigorous_match: z.boolean(),
  route: z.string().nullable(),
  confidence: z.string(),
  reasons: z.array(z.string()).nullish(),
  degraded: z.array(z.string()).nullish(),
  error: z.string().nullish(),
  website: lenient(z.string()),
  postcode: lenient(z.string()),
  address: lenient(z.string()),
  sic_code: lenient(z.string()),
  date_hint: lenient(z.string()),
});
export type MatchResult = z.infer<typeof MatchResultSchema>;

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
const absoluteHttpUrl = z.string("must be text").refine(isAbsoluteHttpUrl, "must be an absolute http(s) URL");

export const BatchSubmitRequestSchema = z
  .strictObject({
    companies: z
      .array(MatchRequestSchema)
      .min(1, "must hold at least one company")
      .max(MAX_BATCH_COMPANIES, `must hold at most ${MAX_BATCH_COMPANIES} companies`),
    callback_url: absoluteHttpUrl.optional(),
    webhook_secret: text(WEBHOOK_SECRET_LENGTH.min, WEBHOOK_SECRET_LENGTH.max).optional(),
  })
  .refine((b) => !b.callback_url || b.webhook_secret, {
    path: ["webhook_secret"],
    message: "is required when callback_url is given",
  });
export type BatchSubmitRequest = z.input<typeof BatchSubmitRequestSchema>;

export const BATCH_STATUSES = ["queued", "running", "completed", "failed"] as const;

/** INFERRED (CONTRACT-CHOICES.md "Batch submit"): 202 `{job_id, status, total, created_at}`. */
export const BatchJobSchema = z.looseObject({
  job_id: z.string().min(1),
  status: z.string(),
  total: lenient(wholeNumber(0)),
  created_at: lenient(z.string()),
});
export type BatchJob = z.infer<typeof BatchJobSchema>;

/** INFERRED (CONTRACT-CHOICES.md "Status"). */
export const BatchStatusSchema = BatchJobSchema.extend({
  processed: lenient(wholeNumber(0)),
  updated_at: lenient(z.string()),
  error: lenient(z.string()),
});
export type BatchStatus = z.infer<typeof BatchStatusSchema>;

/** INFERRED (CONTRACT-CHOICES.md "Results"): rows processed so far, each echoing its request `id`. */
export const BatchResultsSchema = z.preprocess(
  (body) => {
    // Read tolerantly: the rows under `results`, another envelope key (`data`, `items`), or a bare array.
    const rows = listIn(body, "results", "rows", "matches");
    return rows ? { ...(isObject(body) ? body : {}), results: rows } : body;
  },
  z.looseObject({
    job_id: lenient(z.string()),
    status: lenient(z.string()),
    results: z.array(MatchResultSchema),
  }),
);
export type BatchResults = z.infer<typeof BatchResultsSchema>;
