/**
 * Where a UKCO cell's value came from, for the pane's "About this value": the function and its
 * inputs, the company (and field), when the stored answer was fetched, the service and token scope
 * it came from, and whether it was read from the workbook's store or fetched in this session.
 * Read from the cache alone: asking never sends a request. What each function reads is its
 * definition's (function-definition.ts), from the table of functions it is given.
 */
import type { ServiceName } from "@ukco/api/credentials";
import { ANSWER_KINDS, kindOfStore } from "../answers";
import { COMPANIES } from "../cache/workbook-cache";
import type { StoredAnswers } from "../engine";
import type { ResolvedPath } from "../field-path";
import { findUkcoCall, isBareCall, type FormulaCall } from "../formula-text";
import { entryOf, type FunctionTable } from "./function-definition";

/** Which stored answer a call reads: a company record (and field), or one answer of a kind by key. */
export type AnswerRef =
  | { kind: "company"; number: string; field?: ResolvedPath }
  | { kind: "answer"; store: string; key: string }
  | { problem: string };

/**
 * The stored answer a call of `name` with these input values reads, and the service that sends it;
 * undefined for a function that keeps nothing (UKCO.FIELDS).
 */
export function storedAnswerOf(
  table: FunctionTable,
  name: string,
  inputs: readonly unknown[],
): { service: ServiceName; ref: AnswerRef } | undefined {
  const entry = entryOf(table, name.toUpperCase());
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
function partAt(
  table: FunctionTable,
  name: string,
  inputs: readonly unknown[],
  key: string,
  answer: unknown,
  at: SpillOffset,
) {
  const entry = entryOf(table, name);
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
  table: FunctionTable,
  formula: unknown,
  inputs: readonly unknown[],
  cache: StoredAnswers,
  at: SpillOffset = { row: 0, column: 0 },
): ValueProvenance {
  if (typeof formula !== "string") return { state: "not-ukco" };
  const call = findUkcoCall(formula);
  if (!call) return { state: "not-ukco" };
  const source = storedAnswerOf(table, call.name, inputs);
  if (!source) return { state: "no-answer", call };
  const { service, ref } = source;
  if ("problem" in ref) return { state: "unreadable", call, service, problem: ref.problem };
  const part = (key: string, answer: () => unknown) => {
    const named = isBareCall(formula) ? partAt(table, call.name, inputs, key, answer(), at) : undefined;
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
