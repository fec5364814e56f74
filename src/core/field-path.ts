/**
 * Field paths of the company record, as UKCO.FIELD takes them:
 *   CompanyName · SICs · SICs[0] · CompanyGrowthTrends.CompanySizeEstimate ·
 *   CompanyFinancials_Vendor[0].TURNOVER · Officers.Surname (every officer's surname) ·
 *   CompanyFinancials_Vendor{YEAR,TURNOVER} (each filing with only those members; UKCO.HISTORY's form)
 * Names match the catalogue ignoring case; a wrong name is an InvalidArgumentError naming the
 * closest valid path.
 */
import { COMPANY_FIELDS, type CompanyFieldInfo, type FieldKind } from "@ukco/api/product/fields";
import { readCompanyField, type FieldRead, type RawCompany } from "@ukco/api/product/lazy-company";
import { nameKey } from "@ukco/api/read";
import { InvalidArgumentError } from "./errors";
import { closestMatches } from "./closest";

/**
 * `pick`: each object keeps only these members (matched ignoring case and separators, as sent), so a list of
 * objects is stored as small as one function needs it: `CompanyFinancials_Vendor{YEAR,TURNOVER}`.
 */
export type PathStep = { name: string } | { index: number } | { pick: string[] };

export interface ResolvedPath {
  /** Canonical spelling, e.g. `CompanyFinancials_Vendor[0].TURNOVER`. */
  text: string;
  steps: PathStep[];
  /** Kind of the value at the end of the path. */
  kind: FieldKind;
  /** True when the path crosses an object list without an index, so it yields a list. */
  fansOut: boolean;
  /** Scope the service needs to send the top-level field. */
  scope?: string;
  /** The catalogue entry at the end of the path (for objects: which members exist). */
  info: CompanyFieldInfo;
}

const WHOLE_PATH = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[\d{1,6}\])*$/;
const STEP = /\.?([A-Za-z_]\w*)|\[(\d+)\]/g;

function tokenise(text: string): ({ name: string } | { index: number })[] {
  const compact = text.replace(/\s*([.[\]])\s*/g, "$1");
  if (!WHOLE_PATH.test(compact)) throw new InvalidArgumentError(`"${shorten(text)}" is not a field name. ${LIST_HINT}`);
  return [...compact.matchAll(STEP)].map((m) => (m[1] !== undefined ? { name: m[1] } : { index: Number(m[2]) }));
}

const LIST_HINT = "=UKCO.FIELDS() lists every field.";

/** Every valid dotted path (without indexes), for suggestions. */
const ALL_PATHS: readonly string[] = (() => {
  const paths: string[] = [];
  const walk = (fields: readonly CompanyFieldInfo[], prefix: string) => {
    for (const field of fields) {
      paths.push(prefix + field.name);
      if (field.items) walk(field.items, `${prefix}${field.name}.`);
    }
  };
  walk(COMPANY_FIELDS, "");
  return paths;
})();

function unknownField(text: string): InvalidArgumentError {
  const [best] = closestMatches(text.replace(/\[\d+\]/g, ""), ALL_PATHS, 1);
  const suggestion = best ? ` Did you mean "${best}"?` : "";
  return new InvalidArgumentError(`Unknown field "${shorten(text)}".${suggestion} ${LIST_HINT}`);
}

function find(fields: readonly CompanyFieldInfo[], name: string): CompanyFieldInfo | undefined {
  const lower = name.toLowerCase();
  return fields.find((f) => f.name.toLowerCase() === lower);
}

/** Parses and checks a path against the catalogue. */
/** Resolved paths by their text: every FIELD cell of a recalculation resolves its field again. */
const resolvedPaths = new Map<string, ResolvedPath>();
const RESOLVED_PATHS_KEPT = 2_000;

export function resolveFieldPath(input: unknown): ResolvedPath {
  const known = typeof input === "string" ? resolvedPaths.get(input) : undefined;
  if (known) return known;
  const resolved = resolveUncached(input);
  if (resolvedPaths.size >= RESOLVED_PATHS_KEPT) resolvedPaths.clear();
  resolvedPaths.set(input as string, resolved);
  return resolved;
}

