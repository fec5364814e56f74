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
import { classifyInput, classifyKey } from "./classify-key";
import { parseCompanyNumber } from "./company-number";
import { domainOf, parseWebsite } from "./explore/websites";
import { resolveFieldPath, type ResolvedPath } from "./field-path";
import { marketKey } from "./loaders/market-loader";
import { parseMarketNumber } from "./market/numbers";
import { matchKey } from "./match-key";

/** What a call reads: a key of its kind (with, for company records, the field), or why it cannot tell. */
export type KeyOf = { key: string; field?: ResolvedPath } | { problem: string };

export interface FunctionEntry {
  kind: AnswerKindName;
  key(inputs: readonly unknown[]): KeyOf;
}

function company(numberInput: unknown, fieldInput?: unknown): KeyOf {
  const parsed = parseCompanyNumber(numberInput);
  if (!parsed.ok) return { problem: parsed.reason };
  // Excel gives an omitted optional argument as null, an empty cell as "".
  if (fieldInput === null || fieldInput === undefined || fieldInput === "") return { key: parsed.number };
  try {
    return { key: parsed.number, field: resolveFieldPath(fieldInput) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

const keyed = (key: string | undefined, label: string): KeyOf =>
  key === undefined ? { problem: `The ${label} in this formula cannot be read.` } : { key };

export const FUNCTION_ENTRIES: Readonly<Record<string, FunctionEntry>> = {
  FIELD: { kind: "companies", key: ([number, field]) => company(number, field) },
  ASOF: { kind: "companies", key: ([number, field]) => company(number, field) },
  COMPANY: { kind: "companies", key: ([number]) => company(number) },
  HISTORY: { kind: "companies", key: ([number]) => company(number) },
  GROUP: {
    kind: "groups",
    key: ([number]) => {
      const parsed = parseCompanyNumber(number);
      return parsed.ok ? { key: parsed.number } : { problem: parsed.reason };
    },
  },
  WEBSITE: {
    kind: "websites",
    key: ([url]) => {
      const parsed = parseWebsite(url);
      return parsed.ok ? keyed(domainOf(parsed.value), "website") : { problem: parsed.reason };
    },
  },
  MATCH: { kind: "matches", key: ([name, postcode, website]) => keyed(matchKey(name, postcode, website), "name") },
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
