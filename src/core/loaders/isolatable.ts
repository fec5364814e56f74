/**
 * Which failed batch requests are worth halving (batch-loader.ts): those a single key could have
 * caused — the service failing on one record (5xx, 400, 413, 422), an answer that could not be read
 * or did not fit the contract, or a request too large to finish in time. Not an expired sign-in,
 * a rate limit, an unreachable service or a cancel: halves would fail the same way.
 */
import { HttpError, RateLimitedError, SchemaError, TimeoutError, UnreadableBodyError } from "@ukco/api/http/errors";

const SPLITTABLE_STATUSES = new Set([400, 413, 422]);

export function mayBelongToPartOfBatch(error: unknown): boolean {
  if (error instanceof UnreadableBodyError || error instanceof SchemaError || error instanceof TimeoutError)
    return true;
  if (error instanceof RateLimitedError || !(error instanceof HttpError)) return false;
  return error.status >= 500 || SPLITTABLE_STATUSES.has(error.status);
}
