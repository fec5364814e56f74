/**
 * Where a UKCO cell's value came from, for the pane's "About this value": the function and its
 * inputs, the company (and field), when the stored answer was fetched, the service and token scope
 * it came from, and whether it was read from the workbook's store or fetched in this session.
 * Read from the cache alone: asking never sends a request. What each function reads is its entry
 * of core/function-entries.ts.
 */
import type { ServiceName } from "../api/credentials";
import { ANSWER_KINDS, kindOfStore } from "./answers";
import { COMPANIES, type WorkbookCache } from "./cache/workbook-cache";
import type { ResolvedPath } from "./field-path";
import { FUNCTION_ENTRIES } from "./function-entries";

/** A UKCO call as written in a cell: the function's name and each argument's text. */
export interface FormulaCall {
  name: string;
  args: string[];
}

/** The first `UKCO.NAME(…)` in a formula, with its arguments split where the formula splits them. */
export function findUkcoCall(formula: string): FormulaCall | undefined {
  const start = /\bUKCO\.([A-Z]+)\s*\(/i.exec(formula);
  if (!start) return undefined;
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let i = start.index + start[0].length; i < formula.length; i++) {
    const ch = formula[i]!;
    if (quoted) {
      current += ch;
      if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === "(" || ch === "{") depth += 1;
    else if ((ch === ")" || ch === "}") && depth > 0) depth -= 1;
    else if (ch === ")") {
      if (current.trim() !== "" || args.length > 0) args.push(current.trim());
      return { name: start[1]!.toUpperCase(), args };
    } else if (ch === "," && depth === 0) {
      args.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  return undefined;
}

/** Whether the formula is the call alone, so a table the call spills starts at the formula's cell as it is. */
export const isBareCall = (formula: string): boolean =>
  /^=\s*UKCO\.[A-Z]+\s*\(/i.test(formula.trim()) && formula.trim().endsWith(")");

/** An argument as the formula writes it: a literal's value, or a cell it refers to. */
export type Argument = { value: unknown } | { reference: { sheet?: string; cell: string } };

const CELL_REFERENCE = /^(?:(?:'((?:[^']|'')+)'|([A-Za-z0-9_.]+))!)?\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

/** A literal or a one-cell reference; undefined for anything else (an expression, a range). */
export function argumentOf(text: string): Argument | undefined {
  if (text === "") return { value: null };
  if (/^"(?:[^"]|"")*"$/.test(text)) return { value: text.slice(1, -1).replace(/""/g, '"') };
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return { value: Number(text) };
  if (/^(TRUE|FALSE)$/i.test(text)) return { value: text.toUpperCase() === "TRUE" };
  const ref = CELL_REFERENCE.exec(text);
  if (!ref) return undefined;
  const sheet = ref[1]?.replace(/''/g, "'") ?? ref[2];
  return { reference: { ...(sheet ? { sheet } : {}), cell: `${ref[3]!.toUpperCase()}${ref[4]}` } };
}

/** Which stored answer a call reads: a company record (and field), or one answer of a kind by key. */
export type AnswerRef =
  | { kind: "company"; number: string; field?: ResolvedPath }
  | { kind: "answer"; store: string; key: string }
  | { problem: string };

/** What provenance reads of the cache. */
export type CacheSource = Pick<WorkbookCache, "company" | "companyField" | "answer" | "fetchedThisSession">;

/**
 * The stored answer a call of `name` with these input values reads, and the service that sends it;
 * undefined for a function that keeps nothing (UKCO.FIELDS).
 */
export function storedAnswerOf(
  name: string,
  inputs: readonly unknown[],
): { service: ServiceName; ref: AnswerRef } | undefined {
  const entry = FUNCTION_ENTRIES[name.toUpperCase()];
  if (!entry) return undefined;
  const { service, store } = ANSWER_KINDS[entry.kind];
  const read = entry.key(inputs);
  const ref: AnswerRef =
    "problem" in read
      ? read
      : store === COMPANIES
        ? { kind: "company", number: read.key, ...(read.field ? { field: read.field } : {}) }
        : { kind: "answer", store, key: read.key };
  return { service, ref };
}

export type ValueProvenance =
  | { state: "not-ukco" }
  /** FIELDS and other calls that keep nothing: their value comes from the add-in itself. */
  | { state: "no-answer"; call: FormulaCall }
  | { state: "unreadable"; call: FormulaCall; service: ServiceName; problem: string }
  | {
      state: "stored" | "not-stored";
      call: FormulaCall;
      service: ServiceName;
      /** The company number, or what the answer is stored under. */
      subject: string;
      field?: string;
      /** The token scope the field needs, and whether the token that fetched it lacked it. */
      scope?: { name: string; lacking: boolean };
      fetchedAt?: number;
      /** Inside a table the call spills of its own: what this cell shows of the answer ("TURNOVER in 2021"). */
      part?: string;
      /** The service had no such company (stored as "not found"). */
      notFound?: boolean;
      /** "store": read from the workbook when it opened; "network": fetched in this session. */
      source?: "store" | "network";
      /** A person decided the answer (a team's match decision): who, as the gateway names them, and when (ISO). */
      decided?: { by: string; at: string };
    };

/** Where a cell is in the table its formula's call spills: rows and columns from the formula's cell. */
export interface SpillOffset {
  row: number;
  column: number;
}

/** What the cell at `at` shows of a stored answer, by the function's entry; undefined where it cannot tell. */
function partAt(name: string, inputs: readonly unknown[], key: string, answer: unknown, at: SpillOffset) {
  const entry = FUNCTION_ENTRIES[name];
  if (!entry?.spill || answer === undefined) return undefined;
  try {
    return entry.spill(inputs, answer, key)[at.row]?.[at.column]?.part;
  } catch {
    // The call shows an error in its one cell: no part of the answer to name.
    return undefined;
  }
}

/**
 * What is known of the value a formula shows, from its inputs' values and the cache; `at`, for a
 * cell inside the table the call spills of its own, names the part of the answer it shows.
 */
export function provenanceOf(
  formula: unknown,
  inputs: readonly unknown[],
  cache: CacheSource,
  at: SpillOffset = { row: 0, column: 0 },
): ValueProvenance {
  if (typeof formula !== "string") return { state: "not-ukco" };
  const call = findUkcoCall(formula);
  if (!call) return { state: "not-ukco" };
  const source = storedAnswerOf(call.name, inputs);
  if (!source) return { state: "no-answer", call };
  const { service, ref } = source;
  if ("problem" in ref) return { state: "unreadable", call, service, problem: ref.problem };
  const part = (key: string, answer: () => unknown) => {
    const named = isBareCall(formula) ? partAt(call.name, inputs, key, answer(), at) : undefined;
    return named ? { part: named } : {};
  };
  if (ref.kind === "company") {
    const stored = cache.company(ref.number);
    const scope = ref.field?.scope;
    const { field } = ref;
    return {
      state: stored ? "stored" : "not-stored",
      call,
      service,
      subject: ref.number,
      ...(field ? { field: field.text } : {}),
      ...(scope ? { scope: { name: scope, lacking: stored?.lackingScopes.includes(scope) ?? false } } : {}),
      ...(stored
        ? {
            fetchedAt: stored.fetchedAt,
            notFound: stored.notFound,
            source: cache.fetchedThisSession(COMPANIES, ref.number) ? "network" : "store",
            ...(field
              ? part(ref.number, () => {
                  const hit = cache.companyField(ref.number, field, 0);
                  return hit.state === "hit" ? hit.value : undefined;
                })
              : {}),
          }
        : {}),
    };
  }
  const stored = cache.answer(ref.store, ref.key, 0);
  const decided = stored ? kindOfStore(ref.store)?.decided?.(stored.value) : undefined;
  return {
    state: stored ? "stored" : "not-stored",
    call,
    service,
    subject: ref.key,
    ...(stored
      ? {
          fetchedAt: stored.fetchedAt,
          source: cache.fetchedThisSession(ref.store, ref.key) ? "network" : "store",
          ...part(ref.key, () => stored.value),
          ...(decided ? { decided } : {}),
        }
      : {}),
  };
}
