/**
 * What a match is asked by, as the team's decisions and the gateway's match cache key it: the name
 * and every hint the matcher reads, each with case and spacing folded (trimmed, runs of white
 * space one space, upper case) and nothing more, since the matching contract shows no folding of
 * its own: `ACME  LTD` and `acme ltd` are one key; `ACME LTD.` and `ACME LIMITED` are two.
 */
import { createHash } from "node:crypto";

/** The hints the matching contract's single match reads (CONTRACT-CHOICES "Hint fields"), in key order. */
export const MATCH_HINTS = ["postcode", "website", "address", "sic_code", "date_hint"] as const;
export type MatchHint = (typeof MATCH_HINTS)[number];
export type Hints = Partial<Record<MatchHint, string>>;

/** The matching contract's bounds: the name and each hint (CONTRACT-CHOICES "Hint fields"). */
export const NAME_MAX = 512;
export const HINT_MAX: Readonly<Record<MatchHint, number>> = {
  postcode: 16,
  website: 500,
  address: 1000,
  sic_code: 10,
  date_hint: 32,
};

export const fold = (text: string) => text.replace(/\s+/g, " ").trim().toUpperCase();

/** The hints given, folded, empty ones left out. */
export function foldedHints(hints: Hints): Hints {
  const out: Hints = {};
  for (const h of MATCH_HINTS) {
    const value = fold(hints[h] ?? "");
    if (value) out[h] = value;
  }
  return out;
}

/** The material of a key: JSON of the folded name and each hint in order (null when absent). */
export function matchMaterial(name: string, hints: Hints): string {
  const folded = foldedHints(hints);
  return JSON.stringify([fold(name), ...MATCH_HINTS.map((h) => folded[h] ?? null)]);
}

/** A fixed-size key (hex SHA-256) of what a match is asked by. */
export const matchKeyOf = (name: string, hints: Hints) =>
  createHash("sha256").update(matchMaterial(name, hints)).digest("hex");
