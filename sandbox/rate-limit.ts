/** Sliding-window request counting per key, as the real services limit per token or key per minute. */

export type ServiceName = "product" | "matching" | "classification" | "market";

/** Requests a minute per credential; null switches the limit off (benchmarks). */
export type RateLimits = Record<ServiceName, number | null>;

/** Real limits: product ~200/min (API-FACTS), classification 5/min, market 60/min (contract), matching 120/min (our choice). */
export const DEFAULT_RATE_LIMITS: RateLimits = { product: 200, matching: 120, classification: 5, market: 60 };

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one request for `key` unless it would exceed `perMinute`. */
  take(key: string, perMinute: number | null): RateDecision {
    if (perMinute === null) return { ok: true };
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= perMinute) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }

  reset(): void {
    this.hits.clear();
  }
}
