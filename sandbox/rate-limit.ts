/** Sliding-window request counting per key, as the real services limit per token or key per minute. */

export type ServiceName = "product" | "matching" | "classification" | "market";

/** Requests a minute per credential; null switches the limit off (benchmarks). */
export type RateLimits = Record<ServiceName, number | null>;

/** Real limits: product ~200/min (API-FACTS), classification 5/min (contract), market 60/min (contract), matching 120/min (our choice). */
export const DEFAULT_RATE_LIMITS: RateLimits = { product: 200, matching: 120, classification: 5, market: 60 };

/** Where a request stands against its key's limit: what a service may state in its answer's headers. */
export interface RateStanding {
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Seconds until the oldest request counted leaves the window (a slot frees up). */
  resetSeconds: number;
  windowSeconds: number;
}

export type RateDecision = ({ ok: true } | { ok: false; retryAfterSeconds: number }) & { standing?: RateStanding };

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
    const refused = recent.length >= perMinute;
    if (!refused) recent.push(now);
    this.hits.set(key, recent);
    const resetSeconds = Math.max(1, Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000));
    const standing: RateStanding = {
      limit: perMinute,
      remaining: Math.max(0, perMinute - recent.length),
      resetSeconds,
      windowSeconds: Math.ceil(this.windowMs / 1000),
    };
    return refused ? { ok: false, retryAfterSeconds: resetSeconds, standing } : { ok: true, standing };
  }

  reset(): void {
    this.hits.clear();
  }
}

/**
 * How a service states its quota in its answers' headers: the de-facto `X-RateLimit-*` pair (as
 * Laravel's throttle sends, which the product API's 429 body suggests it runs), the IETF draft's
 * older fields (`RateLimit-Limit`/`-Remaining`/`-Reset`, drafts 00–06), its structured fields
 * (`RateLimit-Policy: "name";q=…;w=…` and `RateLimit: "name";r=…;t=…`, drafts 08 on), or nothing.
 */
export type QuotaHeaderForm = "x-ratelimit" | "ratelimit-fields" | "ratelimit-structured" | "none";
export const QUOTA_HEADER_FORMS: readonly QuotaHeaderForm[] = [
  "x-ratelimit",
  "ratelimit-fields",
  "ratelimit-structured",
  "none",
];

/** Every header a form may carry, for CORS's expose list. */
export const QUOTA_HEADER_NAMES = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "RateLimit-Policy",
  "RateLimit",
];

export function quotaHeaders(form: QuotaHeaderForm, s: RateStanding | undefined): Record<string, string> {
  if (!s || form === "none") return {};
  switch (form) {
    case "x-ratelimit":
      return { "X-RateLimit-Limit": String(s.limit), "X-RateLimit-Remaining": String(s.remaining) };
    case "ratelimit-fields":
      return {
        "RateLimit-Limit": String(s.limit),
        "RateLimit-Remaining": String(s.remaining),
        "RateLimit-Reset": String(s.resetSeconds),
        "RateLimit-Policy": `${s.limit};w=${s.windowSeconds}`,
      };
    case "ratelimit-structured":
      return {
        "RateLimit-Policy": `"per-token";q=${s.limit};w=${s.windowSeconds}`,
        RateLimit: `"per-token";r=${s.remaining};t=${s.resetSeconds}`,
      };
  }
}
