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
  /**
   * A team decision answered it, not the matching service (confidence `team`): who decided, as
   * the gateway names them, and when (ISO). Absent in stores saved before team decisions.
   */
  team: z.object({ by: z.string(), at: z.string() }).optional(),
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

/** How each kind of cached answer is kept, by the name of its map in the store (answers.ts declares them). */
export type AnswerShapes = Readonly<Record<string, z.ZodType>>;

/**
 * One cached answer as the store keeps it: when it was fetched (`t`) and what it was (`r`). The
 * short keys matter, the store is saved inside the workbook; they never leave cache/.
 */
export interface Timed<T> {
  t: number;
  r: T;
}
const timed = <T extends z.ZodType>(value: T) => z.object({ t: z.number(), r: value });

/** What the store holds, as the cache reads and writes it. */
export interface StoreContents {
  savedAt: number;
  companies: Record<string, CompanySnapshot>;
  /** Per kind of answer, by its store name: each key's timed answer. */
  answers: Record<string, Record<string, Timed<unknown>>>;
}

/**
 * The saved layout: `{v, savedAt, companies, <store name>: {key: {t, r}}, …}`. A kind added later
 * is simply absent from older stores (read as empty), so they stay readable.
 */
function storeSchema(shapes: AnswerShapes) {
  const answers = Object.fromEntries(
    Object.entries(shapes).map(([name, shape]) => [name, z.record(z.string(), timed(shape)).default({})]),
  );
  return z.object({
    v: z.literal(SNAPSHOT_VERSION),
    savedAt: z.number(),
    companies: z.record(z.string(), CompanySnapshotSchema).default({}),
    ...answers,
  });
}

export type CompanySnapshot = z.infer<typeof CompanySnapshotSchema>;

export function emptyStore(now: number, shapes: AnswerShapes): StoreContents {
  return { savedAt: now, companies: {}, answers: Object.fromEntries(Object.keys(shapes).map((name) => [name, {}])) };
}

export function serialiseStore(contents: StoreContents): string {
  return JSON.stringify({
    v: SNAPSHOT_VERSION,
    savedAt: contents.savedAt,
    companies: contents.companies,
    ...contents.answers,
  });
}

/** What a store is saved from, read as it is written: a large store is never first copied into one object. */
export interface StoreSource {
  savedAt: number;
  companies: Iterable<[string, CompanySnapshot]>;
  /** Per kind of answer, by its store name. */
  answers: Iterable<[string, Iterable<[string, Timed<unknown>]>]>;
}

export interface Slicing {
  now(): number;
  /** Gives the runtime back (to cells, the pane) between slices. */
  pause(): Promise<void>;
  /** Longest stretch of work between pauses. */
  sliceMs: number;
}

/** Entries written between looks at the clock. */
const ENTRIES_PER_LOOK = 256;

/**
 * The store as text, read back exactly as `serialiseStore`'s, built a slice at a time: saving
 * 100,000 companies in one go would hold the shared runtime, and every cell waiting on it, for
 * the whole of a large `JSON.stringify`.
 */
export async function serialiseStoreInSlices(source: StoreSource, slicing: Slicing): Promise<string> {
  // Each slice's pieces are joined as it ends, so the last join is of a few hundred strings, not of
  // one per entry (joining 100,000 pieces at once is itself a long stretch).
  const slices: string[] = [];
  let parts: string[] = [`{"v":${SNAPSHOT_VERSION},"savedAt":${JSON.stringify(source.savedAt)}`];
  let sliceStart = slicing.now();
  const writeMap = async (name: string, entries: Iterable<[string, unknown]>) => {
    parts.push(`,${JSON.stringify(name)}:{`);
    let written = 0;
    for (const [key, value] of entries) {
      if (value === undefined) continue;
      parts.push(`${written === 0 ? "" : ","}${JSON.stringify(key)}:${JSON.stringify(value)}`);
      written += 1;
      if (written % ENTRIES_PER_LOOK === 0 && slicing.now() - sliceStart >= slicing.sliceMs) {
        slices.push(parts.join(""));
        parts = [];
        await slicing.pause();
        sliceStart = slicing.now();
      }
    }
    parts.push("}");
  };
  await writeMap("companies", source.companies);
  for (const [store, entries] of source.answers) await writeMap(store, entries);
  parts.push("}");
  slices.push(parts.join(""));
  return slices.join("");
}

/** Parses stored text; a store that does not fit is reported, not trusted. */
export function parseStore(
  text: string,
  shapes: AnswerShapes,
): { ok: true; contents: StoreContents } | { ok: false; problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: "The workbook's stored UK company data is not readable JSON; it was ignored." };
  }
  const result = storeSchema(shapes).safeParse(raw);
  if (!result.success) {
    return {
      ok: false,
      problem: "The workbook's stored UK company data is from an unknown version or damaged; it was ignored.",
    };
  }
  const data = result.data as Record<string, unknown> & { savedAt: number; companies: Record<string, CompanySnapshot> };
  const answers = Object.fromEntries(
    Object.keys(shapes).map((name) => [name, data[name] as Record<string, Timed<unknown>>]),
  );
  return { ok: true, contents: { savedAt: data.savedAt, companies: data.companies, answers } };
}

/** Where a host keeps the snapshot (inside the workbook). */
export interface WorkbookStore {
  load(): Promise<string | undefined>;
  save(text: string): Promise<void>;
}
