/**
 * The per-workbook store's contents: only what the workbook's formulas used, with the time each
 * value was fetched. It is saved inside the workbook, so a reopened or shared file answers
 * without the network. It never holds a credential: nothing here has a place for one.
 * Read back through zod, because a workbook is input like any other (edited, truncated, old).
 */
import { z } from "zod";

export const SNAPSHOT_VERSION = 1;

/** One company: the raw values at the field paths formulas read (`f`), or `nf` when it does not exist. */
const CompanySnapshotSchema = z.object({
  t: z.number(),
  nf: z.literal(1).optional(),
  /** Scopes the token lacked when this company was fetched (their fields were omitted). */
  l: z.array(z.string()).optional(),
  f: z.record(z.string(), z.unknown()).default({}),
});

/** What UKCO.MATCH shows; the other result fields are not needed to answer a cell. */
export const StoredMatchSchema = z.object({
  number: z.string().nullable(),
  name: z.string().nullable(),
  status: z.string().nullable(),
  confidence: z.string(),
  route: z.string().nullable(),
  postcode: z.string().nullable(),
  rigorous: z.boolean(),
});
export type StoredMatch = z.infer<typeof StoredMatchSchema>;

const StoredCodeSchema = z.object({ code: z.string(), description: z.string(), score: z.number().nullable() });
export type StoredCode = z.infer<typeof StoredCodeSchema>;

/** What UKCO.CLASSIFY shows, best first, trimmed to the most any output can ask for. */
export const StoredClassificationSchema = z.object({
  rtics: z.array(StoredCodeSchema),
  sics: z.array(StoredCodeSchema),
  rsics: z.array(StoredCodeSchema),
  rnaics: z.array(StoredCodeSchema),
  similar: z.array(StoredCodeSchema),
});
export type StoredClassification = z.infer<typeof StoredClassificationSchema>;

/** One row of UKCO.GROUP: level, company number, name, parent number. */
export const StoredGroupRowSchema = z.tuple([z.number(), z.string(), z.string(), z.string()]);
export type StoredGroupRow = z.infer<typeof StoredGroupRowSchema>;

const timed = <T extends z.ZodType>(value: T) => z.object({ t: z.number(), r: value });

export const SnapshotSchema = z.object({
  v: z.literal(SNAPSHOT_VERSION),
  savedAt: z.number(),
  companies: z.record(z.string(), CompanySnapshotSchema).default({}),
  matches: z.record(z.string(), timed(StoredMatchSchema)).default({}),
  classifications: z.record(z.string(), timed(StoredClassificationSchema)).default({}),
  groups: z.record(z.string(), timed(z.array(StoredGroupRowSchema))).default({}),
  /** UKCO.WEBSITE: domain → company number (null: no company has it). Absent from stores written before it. */
  websites: z.record(z.string(), timed(z.string().nullable())).default({}),
  /** UKCO.MARKET: `market:number` → the market's record (small), null when unknown. Absent from older stores. */
  market: z.record(z.string(), timed(z.record(z.string(), z.unknown()).nullable())).default({}),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;
export type CompanySnapshot = z.infer<typeof CompanySnapshotSchema>;

export function emptySnapshot(now: number): Snapshot {
  return {
    v: SNAPSHOT_VERSION,
    savedAt: now,
    companies: {},
    matches: {},
    classifications: {},
    groups: {},
    websites: {},
    market: {},
  };
}

/** Parses stored text; a store that does not fit is reported, not trusted. */
export function parseSnapshot(text: string): { ok: true; snapshot: Snapshot } | { ok: false; problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: "The workbook's stored UK company data is not readable JSON; it was ignored." };
  }
  const result = SnapshotSchema.safeParse(raw);
  if (!result.success) {
    return {
      ok: false,
      problem: "The workbook's stored UK company data is from an unknown version or damaged; it was ignored.",
    };
  }
  return { ok: true, snapshot: result.data };
}

/** Where a host keeps the snapshot (inside the workbook). */
export interface WorkbookStore {
  load(): Promise<string | undefined>;
  save(text: string): Promise<void>;
}
