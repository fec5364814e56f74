/**
 * A team decision, as stored and as said over HTTP. A decision answers one match (a name and its
 * hints): the company an analyst chose, or none ("no match"), who chose it and when, and the
 * confidence the matching service had given. The newest of a key answers; the older ones are its
 * history. Every schema here is strict (an unknown field is refused, not ignored): who decided,
 * when, and for which team are the gateway's to say, never a request's.
 */
import { z } from "zod";
import { HINT_MAX, MATCH_HINTS, NAME_MAX, type Hints } from "./key";

/** A UK company number as the add-in sends it: normalised, 8 characters. */
export const COMPANY_NUMBER = /^(?:\d{8}|[A-Z]{2}\d{6}|R0\d{6})$/;
/** Most asks one lookup may hold (a Match names run asks in slices of its batch jobs' size). */
export const MAX_LOOKUP = 5000;

const hintFields = Object.fromEntries(MATCH_HINTS.map((h) => [h, z.string().max(HINT_MAX[h]).optional()])) as {
  [H in keyof typeof HINT_MAX]: z.ZodOptional<z.ZodString>;
};

export const HintsSchema = z.strictObject(hintFields);

const askFields = { name: z.string().min(1).max(NAME_MAX), ...hintFields };

/** One match asked: a name and its hints. */
export const AskSchema = z.strictObject(askFields);
export type Ask = z.infer<typeof AskSchema>;

export const LookupBodySchema = z.strictObject({ asks: z.array(AskSchema).min(1).max(MAX_LOOKUP) });

/** A decision written by an analyst: the ask, and the company chosen (`null`: no match). */
export const DecisionBodySchema = z.strictObject({
  ...askFields,
  company: z.string().regex(COMPANY_NUMBER, "must be an 8-character company number").nullable(),
  /** The matching service's confidence in its own proposal, kept beside the decision. */
  confidence: z.string().max(16).optional(),
});
export type DecisionBody = z.infer<typeof DecisionBodySchema>;

/** The company a decision chose, with the register facts the product API gave when it was decided. */
export const ChosenCompanySchema = z.object({
  number: z.string(),
  name: z.string().optional(),
  status: z.string().optional(),
  postcode: z.string().optional(),
});
export type ChosenCompany = z.infer<typeof ChosenCompanySchema>;

export const StoredDecisionSchema = z.object({
  id: z.string(),
  team: z.string(),
  /** matchKeyOf(name, hints): what it answers. */
  key: z.string(),
  /** The name and hints as the analyst had them. */
  name: z.string(),
  hints: z.record(z.string(), z.string()),
  company: ChosenCompanySchema.nullable(),
  /** The gateway's user id, and the name shown for it. */
  by: z.string(),
  byName: z.string(),
  at: z.string(),
  confidence: z.string().optional(),
});
export type StoredDecision = z.infer<typeof StoredDecisionSchema>;

/** What a user reads of a decision: no user id, only the name shown, and whether it is their own. */
export interface SharedDecision {
  name: string;
  hints: Hints;
  company: ChosenCompany | null;
  decidedBy: string;
  decidedAt: string;
  mine: boolean;
  confidence?: string;
}

export const shared = (d: StoredDecision, user: string): SharedDecision => ({
  name: d.name,
  hints: d.hints,
  company: d.company,
  decidedBy: d.byName,
  decidedAt: d.at,
  mine: d.by === user,
  ...(d.confidence !== undefined ? { confidence: d.confidence } : {}),
});

/** The hints of an ask or a decision body, without the other fields. */
export function hintsOf(body: Hints): Hints {
  const out: Hints = {};
  for (const h of MATCH_HINTS) if (body[h] !== undefined && body[h] !== "") out[h] = body[h];
  return out;
}
