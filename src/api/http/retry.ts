/**
 * When to send again, and after how long. The rule is the contracts': retry 429, 500 and 503
 * with exponential back-off plus 0–500 ms jitter, honouring `Retry-After`; never retry 400, 401,
 * 402, 403, 404, 409 or 422 with the same payload.
 *
 * Two faults the contracts do not name are retried the same way, from the same budget:
 *   - 502 Bad Gateway: a proxy between us and the service failed, not the service;
 *   - a 2xx whose body is not data (UnreadableBodyError: empty, cut off, an HTML page), for
 *     idempotent operations only. Idempotent: every GET, and the POSTs that only read — product
 *     list/classify/by-website queries, single matches and the multi-market list. Batch-job
 *     submission and number-set uploads create something, so they are never resent; instant
 *     classification reads too, but each request may count against a free tier of 20, so it is not.
 */
import { HttpError, NetworkError, TimeoutError, UnreadableBodyError } from "./errors";
import type { RandomSource } from "./types";

export interface RetryPolicy {
  /** Resends after a retryable status (429/500/503 by default). 3 gives waits of 2 s, 4 s, 8 s. */
  maxRetries: number;
  /** First back-off wait; doubles on each further retry (product docs: 2 s, 4 s, 8 s). */
  baseDelayMs: number;
  /** Uniform random extra wait added to every retry (contracts: 0–500 ms). */
  maxJitterMs: number;
  retryStatuses: readonly number[];
  /** Resends after a 504. The classification service's 504 means "classification timed out"; once is enough to cover a blip. */
  gatewayTimeoutRetries: number;
  /** Resends of idempotent requests after a network failure (refused, reset, offline). */
  networkRetries: number;
  /** Resends of idempotent requests after the client's own time-out: a call that took minutes rarely does better at once. */
  clientTimeoutRetries: number;
  /** A `Retry-After` longer than this is not sat out: the caller gets the RateLimitedError and its wait. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 2000,
  maxJitterMs: 500,
  retryStatuses: [429, 500, 502, 503],
  gatewayTimeoutRetries: 1,
  networkRetries: 2,
  clientTimeoutRetries: 1,
  maxRetryAfterMs: 60_000,
};

/** Retries used so far in one call, by cause. */
export interface RetryCounts {
  status: number;
  gatewayTimeout: number;
  clientTimeout: number;
  network: number;
}

export const noRetriesYet = (): RetryCounts => ({ status: 0, gatewayTimeout: 0, clientTimeout: 0, network: 0 });

/**
 * The wait before the next attempt, or undefined when `error` must go to the caller.
 * Updates `counts` when a retry is granted.
 */
export function planRetry(
  error: unknown,
  counts: RetryCounts,
  policy: RetryPolicy,
  idempotent: boolean,
  random: RandomSource,
): number | undefined {
  const retriesSoFar = counts.status + counts.gatewayTimeout + counts.clientTimeout + counts.network;
  const jitter = Math.floor(random() * policy.maxJitterMs);
  const backoff = policy.baseDelayMs * 2 ** retriesSoFar + jitter;

  if (error instanceof HttpError) {
    if (!policy.retryStatuses.includes(error.status) || counts.status >= policy.maxRetries) return undefined;
    if (error.retryAfterMs !== undefined && error.retryAfterMs > policy.maxRetryAfterMs) return undefined;
    counts.status += 1;
    return error.retryAfterMs !== undefined ? error.retryAfterMs + jitter : backoff;
  }
  if (error instanceof UnreadableBodyError && idempotent) {
    if (counts.status >= policy.maxRetries) return undefined;
    counts.status += 1;
    return backoff;
  }
  if (error instanceof TimeoutError && error.source === "server") {
    if (counts.gatewayTimeout >= policy.gatewayTimeoutRetries) return undefined;
    counts.gatewayTimeout += 1;
    return backoff;
  }
  if (error instanceof TimeoutError && idempotent) {
    if (counts.clientTimeout >= policy.clientTimeoutRetries) return undefined;
    counts.clientTimeout += 1;
    return backoff;
  }
  if (error instanceof NetworkError && idempotent) {
    if (counts.network >= policy.networkRetries) return undefined;
    counts.network += 1;
    return backoff;
  }
  return undefined;
}