/** A path ending in `{A,B}`: the objects it reaches keep only those members. */
const PICK = /^(.*?)\s*\{\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*\}$/;

function resolveUncached(input: unknown): ResolvedPath {
  if (typeof input !== "string" || input.trim() === "") {
    throw new InvalidArgumentError(`Give a field name as text, such as "CompanyName". ${LIST_HINT}`);
  }
  const picked = PICK.exec(input.trim());
  return picked ? resolvePick(picked[1]!, picked[2]!.split(",")) : resolveSteps(input.trim());
}

function resolvePick(base: string, names: readonly string[]): ResolvedPath {
  const path = resolveSteps(base);
  if (path.kind !== "object[]" && path.kind !== "object")
    throw new InvalidArgumentError(`"${shorten(base)}" holds no objects to pick members from.`);
  const members = names.map((name) => {
    const member = find(path.info.items ?? [], name.trim());
    if (!member) throw unknownField(`${path.text}.${name.trim()}`);
    return member.name;
  });
  return { ...path, text: `${path.text}{${members.join(",")}}`, steps: [...path.steps, { pick: members }] };
}

function resolveSteps(text: string): ResolvedPath {
  const steps = tokenise(text);
  let fields: readonly CompanyFieldInfo[] = COMPANY_FIELDS;
  let info: CompanyFieldInfo | undefined;
  let kind: FieldKind | undefined;
  let fansOut = false;
  const canonical: string[] = [];
  const resolved: PathStep[] = [];
  for (const step of steps) {
    if ("index" in step) {
      if (!kind || !kind.endsWith("[]"))
        throw new InvalidArgumentError(`"${shorten(text)}": only lists take an index like [0].`);
      kind = kind.slice(0, -2) as FieldKind;
      canonical.push(`[${step.index}]`);
      resolved.push(step);
      continue;
    }
    if (info) {
      if (kind === "object[]") fansOut = true;
      else if (kind !== "object") throw unknownField(text);
      fields = info.items ?? [];
    }
    const next = find(fields, step.name);
    if (!next) throw unknownField(text);
    info = next;
    kind = next.kind;
    canonical.push(`${canonical.length ? "." : ""}${next.name}`);
    resolved.push({ name: next.name });
  }
  const top = find(COMPANY_FIELDS, (resolved[0] as { name: string }).name)!;
  return { text: canonical.join(""), steps: resolved, kind: kind!, fansOut, scope: top.scope, info: info! };
}

/** Reads a resolved path from a record; a fanned-out path yields an array (undefined items dropped). */
export function readPath(record: unknown, steps: readonly PathStep[]): unknown {
  let values: unknown[] = [record];
  let fanned = false;
  for (const step of steps) {
    const next: unknown[] = [];
    for (const value of values) {
      if (value === null || value === undefined) continue;
      if ("pick" in step) {
        next.push(Array.isArray(value) ? value.map((item) => picked(item, step.pick)) : picked(value, step.pick));
        continue;
      }
      if ("index" in step) {
        if (Array.isArray(value)) next.push(value[step.index]);
      } else if (Array.isArray(value)) {
        fanned = true;
        for (const item of value)
          if (item && typeof item === "object") next.push((item as Record<string, unknown>)[step.name]);
      } else if (typeof value === "object") {
        next.push((value as Record<string, unknown>)[step.name]);
      }
    }
    values = next;
  }
  if (fanned) return values.filter((v) => v !== undefined && v !== null).flat();
  return values[0];
}

/** An object with only the members named (matched as nameKey does, kept under the name sent); else as it is. */
function picked(value: unknown, names: readonly string[]): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const wanted = new Set(names.map(nameKey));
  return Object.fromEntries(Object.entries(value).filter(([key]) => wanted.has(nameKey(key))));
}

/** Reads a resolved path from a record as sent, checking its top-level field against the record schema (lazy-company.ts). */
export function readCompanyPath(record: RawCompany, steps: readonly PathStep[]): FieldRead {
  const [top, ...rest] = steps;
  if (!top || !("name" in top)) return { ok: true, value: readPath(record, steps) };
  const field = readCompanyField(record, top.name);
  return field.ok && rest.length ? { ok: true, value: readPath(field.value, rest) } : field;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
