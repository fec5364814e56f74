/**
 * Other companies a reviewer may choose instead of the proposal, found from what they type: the
 * start of a company number lists the companies whose number starts so (the product API's
 * type-ahead); anything else is a company name, matched once by the matching service with the
 * row's own postcode as its hint. Each is shown with the facts a reviewer tells companies apart by
 * (registered name, postcode, status, incorporation date), read from the product records in one
 * batched ask through the engine.
 */
import type { MatchingClient } from "@ukco/api/matching/client";
import type { ProductClient } from "@ukco/api/product/client";
import type { Engine } from "../engine";
import { companyFacts, type CompanyFacts } from "./records";

/** At most this many type-ahead hits are offered: enough to choose from in a 320 px pane. */
export const ALTERNATIVES_SHOWN = 8;
/** A name is matched once it is this long: fewer letters name no company. */
export const NAME_MIN_LENGTH = 3;

/** A register prefix (SC, NI, R0…) or digits, then digits: the start of a company number. */
const NUMBER_START = /^(?:[A-Z]{2}\d*|R0\d*|\d+)$/;
/** The whole 8-character form: a complete number, which needs no list to be chosen. */
const COMPLETE_NUMBER = /^(?:\d{8}|[A-Z]{2}\d{6}|R0\d{6})$/;

export type TypedKind = "number-start" | "complete-number" | "name" | "too-short";

const compact = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "");

/** What the typed text is taken for. Two letters alone read as a name's start, not a register prefix. */
export function typedKind(text: string): TypedKind {
  const c = compact(text);
  if (COMPLETE_NUMBER.test(c)) return "complete-number";
  if (/\d/.test(c) && NUMBER_START.test(c)) return c.length >= 2 ? "number-start" : "too-short";
  return text.trim().length >= NAME_MIN_LENGTH ? "name" : "too-short";
}

/** The complete number typed, or undefined when the text is not one. */
export function completeNumber(text: string): string | undefined {
  const c = compact(text);
  return COMPLETE_NUMBER.test(c) ? c : undefined;
}

export interface Alternative extends CompanyFacts {
  /** How it was found, for the list's label. */
  found: "number" | "name";
}

export interface AlternativeSources {
  engine: Engine;
  product: ProductClient;
  matching: MatchingClient;
}

export async function findAlternatives(
  text: string,
  /** The row's postcode, a hint to the name match. */
  postcode: string,
  sources: AlternativeSources,
  signal?: AbortSignal,
): Promise<Alternative[]> {
  const kind = typedKind(text);
  let numbers: string[] = [];
  let found: Alternative["found"] = "number";
  if (kind === "number-start" || kind === "complete-number") {
    const ahead = await sources.product.searchAhead(compact(text), { signal });
    numbers = ahead.Companies.flatMap((hit) => (hit.CompanyNumber ? [hit.CompanyNumber] : []));
  } else if (kind === "name") {
    found = "name";
    const hint = postcode.trim();
    const match = await sources.matching.match(
      { input_name: text.trim(), ...(hint ? { postcode: hint } : {}) },
      { signal },
    );
    if (match.matched_company_number) numbers = [match.matched_company_number];
  }
  const shown = [...new Set(numbers)].slice(0, ALTERNATIVES_SHOWN);
  if (shown.length === 0) return [];
  const facts = await companyFacts(sources.engine, shown, signal);
  return shown.map((number) => ({ ...(facts.get(number) ?? { number }), found }));
}
