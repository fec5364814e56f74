/** What the engine counts, for tests and benchmarks. */
export interface CalcCounters {
  /** Custom function calls made by recalculation (previews excluded). */
  invocations: number;
  /** Calls per function id. */
  byFunction: Record<string, number>;
  /** The number of calls in each synchronous burst, in order. */
  bursts: number[];
  /** onCanceled calls (overwritten cells, changed inputs, recalculation of a running call). */
  cancellations: number;
  /** Calls made with isInValuePreview true. */
  previews: number;
  /** Results written to cells (each setResult of a streaming function counts). */
  results: number;
}

export function newCounters(): CalcCounters {
  return { invocations: 0, byFunction: {}, bursts: [], cancellations: 0, previews: 0, results: 0 };
}

/** Resets in place, so a reference held by a test stays live. */
export function resetCounters(counters: CalcCounters): void {
  Object.assign(counters, newCounters());
}
