/** String similarity used by the matcher's slow route: trigram Dice and an IDF-weighted soft token overlap. */

export function trigrams(s: string): Set<string> {
  const padded = `  ${s} `;
  const out = new Set<string>();
  for (let k = 0; k + 3 <= padded.length; k++) out.add(padded.slice(k, k + 3));
  return out;
}

/** Dice coefficient of two trigram sets, 0..1. */
export function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const g of a) if (b.has(g)) common++;
  return (2 * common) / (a.size + b.size);
}

export function stringSimilarity(a: string, b: string): number {
  return a === b ? 1 : dice(trigrams(a), trigrams(b));
}

/** Tokens this close count as the same word misspelt (AXIOM / AXOIM); below it they do not count. */
export const TOKEN_MATCH_FLOOR = 0.5;

export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (Math.abs(a.length - b.length) > 3) return 0;
  const s = stringSimilarity(a, b);
  return s >= TOKEN_MATCH_FLOOR ? s : 0;
}

/**
 * Soft, weighted token overlap: each token of either side is matched to its most similar token on the
 * other side; weights (IDF) make rare words count more than LIMITED or SERVICES.
 */
export function tokenSetSimilarity(
  query: readonly string[],
  candidate: readonly string[],
  weight: (token: string) => number,
): number {
  const side = (from: readonly string[], to: readonly string[]) => {
    let matched = 0;
    let total = 0;
    for (const t of from) {
      const w = weight(t);
      total += w;
      let best = 0;
      for (const u of to) best = Math.max(best, tokenSimilarity(t, u));
      matched += w * best;
    }
    return { matched, total };
  };
  const q = side(query, candidate);
  const c = side(candidate, query);
  const total = q.total + c.total;
  return total === 0 ? 0 : (q.matched + c.matched) / total;
}
