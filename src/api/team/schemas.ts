/**
 * The team gateway's decisions (gateway/decisions/routes.ts): what an analyst's review decided
 * for a match, shared by the team. The gateway is ours, so these shapes are its own, not a
 * contract's reading; unknown fields are kept all the same (a newer gateway may add some).
 */
import { z } from "zod";
import { INPUT_NAME_MAX, MATCH_HINT_LIMITS } from "../matching/schemas";

/** What a match is asked by: the name and the hints the add-in sends. */
export const TeamAskSchema = z.strictObject({
  name: z.string().min(1).max(INPUT_NAME_MAX),
  postcode: z.string().max(MATCH_HINT_LIMITS.postcode).optional(),
  website: z.string().max(MATCH_HINT_LIMITS.website).optional(),
});
export type TeamAsk = z.input<typeof TeamAskSchema>;

/** Most asks in one lookup (the gateway takes up to 5,000; a batch job's worth keeps a body small). */
export const TEAM_LOOKUP_MAX = 1000;

export const TeamDecisionSchema = z.looseObject({
  name: z.string(),
  hints: z.record(z.string(), z.string()).optional(),
  company: z
    .looseObject({
      number: z.string(),
      name: z.string().optional(),
      status: z.string().optional(),
      postcode: z.string().optional(),
    })
    .nullable(),
  /** The name the gateway shows for whoever decided. */
  decidedBy: z.string(),
  decidedAt: z.string(),
  /** Decided by the user asking. */
  mine: z.boolean().optional(),
  confidence: z.string().optional(),
});
export type TeamDecision = z.infer<typeof TeamDecisionSchema>;

export const TeamLookupSchema = z.looseObject({ decisions: z.array(TeamDecisionSchema.nullable()) });
export const TeamRecordedSchema = z.looseObject({ decision: TeamDecisionSchema });
export const TeamHistorySchema = z.looseObject({ history: z.array(TeamDecisionSchema) });

/** A decision to record: the ask, the company chosen (null: no match), the service's confidence. */
export const TeamDecisionInputSchema = TeamAskSchema.extend({
  company: z.string().nullable(),
  confidence: z.string().max(16).optional(),
});
export type TeamDecisionInput = z.input<typeof TeamDecisionInputSchema>;
