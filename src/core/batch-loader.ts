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
 *
 * How a flush is cut into requests is the `plan` hook's choice (chunk-plan.ts): the fewest
 * requests, or — when the service's quota has room — a few more, smaller ones that run side by
 * side, each delivered to its cells the moment it arrives.
 *
 * Asks are cheap, because a burst has tens of thousands of them: no timer or AbortController of
 * their own. Every ask's deadline sits in one queue (they all wait the same time, so it is in
 * order), swept by one timer.
 */
import type { Clock } from "@ukco/api/http/types";
import type { AbortListener, CancelSignal } from "./call-context";
import { UnavailableError } from "./errors";
import { QuietTimer } from "./quiet-timer";

export interface BatchLoaderOptions<V, N = never> {
  /**
   * One request for many keys. Keys missing from the returned map are an error for those keys.
   * `signal` aborts when every ask of the batch has gone; `notify` passes progress (a queue
   * position, say) to the asks of one key; `needs` gives what the asks of one key said they need
   * of its value (`load`'s `need`), for a request that can fetch less than all of it.
   */
  loadMany(
    keys: readonly string[],
    signal: AbortSignal,
    notify: (key: string, progress: unknown) => void,
    needs: (key: string) => readonly N[],
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
  /**
   * Sizes of the requests for `keys` queued keys (summing to `keys`, each at most `maxBatchSize`);
   * default: as few as possible. Called at each flush.
   */
  plan?(keys: number): number[];
  /** Told how long each request took and how many keys it carried, to size later plans. */
  observe?(keys: number, ms: number): void;
  /**
   * When the plan puts a smaller request first (the first cells' own), it leaves this long before
   * the rest, so it reaches the service ahead of them; default 0 (all leave together).
   */
  firstAheadMs?: number;
}

type Attempt<V> = { ok: true; results: ReadonlyMap<string, V | Error> } | { ok: false; error: unknown };

/**
 * One ask, as the loader keeps it until it settles. By itself it answers with its key's value as
 * is. A caller that would chain `.then` (the engine storing the value, a cell shaping its row)
 * extends it instead and overrides `value` and `failure`, which run in the step that settles the
 * ask: a cold cell then waits on one promise, and is one object here. Either may return a promise
 * (the caller asks again) or throw (the ask then rejects with what it threw). It is its own abort
 * listener (`handleEvent`), so an ask allocates no closure either. An ask joins one load only (the
 * deadline queue keeps it where it joined): to ask again, make a new one.
 */
export class LoaderAsk<V, R = V> implements AbortListener {
  /** Set by the loader when the ask joins it. */
  resolve: (value: unknown) => void = ignore;
  reject: (error: unknown) => void = ignore;
  onProgress: ((progress: unknown) => void) | undefined = undefined;
  /** Epoch ms after which the ask times out. */
  deadline = 0;
  settled = false;
  /** The caller's signal, listened to until the ask settles. */
  signal: CancelSignal | undefined = undefined;
  /** The key's entry this ask waits on. */
  entry: Entry<V, unknown> | undefined = undefined;
  /** The loader's `leave` for a cancelled ask: one function per loader. */
  abandon: ((ask: never) => void) | undefined = undefined;

  value(value: V): R | PromiseLike<R> {
    return value as unknown as R;
  }

  failure(error: unknown): R | PromiseLike<R> {
    throw error;
  }

  handleEvent(): void {
    this.abandon?.(this as never);
  }
}

const ignore = (): void => undefined;

interface Entry<V, N> {
  key: string;
  /** In arrival order; an array, as most keys have a few asks and a Set each is most of their cost. */
  waiters: LoaderAsk<V, unknown>[];
  sent: boolean;
  /** What the asks said they need, one item per ask that said (pushed as given: a cell costs no copy). */
  needs?: N[];
  batch?: { entries: Entry<V, N>[]; controller: AbortController };
}

export interface BatchLoaderStats {
  requests: number;
  keysSent: number;
  asks: number;
  sharedAsks: number;
}

export class BatchLoader<V, N = never> {
  private readonly entries = new Map<string, Entry<V, N>>();
  private queue: Entry<V, N>[] = [];
  /** A first request has gone ahead; the rest of its burst waits queued for its turn. */
  private holding = false;
  private readonly flushTimer: QuietTimer;
  /** Asks by deadline (all wait the same time, so arrival order is deadline order). */
  private deadlines: LoaderAsk<V, unknown>[] = [];
  private deadlineHead = 0;
  private sweepTimer: AbortController | undefined;
  private pending = 0;
  readonly stats: BatchLoaderStats = { requests: 0, keysSent: 0, asks: 0, sharedAsks: 0 };

  /** A cancelled ask leaves; one function for every ask of this loader. */
  private readonly abandon = (waiter: LoaderAsk<V, unknown>): void =>
    this.leave(waiter.entry as Entry<V, N>, waiter, cancelled());

