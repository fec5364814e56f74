/**
 * What a Match names run leaves in the workbook, so the review carries on after the pane (or the
 * file) is closed: where the names and results are, the choices made, and the review queue with
 * its decisions. It is saved as one custom XML part in our own namespace:
 *
 *   <matchNames xmlns="urn:ukco-addin:match-names:1">{ JSON of MatchSession }</matchNames>
 *
 * The JSON has `<`, `>` and `&` written as \u escapes, so it is XML text as it stands and
 * JSON.parse reads it back without an XML unescape. It holds no credential. Read back through
 * MatchSessionSchema; a part that does not fit is reported, not used.
 */
import { z } from "zod";
import { StoredMatchSchema } from "../cache/snapshot";
import { THRESHOLDS } from "./queue";

export const MATCH_SESSION_NAMESPACE = "urn:ukco-addin:match-names:1";
export const MATCH_SESSION_VERSION = 1;
export const OUTPUT_KINDS = ["values", "formulas"] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

const DecisionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("accepted"), number: z.string().min(1) }),
  z.object({ kind: z.literal("rejected") }),
]);

const QueueEntrySchema = z.object({
  key: z.string(),
  rows: z.array(z.number().int().min(0)).min(1),
  name: z.string(),
  postcode: z.string(),
  website: z.string(),
  proposed: StoredMatchSchema,
  decision: DecisionSchema.optional(),
  /** Absent in sessions saved before team decisions. */
  team: z.object({ by: z.string(), at: z.string(), mine: z.boolean() }).optional(),
});

export const MatchSessionSchema = z.object({
  version: z.literal(MATCH_SESSION_VERSION),
  sheet: z.string(),
  nameColumn: z.number().int().min(0),
  /** First of the result columns: number, name, confidence, status (and review). */
  outputColumn: z.number().int().min(0),
  /** How many result columns the run wrote; absent in sessions saved before the review column (four). */
  outputWidth: z.number().int().min(1).optional(),
  headerRow: z.number().int().min(0).optional(),
  firstRow: z.number().int().min(0),
  lastRow: z.number().int().min(0),
  postcodeColumn: z.number().int().min(0).optional(),
  websiteColumn: z.number().int().min(0).optional(),
  threshold: z.enum(THRESHOLDS),
  output: z.enum(OUTPUT_KINDS),
  totalRows: z.number().int().min(0),
  unmatchedRows: z.number().int().min(0),
  jobs: z.number().int().min(0),
  failures: z.array(z.string()),
  queue: z.array(QueueEntrySchema),
  /** The entry on screen. */
  position: z.number().int().min(0),
  matchedAt: z.string(),
});
export type MatchSession = z.infer<typeof MatchSessionSchema>;

const XML_SPECIAL = /[<>&]/g;

export function sessionXml(session: MatchSession): string {
  const json = JSON.stringify(session).replace(
    XML_SPECIAL,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `<matchNames xmlns="${MATCH_SESSION_NAMESPACE}">${json}</matchNames>`;
}

export type ReadSession = { ok: true; session: MatchSession } | { ok: false; problem: string };

export function readSessionXml(xml: string): ReadSession {
  const body = /<matchNames\b[^>]*>([\s\S]*)<\/matchNames>\s*$/.exec(xml.trim());
  if (!body) return { ok: false, problem: "the saved review queue is not a <matchNames> part" };
  let json: unknown;
  try {
    json = JSON.parse(body[1]!);
  } catch {
    return { ok: false, problem: "the saved review queue is not JSON" };
  }
  const parsed = MatchSessionSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problem: `the saved review queue does not fit its format (${issue?.path.join(".") || "root"}: ${issue?.message ?? "invalid"})`,
    };
  }
  return { ok: true, session: parsed.data };
}
