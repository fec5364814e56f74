/**
 * The pane's one way to hold async state: one question (to a service, to Excel, to the engine)
 * whose answer a view shows, as loading (with the progress a long run reports), value or error,
 * with `reset`, `cancel` and `retry`. `useLookup` asks when the view says so, `useAnswer` whenever
 * what it asks changes, `useAction` (hooks/useAction.ts) is a Lookup whose question is an action,
 * and the long runs (imports, Match names) are Lookups whose ask reports progress. The rule: only
 * the latest question's answer counts. Asking again, resetting or leaving the view aborts the
 * question before (its AbortSignal fires), and an answer or failure that arrives for a question no
 * longer current is dropped, so a slow first answer can never overwrite a quicker second one.
 * `cancel` is the one way to stop a question and still hear its end: it aborts the signal but the
 * question stays current, so a run that stops part-way says what it did. A failure is kept as
 * thrown; the words the user reads are written once, by the message bar (LookupStatus → ErrorBar).
 *
 * Parsing what the user typed belongs in the `ask` function too: a bad input then fails the same
 * way a refused request does, and shows in the same place.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

export type LookupState<Q, R, P = never> =
  | { status: "idle" }
  /**
   * `previous`: the answer shown before this question, for a view that keeps it on screen meanwhile;
   * `progress`: what the ask last reported; `cancelling`: cancelled, its end not yet heard.
   */
  | { status: "loading"; query: Q; previous?: R; progress?: P; cancelling?: true }
  | { status: "done"; query: Q; result: R }
  | { status: "failed"; query: Q; error: unknown };

/** Asks `query`; a long run reports its progress as it goes (shown only while its question is current). */
export type Ask<Q, R, P = never> = (query: Q, signal: AbortSignal, report: (progress: P) => void) => Promise<R> | R;

export interface LookupOptions {
  /** Quiet time before asking (typing in a picker should not spend a request per key); the state is loading meanwhile. */
  delayMs?: number;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** The state machine behind useLookup, free of React so its rule can be tested on its own. */
export class Lookup<Q, R, P = never> {
  private current: LookupState<Q, R, P> = { status: "idle" };
  private running: AbortController | undefined;
  private last: { query: Q; options: LookupOptions } | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly ask: Ask<Q, R, P>) {}

  get state(): LookupState<Q, R, P> {
    return this.current;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Asks `query`, aborting whatever was asked before; resolves when this question is settled or superseded. */
  readonly run = async (query: Q, options: LookupOptions = {}): Promise<void> => {
    const { delayMs = 0 } = options;
    this.last = { query, options };
    this.running?.abort();
    const stop = new AbortController();
    this.running = stop;
    const shown = this.current;
    const previous = shown.status === "done" ? shown.result : shown.status === "loading" ? shown.previous : undefined;
    this.set(previous === undefined ? { status: "loading", query } : { status: "loading", query, previous });
    try {
      if (delayMs > 0) await pause(delayMs, stop.signal);
      if (stop.signal.aborted) {
        // Cancelled before it was asked: nothing ran, so there is no end to show.
        if (this.running === stop) this.set({ status: "idle" });
        return;
      }
      const report = (progress: P) => {
        const now = this.current;
        if (this.running === stop && now.status === "loading") this.set({ ...now, progress });
      };
      const result = await this.ask(query, stop.signal, report);
      if (this.running === stop) this.set({ status: "done", query, result });
    } catch (error) {
      if (this.running === stop) this.set({ status: "failed", query, error });
    } finally {
      if (this.running === stop) this.running = undefined;
    }
  };

  /** Asks the last question again (after a failure, or when what it read has changed); nothing if none was asked. */
  readonly retry = (): Promise<void> => (this.last ? this.run(this.last.query, this.last.options) : Promise.resolve());

  /** Stops the question in flight (its signal fires) but still shows how it ends: a run's partial outcome, or its failure. */
  readonly cancel = (): void => {
    const now = this.current;
    if (!this.running || now.status !== "loading") return;
    this.running.abort();
    this.set({ ...now, cancelling: true });
  };

  /** Back to idle: the question in flight is aborted and its answer will be dropped. */
  readonly reset = (): void => {
    this.running?.abort();
    this.running = undefined;
    this.set({ status: "idle" });
  };

  private set(next: LookupState<Q, R, P>): void {
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}

export interface UseLookup<Q, R, P = never> {
  state: LookupState<Q, R, P>;
  run(query: Q, options?: LookupOptions): Promise<void>;
  retry(): Promise<void>;
  cancel(): void;
  reset(): void;
}

/** A Lookup owned by the calling component: `ask` may close over props (the latest one is used), and unmounting aborts. */
export function useLookup<Q, R, P = never>(ask: Ask<Q, R, P>): UseLookup<Q, R, P> {
  const latest = useRef(ask);
  useEffect(() => {
    latest.current = ask;
  });
  const [lookup] = useState(
    () => new Lookup<Q, R, P>((query, signal, report) => latest.current(query, signal, report)),
  );
  const state = useSyncExternalStore(
    lookup.subscribe,
    () => lookup.state,
    () => lookup.state,
  );
  useEffect(() => lookup.reset, [lookup]);
  return { state, run: lookup.run, retry: lookup.retry, cancel: lookup.cancel, reset: lookup.reset };
}

/**
 * The answer to `query`, asked again whenever it changes (compared as JSON, so a new array of the
 * same values asks nothing) and cancelled when it becomes `undefined` (back to idle).
 */
export function useAnswer<Q, R>(query: Q | undefined, ask: Ask<Q, R>, options: LookupOptions = {}): UseLookup<Q, R> {
  const lookup = useLookup(ask);
  const key = query === undefined ? undefined : JSON.stringify(query);
  const { run, reset } = lookup;
  const { delayMs } = options;
  useEffect(() => {
    if (key === undefined) reset();
    else void run(JSON.parse(key) as Q, { delayMs });
  }, [key, delayMs, run, reset]);
  return lookup;
}
