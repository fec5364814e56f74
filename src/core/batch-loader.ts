/**
 * Groups the asks of a recalculation burst into the fewest requests. Excel calls a function
 * once per cell, many cells in one burst; each `load(key)` joins a queue, identical keys share
 * one entry, and a flush sends up to `maxBatchSize` keys in one `loadMany`. Unlike the batching
 * sample this learns from, every promise settles: with the key's value, its own error, the
 * request's error, or a time-out after `settleTimeoutMs` — a cell never waits forever.
 *
 * A failed request reaches only the keys that must see it. When `isolate(error)` says the
 * failure may belong to part of the batch (a 5xx, an unreadable or malformed answer), the batch
 * is halved and each half sent again; a half that fails while its sibling succeeds is halved in
 * turn, so one poisonous key costs about 2·log2(n) requests. When both halves fail the fault is
 * the service's, not a key's, and both halves get their error: a dead service costs 2 requests more.
 */
import type { Clock } from "../api/http/types";
import { UnavailableError } from "./errors";

export interface BatchLoaderOptions<V> {
  /**
   * One request for many keys. Keys missing from the returned map are an error for those keys.
   * `signal` aborts when every ask of the batch has gone; `notify` passes progress (a queue
   * position, say) to the asks of one key.
   */
  loadMany(
    keys: readonly string[],
    signal: AbortSignal,
    notify: (key: string, progress: unknown) => void,
  ): Promise<ReadonlyMap<string, V | Error>>;
  clock: Clock;
  /** Most keys one request may carry (the contract's page size). */
  maxBatchSize: number;
  /** Quiet time that ends a burst: flush when no new key arrived for this long. */
  burstWindowMs: number;
  /** Flush at the latest this long after the first queued key, even if asks keep coming. */
  maxDelayMs: number;
  /** Longest any caller waits, from its ask to an answer. */
  settleTimeoutMs: number;
  /** What a key with no entry in the response means (for example "no such company"). */
  missing(key: string): Error;
  /** The message of a time-out, naming the next step. */
  timeoutMessage: string;
  /** Whether a failed request is worth halving to find the keys it belongs to; default never. */
  isolate?(error: unknown): boolean;
}

type Attempt<V> = { ok: true; results: ReadonlyMap<string, V | Error> } | { ok: false; error: unknown };

interface Waiter<V> {
  resolve(value: V): void;
  reject(error: unknown): void;
  onProgress?: (progress: unknown) => void;
  stop: AbortController;
}

interface Entry<V> {
  key: string;
  waiters: Set<Waiter<V>>;
  sent: boolean;
  batch?: { entries: Entry<V>[]; controller: AbortController };
}

export interface BatchLoaderStats {
  requests: number;
  keysSent: number;
  asks: number;
  sharedAsks: number;
}

