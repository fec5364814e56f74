/**
 * Fair, bounded waiting for one service's quota. Requests over the quota wait in one queue per
 * user, served in turn (one send each), so one analyst's import cannot starve another's cells:
 *
 * - each user's queue has its own bound; the global bound counts requests actually waiting
 *   (beyond the sends free now), so a burst that the quota can take at once is never refused, and
 *   it never refuses a user who has nothing waiting (their first request gets in line, unless
 *   even its turn is too far off: below);
 * - no request waits without an answer past the wait limit (a minute by default): one whose turn
 *   is expected later than that is refused at once, and one still waiting when it is reached
 *   leaves the queue (another replica's load can slow the shared quota) with 429 all the same;
 * - a refusal's Retry-After is the expected wait of that place in the fair queue: its user's
 *   round, with every other user's requests served before it in the rounds up to it;
 * - a request whose client has gone (its signal aborts) leaves the queue at once and is never sent;
 * - a request a service refused with 429 goes back to the front of its user's queue, past the
 *   bounds: the user never sees the service's 429 while the queue can hold it.
 *
 * What a waiting request holds is its parsed call (bounded by the body limit), nothing more.
 */
import type { Quota } from "./quota";

export class QueueFullError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    /** Which bound refused it: the user's own queue, the service's, or the wait limit. */
    readonly whose: "user" | "service" | "wait",
  ) {
    super("The gateway's queue for this service is full.");
  }
}

export class AbandonedError extends Error {
  constructor() {
    super("The client went away while its request waited.");
  }
}

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  /** Ends the wait at the wait limit. */
  timer?: NodeJS.Timeout;
}

export interface LimiterBounds {
  /** Requests waiting for this service, across users. */
  global: number;
  /** Requests one user may have waiting for this service. */
  perUser: number;
  /** The longest a request waits for its turn before it is answered 429. */
  maxWaitMs: number;
}

export class FairLimiter {
  private readonly queues = new Map<string, Waiting[]>();
  private turn: string[] = [];
  private pumping = false;

  constructor(
    readonly quota: Quota,
    private readonly bounds: LimiterBounds,
  ) {}

  /** Requests waiting now, across users. */
  get depth(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  private retryAfter(place: number): number {
    return Math.max(1, Math.ceil(this.quota.expectedWaitMs(place) / 1000));
  }

  /**
   * Where a new request of `user` would be served, counting the sends before it: the user's own
   * waiting ones, and every other user's up to the same round (one send each per round).
   */
  private placeOf(user: string): number {
    const own = this.queues.get(user)?.length ?? 0;
    let place = own + 1;
    for (const [other, queue] of this.queues) if (other !== user) place += Math.min(queue.length, own + 1);
    return place;
  }

  /**
   * Resolves when `user` may send one request to this service. `again` is a request the service
   * refused with 429: it goes first in its user's queue, past the bounds.
   */
  acquire(user: string, signal?: AbortSignal, again = false): Promise<void> {
    if (signal?.aborted) return Promise.reject(new AbandonedError());
    const queue = this.queues.get(user) ?? [];
    if (!again) {
      const depth = this.depth;
      const place = this.placeOf(user);
      if (queue.length >= this.bounds.perUser) throw new QueueFullError(this.retryAfter(place), "user");
      // A user with nothing waiting gets in line: others' queues never refuse someone's first request.
      if (queue.length > 0 && depth - this.quota.freeNow() >= this.bounds.global)
        throw new QueueFullError(this.retryAfter(place), "service");
      if (this.quota.expectedWaitMs(place) > this.bounds.maxWaitMs)
        throw new QueueFullError(this.retryAfter(place), "wait");
    }
    return new Promise<void>((resolve, reject) => {
      const waiting: Waiting = { resolve, reject };
      // Still waiting at the limit (the shared quota slower than this replica expected): told so.
      waiting.timer = setTimeout(() => {
        if (waiting.signal && waiting.onAbort) waiting.signal.removeEventListener("abort", waiting.onAbort);
        this.leave(user, waiting);
        reject(new QueueFullError(this.retryAfter(this.placeOf(user)), "wait"));
      }, this.bounds.maxWaitMs);
      waiting.timer.unref();
      if (signal) {
        waiting.signal = signal;
        waiting.onAbort = () => {
          clearTimeout(waiting.timer);
          this.leave(user, waiting);
          reject(new AbandonedError());
        };
        signal.addEventListener("abort", waiting.onAbort, { once: true });
      }
      if (queue.length === 0 && !this.turn.includes(user)) this.turn.push(user);
      if (again) queue.unshift(waiting);
      else queue.push(waiting);
      this.queues.set(user, queue);
      void this.pump();
    });
  }

  private leave(user: string, waiting: Waiting): void {
    const queue = this.queues.get(user);
    if (!queue) return;
    const at = queue.indexOf(waiting);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length === 0) {
      this.queues.delete(user);
      this.turn = this.turn.filter((u) => u !== user);
    }
  }

  /** A service 429: nobody sends before its Retry-After; the pump sleeps until then. */
  refused(retryAfterMs: number): void {
    this.quota.pause(retryAfterMs);
  }

  /** Serves the users in turn, one send each, waiting out the window when the quota is spent. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.turn.length > 0) {
        const wait = await this.quota.take();
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(10, wait)));
          continue;
        }
        // The grant goes to whoever is first in turn now (an abandoned request has left already).
        const user = this.turn.shift();
        if (user === undefined) break;
        const queue = this.queues.get(user)!;
        const waiting = queue.shift()!;
        if (queue.length > 0) this.turn.push(user);
        else this.queues.delete(user);
        if (waiting.signal && waiting.onAbort) waiting.signal.removeEventListener("abort", waiting.onAbort);
        clearTimeout(waiting.timer);
        waiting.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }
}
