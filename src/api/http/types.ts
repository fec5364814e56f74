/** Shared transport types: everything the clients need from the outside world is injected. */

/** The one way the clients reach the network. Called without a receiver, so `window.fetch` works unbound. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Time, injected so governors, retries and time-outs can be driven by a fake clock in tests. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** A source of uniform numbers in [0, 1), injected so jitter is reproducible in tests. */
export type RandomSource = () => number;

/** Options every client method accepts. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Told where this request stands while it waits in the service's governor queue. */
  onWait?: (info: WaitInfo) => void;
  /**
   * The user asked for fresh values (Refresh): a team gateway then answers from the service, not
   * from its shared cache. Sent as `x-ukco-refresh: 1`; the services themselves ignore it.
   */
  refresh?: boolean;
  /**
   * The top-level record fields a list answer's reader needs. The body reader cuts each
   * `companies[]` record of the answer to them (and the answer says so: `Answer.cut`), direct or through a
   * gateway. A team gateway is also sent them (`x-ukco-fields`), so it cuts each record before
   * sending and says so in its answer's own `x-ukco-fields`; the services have no field
   * selection, so direct to one the header is not sent.
   */
  fields?: readonly string[];
}

/** An answer as read: its data, its headers (a team gateway states facts there), and what it was cut to. */
export interface Answer<T> {
  data: T;
  headers: Headers;
  /** The top-level fields the body reader cut each `companies[]` record to; undefined when it cut nothing. */
  cut?: ReadonlySet<string>;
}

/** Where a queued request stands in its service's governor. */
export interface WaitInfo {
  service: string;
  /** 1 for the next request to go. */
  position: number;
  queueLength: number;
  /** Rough time until this request is sent, from the rate window and any service pause (ignores concurrency). */
  estimatedWaitMs: number;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** The real clock (`Date.now` and `setTimeout`). */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(abortReason(signal as AbortSignal));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  },
};