export class BatchLoader<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private queue: Entry<V>[] = [];
  private flushTimer: AbortController | undefined;
  private firstQueuedAt = 0;
  readonly stats: BatchLoaderStats = { requests: 0, keysSent: 0, asks: 0, sharedAsks: 0 };

  constructor(private readonly options: BatchLoaderOptions<V>) {}

  /** Number of distinct keys waiting to be sent. */
  get queued(): number {
    return this.queue.length;
  }

  load(key: string, signal?: AbortSignal, onProgress?: (progress: unknown) => void): Promise<V> {
    this.stats.asks += 1;
    return new Promise<V>((resolve, reject) => {
      if (signal?.aborted) return reject(cancelled());
      let entry = this.entries.get(key);
      if (entry) this.stats.sharedAsks += 1;
      else {
        entry = { key, waiters: new Set(), sent: false };
        this.entries.set(key, entry);
        this.enqueue(entry);
      }
      const waiter: Waiter<V> = { resolve, reject, onProgress, stop: new AbortController() };
      entry.waiters.add(waiter);
      const owner = entry;
      signal?.addEventListener("abort", () => this.leave(owner, waiter, cancelled()), {
        once: true,
        signal: waiter.stop.signal,
      });
      this.options.clock.sleep(this.options.settleTimeoutMs, waiter.stop.signal).then(
        () => this.leave(owner, waiter, new UnavailableError("timeout", this.options.timeoutMessage)),
        () => undefined,
      );
    });
  }

  private enqueue(entry: Entry<V>): void {
    if (this.queue.length === 0) this.firstQueuedAt = this.options.clock.now();
    this.queue.push(entry);
    if (this.queue.length >= this.options.maxBatchSize) this.flush();
    else this.scheduleFlush();
  }

  private scheduleFlush(): void {
    this.flushTimer?.abort();
    const timer = new AbortController();
    this.flushTimer = timer;
    const sinceFirst = this.options.clock.now() - this.firstQueuedAt;
    const wait = Math.max(0, Math.min(this.options.burstWindowMs, this.options.maxDelayMs - sinceFirst));
    this.options.clock.sleep(wait, timer.signal).then(
      () => this.flush(),
      () => undefined,
    );
  }

  /** Sends everything queued now, in batches of `maxBatchSize`. */
  flush(): void {
    this.flushTimer?.abort();
    this.flushTimer = undefined;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatchSize);
      void this.send(batch);
    }
  }

  private async send(batch: Entry<V>[]): Promise<void> {
    const first = await this.attempt(batch);
    if (first.ok || batch.length < 2 || !this.options.isolate?.(first.error)) return this.deliver(batch, first);
    await this.isolateFailure(batch);
  }

  /**
   * Halves a failed batch (see the rule at the top). Both halves go at once, and each is delivered
   * as soon as it is known, so isolating a key costs about one round trip per level, not two.
   */
  private async isolateFailure(batch: Entry<V>[]): Promise<void> {
    const middle = Math.ceil(batch.length / 2);
    const halves = [batch.slice(0, middle), batch.slice(middle)];
    const outcomes = await Promise.all(
      halves.map(async (half) => {
        const outcome = await this.attempt(half);
        if (outcome.ok) this.deliver(half, outcome);
        return outcome;
      }),
    );
    const bothFailed = outcomes.every((outcome) => !outcome.ok);
    await Promise.all(
      halves.map((half, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) return undefined;
        if (bothFailed || half.length < 2 || !this.options.isolate?.(outcome.error)) return this.deliver(half, outcome);
        return this.isolateFailure(half);
      }),
    );
  }

  private async attempt(batch: Entry<V>[]): Promise<Attempt<V>> {
    const controller = new AbortController();
    for (const entry of batch) {
      entry.sent = true;
      entry.batch = { entries: batch, controller };
    }
    const keys = batch.map((entry) => entry.key);
    const notify = (key: string, progress: unknown): void => {
      for (const waiter of this.entries.get(key)?.waiters ?? []) waiter.onProgress?.(progress);
    };
    this.stats.requests += 1;
    this.stats.keysSent += keys.length;
    try {
      return { ok: true, results: await this.options.loadMany(keys, controller.signal, notify) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private deliver(batch: Entry<V>[], outcome: Attempt<V>): void {
    for (const entry of batch) {
      this.entries.delete(entry.key);
      const answer = !outcome.ok
        ? outcome.error
        : outcome.results.has(entry.key)
          ? outcome.results.get(entry.key)!
          : this.options.missing(entry.key);
      for (const waiter of entry.waiters) {
        waiter.stop.abort();
        if (!outcome.ok || answer instanceof Error) waiter.reject(answer);
        else waiter.resolve(answer as V);
      }
      entry.waiters.clear();
    }
  }

  /**
   * A caller stops waiting. An unsent key nobody waits for is dropped from the queue; a sent
   * request nobody waits for is aborted (a request still queued in a governor then never goes).
   */
  private leave(entry: Entry<V>, waiter: Waiter<V>, reason: unknown): void {
    if (!entry.waiters.delete(waiter)) return;
    waiter.stop.abort();
    waiter.reject(reason);
    if (entry.waiters.size > 0) return;
    if (!entry.sent) {
      this.entries.delete(entry.key);
      this.queue = this.queue.filter((queued) => queued !== entry);
    } else if (entry.batch && entry.batch.entries.every((e) => e.waiters.size === 0)) {
      entry.batch.controller.abort();
    }
  }
}

function cancelled(): UnavailableError {
  return new UnavailableError("cancelled", "Cancelled.");
}
