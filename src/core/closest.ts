/** Closest candidates to a misspelt name, by edit distance ignoring case (for "Did you mean …?"). */
export function closestMatches(input: string, candidates: readonly string[], count: number): string[] {
  const target = input.toLowerCase().slice(0, 80);
  const scored = candidates.map((candidate) => {
    const lower = candidate.toLowerCase();
    // A candidate that contains the input ("Turnover" in "BestEstimateTurnover") is a strong hint.
    const containment = lower.includes(target) && target.length >= 3 ? -100 + lower.length - target.length : 0;
    // People type the last word or two of a long name ("Turnovr" for BestEstimateTurnover).
    const tails = wordTails(candidate).map((tail) => editDistance(target, tail) + 1);
    return { candidate, score: containment || Math.min(editDistance(target, lower), ...tails) };
  });
  scored.sort((a, b) => a.score - b.score || a.candidate.length - b.candidate.length);
  const limit = Math.max(3, Math.ceil(target.length * 0.6));
  return scored.filter((s) => s.score <= limit).slice(0, count).map((s) => s.candidate);
}

/** `BestEstimateTurnover` → `estimateturnover`, `turnover`; `CompanyGrowthTrends.CompanySizeEstimate` → its last name's tails too. */
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
