import type { NumberPrefix } from "./company-number";
import {
  ADJECTIVES,
  COINED_HEADS,
  COINED_TAILS,
  GROUP_BRANDS,
  GROUP_MEMBER_QUALIFIERS,
  OVERSEAS_SUFFIXES,
  PLACE_WORDS,
  SURNAMES,
} from "./names";
import { type Rng, chance, pick } from "./prng";
import type { Theme } from "./rtics";

/** UK-style company names, built from templates over the word lists. */

const SUFFIX_AT_END = /\s(LIMITED|LTD|PLC|LLP)$/;

function legalSuffix(rng: Rng, prefix: NumberPrefix): string {
  if (prefix === "OC" || prefix === "SO" || prefix === "NC") return "LLP";
  if (prefix === "FC") return pick(rng, OVERSEAS_SUFFIXES);
  const r = rng();
  return r < 0.02 ? "PLC" : r < 0.3 ? "LTD" : "LIMITED";
}

function coined(rng: Rng): string {
  return pick(rng, COINED_HEADS) + pick(rng, COINED_TAILS);
}

/**
 * A standalone company's name. Small templates (SURNAME SOFTWARE LIMITED) come first; `roomy` asks
 * for the three-part templates whose space is large enough for a million distinct names, which the
 * generator uses when a name is already taken.
 */
export function standaloneName(rng: Rng, theme: Theme, prefix: NumberPrefix, roomy = false): string {
  const suffix = legalSuffix(rng, prefix);
  const word = pick(rng, theme.nameWords);
  const r = roomy ? 0.6 + rng() * 0.4 : rng();
  if (r < 0.2) return `${pick(rng, SURNAMES)} ${word} ${suffix}`;
  if (r < 0.3) return `${pick(rng, PLACE_WORDS)} ${word} ${suffix}`;
  if (r < 0.4) return `${coined(rng)} ${word} ${suffix}`;
  if (r < 0.48) return `${pick(rng, SURNAMES)} ${chance(rng, 0.7) ? "&" : "AND"} ${pick(rng, SURNAMES)} ${suffix}`;
  if (r < 0.54) return `THE ${pick(rng, ADJECTIVES)} ${word} COMPANY ${suffix}`;
  if (r < 0.57) return `${coined(rng)} ${suffix}`;
  if (r < 0.6) return `${pick(rng, SURNAMES)} ${word} (UK) ${suffix}`;
  if (r < 0.75) return `${pick(rng, SURNAMES)} ${pick(rng, PLACE_WORDS)} ${word} ${suffix}`;
  if (r < 0.85) return `${pick(rng, ADJECTIVES)} ${pick(rng, PLACE_WORDS)} ${word} ${suffix}`;
  return `${coined(rng)} ${pick(rng, PLACE_WORDS)} ${word} ${suffix}`;
}

/** Inserts words before the trailing legal form (or appends them when there is none). */
export function withQualifier(name: string, qualifier: string): string {
  return SUFFIX_AT_END.test(name) ? name.replace(SUFFIX_AT_END, ` ${qualifier}$&`) : `${name} ${qualifier}`;
}

/** A name the register would treat as the same company name: LTD vs LIMITED, & vs AND. */
export function twinName(original: string): string {
  if (original.includes(" & ")) return original.replace(" & ", " AND ");
  if (original.includes(" AND ")) return original.replace(" AND ", " & ");
  if (original.endsWith(" LIMITED")) return `${original.slice(0, -8)} LTD`;
  if (original.endsWith(" LTD")) return `${original.slice(0, -4)} LIMITED`;
  return original.startsWith("THE ") ? original.slice(4) : `THE ${original}`;
}

const NEAR_QUALIFIERS = ["(UK)", "GROUP", "SERVICES", "(SCOTLAND)", "HOLDINGS", "SOLUTIONS", "INTERNATIONAL"];

/** A different company whose name is close to another's: ACME WIDGETS (UK) LIMITED. */
export function nearDuplicateName(rng: Rng, original: string): string {
  return withQualifier(original, pick(rng, NEAR_QUALIFIERS));
}

export function groupRootName(rng: Rng, brand: string): string {
  return `${brand} GROUP HOLDINGS ${chance(rng, 0.3) ? "PLC" : "LIMITED"}`;
}

/** Names of group members; large groups hold many numbered property and finance vehicles. */
export function groupMemberName(rng: Rng, brand: string, theme: Theme, k: number): string {
  const word = pick(rng, theme.nameWords);
  const r = rng();
  if (r < 0.3) return `${brand} ${word} LIMITED`;
  if (r < 0.55) return `${brand} ${word} (${pick(rng, GROUP_MEMBER_QUALIFIERS)}) LIMITED`;
  if (r < 0.7) return `${brand} ${pick(rng, GROUP_MEMBER_QUALIFIERS)} LIMITED`;
  if (r < 0.85) return `${brand} PROPERTIES (NO. ${k}) LIMITED`;
  return `${brand} ${chance(rng, 0.5) ? "FINANCE" : "NOMINEES"} ${k} LIMITED`;
}

export function groupBrand(g: number): string {
  const named = GROUP_BRANDS[g];
  if (named) return named;
  const heads = COINED_HEADS.length;
  const tails = COINED_TAILS.length;
  const head = COINED_HEADS[g % heads] ?? "NOV";
  const tail = COINED_TAILS[Math.floor(g / heads) % tails] ?? "AGEN";
  const round = Math.floor(g / (heads * tails));
  return round === 0 ? `${head}${tail}` : `${head}${tail} ${PLACE_WORDS[round % PLACE_WORDS.length] ?? ""}`.trim();
}
