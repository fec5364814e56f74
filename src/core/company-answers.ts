/**
 * Company records as one kind of answer (answers.ts). A cell asks for some field paths of one
 * company; the store keeps, per company, the values at the paths cells have read, and memory keeps
 * the most recent full records, so a new field of a known company needs no request. A waiting cell
 * is answered from the loaded record itself, never read back out of the cache.
 *
 * Per path, a cell gets the raw value (null where the company has none), or an error of that path
 * alone: the service sent it in a shape the schema refuses, or the token lacks the scope it needs.
 * A company the service does not know is an error of the whole ask.
 *
 * An ask says which paths it reads (`companyNeed`), so a team gateway can send only those fields.
 * A record cut to other fields cannot answer it: that is a miss, to be fetched again.
 */
import type { FieldRead } from "@ukco/api/product/lazy-company";
import { MISS, type FieldLookup, type Held, type HeldCompany, type WorkbookCache } from "./cache/workbook-cache";
import { NotFoundError, UnavailableError } from "./errors";
import { readCompanyPath, type ResolvedPath } from "./field-path";
import { topField, type CompanyNeed, type LoadedCompany } from "./loaders/company-loader";

/** What a refresh changed, as the engine reports it (engine.ts RefreshChanges). */
export interface ChangeReport {
  changes: { company: string; field: string; before: unknown; after: unknown }[];
  answers: { kind: string; key: string; before: unknown; after: unknown }[];
  noLongerFound: string[];
  foundAgain: string[];
}

const NONE: readonly string[] = [];

function notKnown(number: string): NotFoundError {
  return new NotFoundError(`No company ${number} is known to the product API.`);
}

/** One path's cell value from what was read for it. */
function valueOf(path: ResolvedPath, read: FieldRead, lackingScopes: readonly string[]): unknown {
  if (!read.ok)
    return new UnavailableError(
      "unexpected-data",
      `The product API sent this company's ${path.text} in an unexpected shape (${read.problem}).`,
      "product",
    );
  const value = read.value ?? null;
  if (value === null && path.scope && lackingScopes.includes(path.scope))
    return new UnavailableError(
      "scope",
      `${path.text} needs the scope ${path.scope}, which your product API token lacks. Ask your administrator for a token with it.`,
      "product",
    );
  return value;
}

function lookupRead(hit: Exclude<FieldLookup, { state: "miss" | "not-found" }>): FieldRead {
  return hit.state === "unreadable" ? { ok: false, problem: hit.problem } : { ok: true, value: hit.value };
}

/** The cached values of `paths`, or MISS when any must be fetched. Fields read off a full record are kept. */
export function readCompany(
  cache: WorkbookCache,
  number: string,
  paths: readonly ResolvedPath[],
  freshAfter: number,
): unknown[] | typeof MISS {
  // Nothing allocated for a miss: a cold recalculation has 10,000 of them.
  let values: unknown[] | undefined;
  for (const path of paths) {
    const hit = cache.companyField(number, path, freshAfter);
    if (hit.state === "miss") return MISS;
    values ??= [];
    if (hit.state === "not-found") throw notKnown(number);
    if (hit.state === "hit" && !hit.kept) cache.keepField(number, path.text, hit.value);
    values.push(valueOf(path, lookupRead(hit), hit.state === "hit" ? hit.lackingScopes : NONE));
  }
  return values ?? [];
}

/** What an ask of `paths` needs fetched: the paths themselves, as given (a cell costs no copy). */
export const companyNeed = (paths: readonly ResolvedPath[]): CompanyNeed => paths;

/**
 * The values of `paths` from a loaded record, kept in the store as a cached read would keep them;
 * MISS when the record was cut to fields that leave one of them out.
 */
export function answerCompany(
  cache: WorkbookCache,
  number: string,
  loaded: LoadedCompany,
  paths: readonly ResolvedPath[],
): unknown[] | typeof MISS {
  const { record, fields } = loaded;
  if (!record) throw notKnown(number);
  if (fields && paths.some((path) => !fields.has(topField(path.steps) ?? ""))) return MISS;
  const values: unknown[] = [];
  for (const path of paths) {
    const read = readCompanyPath(record, path.steps);
    if (read.ok) cache.keepField(number, path.text, read.value);
    values.push(valueOf(path, read, loaded.lackingScopes));
  }
  return values;
}

/** What a refresh changed of one company: each kept field that moved, or its coming and going. */
export function reportCompany(number: string, before: Held, after: Held | undefined, into: ChangeReport): void {
  if (!after) return;
  const was = before.value as HeldCompany;
  const now = after.value as HeldCompany;
  if (!was.notFound && now.notFound) into.noLongerFound.push(number);
  if (was.notFound && !now.notFound) into.foundAgain.push(number);
  if (was.notFound || now.notFound) return;
  for (const [field, old] of Object.entries(was.fields)) {
    const value = now.fields[field];
    if (JSON.stringify(old ?? null) !== JSON.stringify(value ?? null))
      into.changes.push({ company: number, field, before: old ?? null, after: value ?? null });
  }
}
