/**
 * Every request that reached the sandbox, counted by the sandbox itself (not by a client), so a
 * test of a proxy in front of it can say "0 requests reached the service" from the service's side.
 * Keyed by where the request went (a service's name, `admin`, or `other` for unknown paths), with
 * the service's own rate-limit refusals (429) counted apart. Never reset: readers take differences.
 */
export interface RequestCounts {
  total: number;
  byTarget: Record<string, number>;
  /** 429s a service answered because its own per-minute count was spent (not injected faults). */
  rateLimited: Record<string, number>;
}

export class RequestCounter {
  private readonly counts: RequestCounts = { total: 0, byTarget: {}, rateLimited: {} };

  received(target: string): void {
    this.counts.total += 1;
    this.counts.byTarget[target] = (this.counts.byTarget[target] ?? 0) + 1;
  }

  rateLimited(service: string): void {
    this.counts.rateLimited[service] = (this.counts.rateLimited[service] ?? 0) + 1;
  }

  snapshot(): RequestCounts {
    return structuredClone(this.counts);
  }
}
