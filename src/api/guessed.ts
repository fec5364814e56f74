/**
 * Operations the contracts do not show, whose paths we guessed (INFERRED, CONTRACT-CHOICES.md):
 * the multi-market batch, the explore catalogue and the number-set upload. A real service may not
 * have them. The rule, made here once:
 *
 *   - A 404 that says the route is missing means "this service has no such operation". The
 *     multi-market contract tells the two 404s apart by content: a gateway's is
 *     `application/problem+json` with a `trace` (origin "gateway"), a missing company's is plain
 *     JSON without one. On a path that names no record (a catalogue, an upload) any 404 is the
 *     route's. 405 and 501 say the same in other words.
 *   - Callers then fall back to what the contract does show, and the registry remembers it while
 *     the clients live (the workbook is open), so the guess costs one request, not one per use.
 *     Listeners hear of each operation once, so the pane can say so once.
 */
import { HttpError } from "./http/errors";

export const GUESSED_OPERATIONS = [
  "market.batch",
  "product.exploreCatalogue",
  "product.uploadCompanyNumberSet",
] as const;
export type GuessedOperation = (typeof GUESSED_OPERATIONS)[number];

/** Whether `error` says the operation itself is missing; `pathNamesRecord` for paths with an id in them. */
export function meansNoSuchOperation(error: unknown, pathNamesRecord: boolean): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.status === 405 || error.status === 501) return true;
  return error.status === 404 && (error.origin === "gateway" || !pathNamesRecord);
}

/**
 * A data 404: the service looked and found no such record (plain JSON, no `trace` — the
 * multi-market contract's rule), as against a route that does not exist.
 */
export function meansNoSuchRecord(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404 && error.origin === "service";
}

export class GuessedOperations {
  private readonly missing = new Set<GuessedOperation>();
  private readonly listeners = new Set<(operation: GuessedOperation) => void>();

  isMissing(operation: GuessedOperation): boolean {
    return this.missing.has(operation);
  }

  /** Records that the service lacks `operation`; listeners hear of it the first time only. */
  markMissing(operation: GuessedOperation): void {
    if (this.missing.has(operation)) return;
    this.missing.add(operation);
    for (const listener of this.listeners) listener(operation);
  }

  /** The operations found missing so far, for a view opened after the fact. */
  list(): GuessedOperation[] {
    return [...this.missing];
  }

  subscribe(listener: (operation: GuessedOperation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs the guessed operation unless it is known to be missing; when the service answers that it
   * is, remembers that and runs `fallback` instead. Any other failure is the caller's.
   */
  async attempt<T>(
    operation: GuessedOperation,
    guessed: () => Promise<T>,
    fallback: () => Promise<T>,
    pathNamesRecord = false,
  ): Promise<T> {
    if (this.isMissing(operation)) return fallback();
    try {
      return await guessed();
    } catch (error) {
      if (!meansNoSuchOperation(error, pathNamesRecord)) throw error;
      this.markMissing(operation);
      return fallback();
    }
  }
}
