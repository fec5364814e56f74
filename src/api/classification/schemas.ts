/** Schemas of the instant classification service and its login endpoint. */
import { z } from "zod";
import { text } from "../input";
import { lenient } from "../lenient";

export const MAX_TEXT_LENGTH = 1000;
export const MAX_WEBSITE_LENGTH = 500;

/** Send either `Text` or `Website`, not both. */
export const InstantClassificationRequestSchema = z
  .strictObject({ Text: text(1, MAX_TEXT_LENGTH).optional(), Website: text(1, MAX_WEBSITE_LENGTH).optional() })
  .refine((r) => (r.Text === undefined) !== (r.Website === undefined), {
    path: ["Text"],
    message: "send either Text or Website, not both and not neither",
  });
export type InstantClassificationRequest = z.input<typeof InstantClassificationRequestSchema>;

const scored = { Code: lenient(z.string()), Description: lenient(z.string()), Score: lenient(z.number()) };
/** INFERRED (API-FACTS, CONTRACT-CHOICES.md): RTIC items `{Code, Description, Score, WordsMatched}`. */
export const RticMatchSchema = z.looseObject({
  ...scored,
  WordsMatched: lenient(z.union([z.number(), z.array(z.string())])),
});
/** INFERRED (CONTRACT-CHOICES.md): SIC, RSIC and RNAIC items `{Code, Description, Score}`. */
export const ScoredCodeSchema = z.looseObject(scored);
/** INFERRED (CONTRACT-CHOICES.md): similar-company items. */
export const SimilarCompanySchema = z.looseObject({
  CompanyNumber: lenient(z.string()),
  CompanyName: lenient(z.string()),
  Similarity: lenient(z.number()),
});

const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((rows) => rows ?? []);

export const InstantClassificationResultSchema = z.looseObject({
  RTICs: list(RticMatchSchema),
  SimilarCompanies: list(SimilarCompanySchema),
  RSICs: list(ScoredCodeSchema),
  RNAICs: list(ScoredCodeSchema),
  SICs: list(ScoredCodeSchema),
  TotalWordsProcessed: z.number().int().nullish(),
  ProcessingTimeMs: z.number().int().nullish(),
  Website: z.string().nullish(),
  Description: z.string().nullish(),
});
export type InstantClassificationResult = z.infer<typeof InstantClassificationResultSchema>;

export const TokenResponseSchema = z.looseObject({ access_token: z.string().min(1), token_type: z.string() });

export interface LoginResult {
  accessToken: string;
  tokenType: string;
  /** Epoch ms from the JWT's `exp` claim (read, not verified); undefined when the token carries none. */
  expiresAt: number | undefined;
}

export interface LoginOptions {
  scope?: string;
  clientId?: string;
  clientSecret?: string;
}
