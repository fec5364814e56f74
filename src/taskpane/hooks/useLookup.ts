/**
 * The pane's one way to hold async state: one question (to a service, to Excel, to the engine)
 * whose answer a view shows, as loading, value or error, with cancel (`reset`) and `retry`.
 * `useLookup` asks when the view says so, `useAnswer` whenever what it asks changes, and `useAction`
 * (hooks/useAction.ts) is a Lookup whose question is an action. The rule: only the latest question's answer
 * counts. Asking again, resetting or leaving the view aborts the question before (its AbortSignal
 * fires), and an answer or failure that arrives for a question no longer current is dropped, so a
 * slow first answer can never overwrite a quicker second one. A failure is kept as thrown; the
 * words the user reads are written once, by the message bar (LookupStatus → ErrorBar).
 *
 * Parsing what the user typed belongs in the `ask` function too: a bad input then fails the same
 * way a refused request does, and shows in the same place.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

export type LookupState<Q, R> =
  | { status: "idle" }
  /** `previous`: the answer shown before this question, for a view that keeps it on screen meanwhile. */
  | { status: "loading"; query: Q; previous?: R }
  | { status: "done"; query: Q; result: R }
  | { status: "failed"; query: Q; error: unknown };

export type Ask<Q, R> = (query: Q, signal: AbortSignal) => Promise<R> | R;

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
export class Lookup<Q, R> {
  private current: LookupState<Q, R> = { status: "idle" };
  private running: AbortController | undefined;
  private last: { query: Q; options: LookupOptions } | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly ask: Ask<Q, R>) {}

  get state(): LookupState<Q, R> {
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
      if (stop.signal.aborted) return;
      const result = await this.ask(query, stop.signal);
      if (this.running === stop) this.set({ status: "done", query, result });
    } catch (error) {
      if (this.running === stop) this.set({ status: "failed", query, error });
    } finally {
      if (this.running === stop) this.running = undefined;
    }
  };

  /** Asks the last question again (after a failure, or when what it read has changed); nothing if none was asked. */
  readonly retry = (): Promise<void> => (this.last ? this.run(this.last.query, this.last.options) : Promise.resolve());

  /** Back to idle (cancel): the question in flight is aborted and its answer will be dropped. */
  readonly reset = (): void => {
    this.running?.abort();
    this.running = undefined;
    this.set({ status: "idle" });
  };

  private set(next: LookupState<Q, R>): void {
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}

export interface UseLookup<Q, R> {
  state: LookupState<Q, R>;
  run(query: Q, options?: LookupOptions): Promise<void>;
  retry(): Promise<void>;
  reset(): void;
}

/** A Lookup owned by the calling component: `ask` may close over props (the latest one is used), and unmounting aborts. */
export function useLookup<Q, R>(ask: Ask<Q, R>): UseLookup<Q, R> {
  const latest = useRef(ask);
  useEffect(() => {
    latest.current = ask;
  });
  const [lookup] = useState(() => new Lookup<Q, R>((query, signal) => latest.current(query, signal)));
  const state = useSyncExternalStore(
    lookup.subscribe,
    () => lookup.state,
    () => lookup.state,
  );
  useEffect(() => lookup.reset, [lookup]);
  return { state, run: lookup.run, retry: lookup.retry, reset: lookup.reset };
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
