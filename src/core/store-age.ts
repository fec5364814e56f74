/**
 * How old the workbook's stored values are, in bands of whole days, and which of them an "older
 * than N days" refresh would fetch again. The bands count from the moment of asking, not calendar
 * days, so they agree with the refresh's cutoff whatever the time zone.
 */

export const DAY_MS = 86_400_000;

/** A band of ages in whole days, both ends included. */
export interface AgeBand {
  fromDays: number;
  toDays: number;
}

/** INFERRED (ours): the ages a refresh is usually decided by — today, this week, this month, this quarter. */
export const AGE_BANDS: readonly AgeBand[] = [
  { fromDays: 0, toDays: 0 },
  { fromDays: 1, toDays: 7 },
  { fromDays: 8, toDays: 30 },
  { fromDays: 31, toDays: 90 },
  { fromDays: 91, toDays: Infinity },
];

/** Whole days since `fetchedAt`; a time ahead of `now` (another machine's clock) counts as today. */
export function ageInDays(fetchedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - fetchedAt) / DAY_MS));
}

/** How many of `times` fall in each of `bands`, in order. */
export function ageHistogram(times: Iterable<number>, now: number, bands: readonly AgeBand[] = AGE_BANDS): number[] {
  const counts = bands.map(() => 0);
  for (const t of times) {
    const days = ageInDays(t, now);
    const band = bands.findIndex((b) => days >= b.fromDays && days <= b.toDays);
    if (band >= 0) counts[band]!++;
  }
  return counts;
}

/** The moment before which a value is older than `days` days. */
export function olderThanCutoff(now: number, days: number): number {
  return now - days * DAY_MS;
}

/** How many of `times` an "older than" refresh with this cutoff fetches again (the refresh scope's test). */
export function countFetchedBefore(times: Iterable<number>, cutoff: number): number {
  let count = 0;
  for (const t of times) if (t < cutoff) count++;
  return count;
}
