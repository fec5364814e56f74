/**
 * Incorporation dates follow company numbers (lower numbers are older), along a curve shaped like
 * the register's growth: few companies before 1970, most since 2000.
 */

/** INFERRED: the sandbox data is "as of" this date, so a seed gives the same data on any day. */
export const REFERENCE_DATE = Date.UTC(2026, 5, 30);
export const REFERENCE_YEAR = 2026;

const KNOTS: readonly [fraction: number, year: number][] = [
  [0, 1925],
  [0.06, 1970],
  [0.2, 1995],
  [0.32, 2004],
  [0.5, 2012],
  [0.75, 2019],
  [1, 2026.4],
];

/** INFERRED first years of registers that started late: LLPs in 2001; old NI R0 numbers end by 1990. */
const YEAR_SPAN: Readonly<Record<string, readonly [number, number]>> = {
  OC: [2001, 2026.4],
  SO: [2001.5, 2026.4],
  NC: [2004, 2026.4],
  R0: [1925, 1990],
  FC: [1965, 2026.4],
};

/** Day number (since 1970-01-01) for a position 0..1 along a prefix's number range. */
export function incorporationDay(fraction: number, jitter: number, prefix = ""): number {
  const span = YEAR_SPAN[prefix];
  if (span) return toDay(span[0] + fraction * (span[1] - span[0]), jitter);
  let year = KNOTS[KNOTS.length - 1]?.[1] ?? 2026;
  for (let k = 1; k < KNOTS.length; k++) {
    const [f1, y1] = KNOTS[k] as [number, number];
    const [f0, y0] = KNOTS[k - 1] as [number, number];
    if (fraction <= f1) {
      year = y0 + ((fraction - f0) / (f1 - f0 || 1)) * (y1 - y0);
      break;
    }
  }
  return toDay(year, jitter);
}

function toDay(year: number, jitter: number): number {
  const ms = Date.UTC(Math.floor(year), 0, 1) + (year % 1) * 365 * 86_400_000 + jitter * 20 * 86_400_000;
  return Math.min(Math.floor(ms / 86_400_000), Math.floor(REFERENCE_DATE / 86_400_000) - 30);
}