  constructor(private readonly options: BatchLoaderOptions<V, N>) {
    this.flushTimer = new QuietTimer(options.clock, options.burstWindowMs, options.maxDelayMs, () => this.flush());
  }

  /** Number of distinct keys waiting to be sent. */
  get queued(): number {
    return this.queue.length;
  }

  /** Whether any key is queued or being fetched. */
  get busy(): boolean {
    return this.entries.size > 0;
  }

  /** Whether `key` is queued or being fetched: a `load` of it now joins that ask and sends nothing more. */
  isLoading(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * `need`: what this ask needs of the value, passed to `loadMany` with the key. An ask joining a
   * request already sent adds nothing to it: its caller checks the value covers what it needs.
   */
  load(key: string, signal?: CancelSignal, onProgress?: (progress: unknown) => void, need?: N): Promise<V>;
  load<R>(
    key: string,
    signal: CancelSignal | undefined,
    onProgress: ((progress: unknown) => void) | undefined,
    need: N | undefined,
    ask: LoaderAsk<V, R>,
  ): Promise<R>;
  load<R>(
    key: string,
    signal?: CancelSignal,
    onProgress?: (progress: unknown) => void,
    need?: N,
    ask: LoaderAsk<V, R | V> = new LoaderAsk<V, R | V>(),
  ): Promise<R | V> {
    this.stats.asks += 1;
    // No executor closure per ask: the shared one hands over the promise's settle functions.
    const promise = new Promise<R | V>(captureSettlers);
    ask.resolve = capturedResolve!;
    ask.reject = capturedReject!;
    if (signal?.aborted) {
      settleWith(ask, false, cancelled());
      return promise;
    }
    let entry = this.entries.get(key);
    if (entry) this.stats.sharedAsks += 1;
    else {
      entry = { key, waiters: [], sent: false };
      this.entries.set(key, entry);
      this.enqueue(entry);
    }
    if (need !== undefined && !entry.sent) (entry.needs ??= []).push(need);
    const deadline = this.options.clock.now() + this.options.settleTimeoutMs;
    const waiter = ask as LoaderAsk<V, unknown>;
    waiter.onProgress = onProgress;
    waiter.deadline = deadline;
    waiter.settled = false;
    waiter.signal = signal;
    waiter.entry = entry as Entry<V, unknown>;
    waiter.abandon = this.abandon;
    entry.waiters.push(waiter);
    this.pending += 1;
    signal?.addEventListener("abort", waiter, ONCE);
    this.deadlines.push(waiter);
    if (!this.sweepTimer) this.scheduleSweep(deadline);
    return promise;
  }

  private settle(waiter: LoaderAsk<V, unknown>): void {
    waiter.settled = true;
    waiter.signal?.removeEventListener("abort", waiter);
    this.pending -= 1;
    if (this.pending === 0) {
      // Nobody waits: forget the deadlines at once rather than at the next sweep.
      this.deadlines = [];
      this.deadlineHead = 0;
      this.sweepTimer?.abort();
      this.sweepTimer = undefined;
    }
  }

  private scheduleSweep(at: number): void {
    const timer = new AbortController();
    this.sweepTimer = timer;
    this.options.clock.sleep(Math.max(0, at - this.options.clock.now()), timer.signal).then(
      () => {
        if (this.sweepTimer === timer) this.sweep();
      },
      () => undefined,
    );
  }

  /** Times out every ask past its deadline, then waits for the next deadline. */
  private sweep(): void {
    this.sweepTimer = undefined;
    const now = this.options.clock.now();
    while (this.deadlineHead < this.deadlines.length) {
      const waiter = this.deadlines[this.deadlineHead]!;
      if (!waiter.settled && waiter.deadline > now) break;
      this.deadlineHead += 1;
      if (!waiter.settled)
        this.leave(waiter.entry as Entry<V, N>, waiter, new UnavailableError("timeout", this.options.timeoutMessage));
    }
    if (this.deadlineHead > 1024 && this.deadlineHead * 2 > this.deadlines.length) {
      this.deadlines = this.deadlines.slice(this.deadlineHead);
      this.deadlineHead = 0;
    }
    const next = this.deadlines[this.deadlineHead];
    if (next) this.scheduleSweep(next.deadline);
  }

  private enqueue(entry: Entry<V, N>): void {
    this.queue.push(entry);
    // A full request goes at once, unless a plan cuts bursts: it must see the whole burst to cut it
    // well (maxDelayMs still bounds the wait), or a full page sent early becomes the last to arrive.
    if (!this.options.plan && this.queue.length >= this.options.maxBatchSize) this.flush();
    else this.flushTimer.nudge();
  }

  /**
   * Sends everything queued now, in the requests the plan cuts it into (by default batches of
   * `maxBatchSize`). A smaller first request goes `firstAheadMs` before the rest, which stay
   * queued meanwhile: an ask cancelled then is dropped from the queue, and a new ask joins its key.
   */
  flush(): void {
    this.flushTimer.cancel();
    if (this.holding) return;
    const sizes = this.planFor(this.queue.length);
    const ahead = this.options.firstAheadMs ?? 0;
    if (ahead > 0 && sizes.length > 1 && sizes[0]! < sizes[1]!) {
      void this.send(this.queue.splice(0, sizes[0]));
      this.holding = true;
      const rest = sizes.slice(1);
      void this.options.clock.sleep(ahead).then(() => {
        this.holding = false;
        // What the rest were planned for, unless asks came or went meanwhile.
        const planned = rest.reduce((sum, n) => sum + n, 0) === this.queue.length;
        this.sendQueued(planned ? rest : this.planFor(this.queue.length));
      });
    } else this.sendQueued(sizes);
  }

  private sendQueued(sizes: readonly number[]): void {
    const queued = this.queue;
    this.queue = [];
    let start = 0;
    for (const size of sizes) {
      void this.send(queued.slice(start, start + size));
      start += size;
    }
  }

  /** The plan's sizes, trusted only when they cover the queue in allowed requests; else the fewest requests. */
  private planFor(keys: number): number[] {
    const max = this.options.maxBatchSize;
    const planned = this.options.plan?.(keys);
    const valid =
      planned !== undefined &&
      planned.every((n) => Number.isInteger(n) && n >= 1 && n <= max) &&
      planned.reduce((sum, n) => sum + n, 0) === keys;
    if (valid) return planned;
    const sizes: number[] = [];
    for (let left = keys; left > 0; left -= max) sizes.push(Math.min(max, left));
    return sizes;
  }

  private async send(batch: Entry<V, N>[]): Promise<void> {
    const first = await this.attempt(batch);
    if (first.ok || batch.length < 2 || !this.options.isolate?.(first.error)) return this.deliver(batch, first);
    await this.isolateFailure(batch);
  }

  /**
   * Halves a failed batch (see the rule at the top). Both halves go at once, and each is delivered
   * as soon as it is known, so isolating a key costs about one round trip per level, not two.
   */
  private async isolateFailure(batch: Entry<V, N>[]): Promise<void> {
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

  private async attempt(batch: Entry<V, N>[]): Promise<Attempt<V>> {
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
    const started = this.options.clock.now();
    try {
      const byKey = new Map(batch.map((entry) => [entry.key, entry.needs ?? NO_NEEDS]));
      const needs = (key: string): readonly N[] => byKey.get(key) ?? NO_NEEDS;
      const results = await this.options.loadMany(keys, controller.signal, notify, needs);
      this.options.observe?.(keys.length, this.options.clock.now() - started);
      return { ok: true, results };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private deliver(batch: Entry<V, N>[], outcome: Attempt<V>): void {
    for (const entry of batch) {
      this.entries.delete(entry.key);
      const answer = !outcome.ok
        ? outcome.error
        : outcome.results.has(entry.key)
          ? outcome.results.get(entry.key)!
          : this.options.missing(entry.key);
      const ok = outcome.ok && !(answer instanceof Error);
      const waiters = entry.waiters;
      entry.waiters = [];
      for (const waiter of waiters) {
        this.settle(waiter);
        settleWith(waiter, ok, answer);
      }
    }
  }

  /**
   * A caller stops waiting (its signal aborted, or its deadline passed). An unsent key nobody
   * waits for is dropped from the queue; a sent request nobody waits for is aborted (a request still queued in a governor then never goes).
   */
  private leave(entry: Entry<V, N>, waiter: LoaderAsk<V, unknown>, reason: unknown): void {
    const at = entry.waiters.indexOf(waiter);
    if (at < 0) return;
    entry.waiters.splice(at, 1);
    this.settle(waiter);
    settleWith(waiter, false, reason);
    if (entry.waiters.length > 0) return;
    if (!entry.sent) {
      this.entries.delete(entry.key);
      this.queue = this.queue.filter((queued) => queued !== entry);
    } else if (entry.batch && entry.batch.entries.every((e) => e.waiters.length === 0)) {
      entry.batch.controller.abort();
    }
  }
}

const NO_NEEDS: readonly never[] = [];
const ONCE = { once: true } as const;

let capturedResolve: ((value: unknown) => void) | undefined;
let capturedReject: ((error: unknown) => void) | undefined;

/** Every ask's promise executor: it runs at once, so `load` reads what it captured on the next line. */
function captureSettlers(resolve: (value: never) => void, reject: (error: unknown) => void): void {
  capturedResolve = resolve as (value: unknown) => void;
  capturedReject = reject;
}

/** Settles an ask's promise with what its receiver makes of its key's value or error. */
function settleWith<V, R>(ask: LoaderAsk<V, R>, ok: boolean, answer: unknown): void {
  try {
    ask.resolve(ok ? ask.value(answer as V) : ask.failure(answer));
  } catch (thrown) {
    ask.reject(thrown);
  }
}

function cancelled(): UnavailableError {
  return new UnavailableError("cancelled", "Cancelled.");
}
