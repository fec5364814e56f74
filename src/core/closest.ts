/** Closest candidates to a misspelt name, by edit distance ignoring case (for "Did you mean …?"). */

/** Longer inputs are not names anyone misspelt; they get no suggestion (and cost no time). */
const MAX_INPUT = 80;

interface Candidate {
  text: string;
  lower: string;
  tails: string[];
}

const prepared = new WeakMap<readonly string[], Candidate[]>();

function prepare(candidates: readonly string[]): Candidate[] {
  let list = prepared.get(candidates);
  if (!list) {
    list = candidates.map((text) => ({ text, lower: text.toLowerCase(), tails: wordTails(text) }));
    prepared.set(candidates, list);
  }
  return list;
}

export function closestMatches(input: string, candidates: readonly string[], count: number): string[] {
  const target = input.toLowerCase();
  if (target.length === 0 || target.length > MAX_INPUT) return [];
  const scored = prepare(candidates).map(({ text, lower, tails }) => {
    // A candidate that contains the input ("Turnover" in "BestEstimateTurnover") is a strong hint.
    const containment = lower.includes(target) && target.length >= 3 ? -100 + lower.length - target.length : 0;
    // People type the last word or two of a long name ("Turnovr" for BestEstimateTurnover).
    const tailScore = Math.min(...tails.map((tail) => editDistance(target, tail) + 1));
    return { text, score: containment || Math.min(editDistance(target, lower), tailScore) };
  });
  scored.sort((a, b) => a.score - b.score || a.text.length - b.text.length);
  const limit = Math.max(3, Math.ceil(target.length * 0.6));
  return scored
    .filter((s) => s.score <= limit)
    .slice(0, count)
    .map((s) => s.text);
}

/** `BestEstimateTurnover` → `bestestimateturnover`, `estimateturnover`, `turnover`; for a dotted path, its last name's tails. */
function wordTails(candidate: string): string[] {
  const lastName = candidate.split(".").pop() ?? candidate;
  const starts = [...lastName.matchAll(/[A-Z][a-z]|_[A-Za-z]/g)].map((m) => m.index ?? 0).filter((i) => i > 0);
  return [lastName, ...starts.map((i) => lastName.slice(i))].map((tail) => tail.replace(/^_/, "").toLowerCase());
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
