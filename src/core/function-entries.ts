/**
 * Every function that keeps answers in the store, one entry each: the kind of answer it reads
 * (answers.ts, which says the service, the loader and how a refresh of it goes on the wire) and the
 * key it reads it under, from its inputs' values. About this value (provenance.ts), refresh
 * estimates (scope-answers.ts) and What changed read this table, so a new cached function is its
 * file in src/functions, its formula in core/functions, its line below, and its test.
 *
 * A function absent here (UKCO.FIELDS) keeps nothing: its value comes from the add-in itself.
 */
import { MARKETS, type Market } from "../api/market/schemas";
import type { AnswerKindName } from "./answers";
import type { StoredGroupRow, StoredMatch } from "./cache/snapshot";
import type { SpillCell } from "./cell-value";
import { classifyInput, classifyKey } from "./classify-key";
import { parseCompanyNumber } from "./company-number";
import { domainOf, parseWebsite } from "./explore/websites";
import { resolveFieldPath, type ResolvedPath } from "./field-path";
import { groupSpill } from "./functions/group";
import { historyPath, historySpill } from "./functions/history";
import { matchSpill } from "./functions/match";
import { marketKey } from "./loaders/market-loader";
import { parseMarketNumber } from "./market/numbers";
import { matchKey } from "./match-key";

/** What a call reads: a key of its kind (with, for company records, the field), or why it cannot tell. */
export type KeyOf = { key: string; field?: ResolvedPath } | { problem: string };

export interface FunctionEntry {
  kind: AnswerKindName;
  key(inputs: readonly unknown[]): KeyOf;
  /**
   * For a function that spills a table of its own from one answer: what a call with these inputs
   * shows for the answer as stored (for a company record, the value of the field its key names),
   * cell by cell from the formula's cell. What changed places a change on the cells whose value
   * moved, About this value names the part a spilled cell shows. Without it the answer is one cell,
   * the formula's own (a spill of FIELD is spread by its arguments, each cell a call of its own).
   * May throw what the function would show instead (an error in its one cell).
   */
  spill?(inputs: readonly unknown[], answer: unknown, key: string): readonly (readonly SpillCell[])[];
  /** False where the cell shows something about the answer other than its value (ASOF: when it was fetched). */
  showsAnswer?: false;
}

/** A company record's key, with the field `pathOf` reads from the field input when there is one. */
function company(
  numberInput: unknown,
  fieldInput?: unknown,
  pathOf: (input: unknown) => ResolvedPath = resolveFieldPath,
): KeyOf {
  const parsed = parseCompanyNumber(numberInput);
  if (!parsed.ok) return { problem: parsed.reason };
  // Excel gives an omitted optional argument as null, an empty cell as "".
  if (fieldInput === null || fieldInput === undefined || fieldInput === "") return { key: parsed.number };
  try {
    return { key: parsed.number, field: pathOf(fieldInput) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

const keyed = (key: string | undefined, label: string): KeyOf =>
  key === undefined ? { problem: `The ${label} in this formula cannot be read.` } : { key };

export const FUNCTION_ENTRIES: Readonly<Record<string, FunctionEntry>> = {
  FIELD: { kind: "companies", key: ([number, field]) => company(number, field) },
  // A refresh moves its fetch time whether or not the field's value moved.
  ASOF: { kind: "companies", key: ([number, field]) => company(number, field), showsAnswer: false },
  COMPANY: { kind: "companies", key: ([number]) => company(number) },
  HISTORY: {
    kind: "companies",
    key: ([number, measure]) => company(number, measure, historyPath),
    spill: (inputs, list) => historySpill(inputs, list),
  },
  GROUP: {
    kind: "groups",
    key: ([number]) => {
      const parsed = parseCompanyNumber(number);
      return parsed.ok ? { key: parsed.number } : { problem: parsed.reason };
    },
    spill: (_inputs, rows, key) => groupSpill(key, rows as StoredGroupRow[]),
  },
  WEBSITE: {
    kind: "websites",
    key: ([url]) => {
      const parsed = parseWebsite(url);
      return parsed.ok ? keyed(domainOf(parsed.value), "website") : { problem: parsed.reason };
    },
  },
  MATCH: {
    kind: "matches",
    key: ([name, postcode, website]) => keyed(matchKey(name, postcode, website), "name"),
    spill: (inputs, match, key) => matchSpill(inputs, key, match as StoredMatch),
  },
  CLASSIFY: {
    kind: "classifications",
    key: ([text]) => {
      const input = classifyInput(text);
      return keyed(input && classifyKey(input), "description or website");
    },
  },
  MARKET: {
    kind: "marketCompanies",
    key: ([market, number]) => {
      const name = String(market ?? "")
        .trim()
        .toLowerCase();
      if (!(MARKETS as readonly string[]).includes(name)) return { problem: `"${String(market)}" is not a market.` };
      const parsed = parseMarketNumber(number);
      return parsed.ok ? keyed(marketKey(name as Market, parsed.value), "company number") : { problem: parsed.reason };
    },
  },
};
