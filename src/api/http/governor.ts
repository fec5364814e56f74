/**
 * A per-service limiter: at most `concurrency` requests in flight, first come first served, and
 * no more sends in any sliding window than the service's quota allows, as far as it is known. A
 * burst queues here instead of drawing 429s; a 429 with `Retry-After` pauses the whole service.
 * Time comes from the injected clock.
 *
 * The quota is what the service last stated in its answers' headers (`state`, from
 * quota-headers.ts), else the limit configured, else unknown. A stated limit replaces the
 * configured one; a stated remaining count holds, less the sends made since the request it
 * answered, until its reset (or for a window), so other clients of the same credential count too.
 * While nothing is known, `headroom` says so (undefined), and only concurrency and pauses apply.
 * A statement outlives the page through `remembered`/`recall` (core/quota-memory.ts), so a workbook
 * opened again knows the quota before its first answer.
 */
import type { ServiceName } from "../credentials";
import { AbortedError } from "./errors";
import type { StatedQuota } from "./quota-headers";
import type { Clock, WaitInfo } from "./types";

export interface GovernorLimits {
  /** Sends allowed in any window of `windowMs`, where configured; undefined: unknown until the service says. */
  perMinute?: number;
  /** Requests in flight at once. */
  concurrency: number;
  /**
   * Length of the rate window. INFERRED: a minute plus a small margin, so that network jitter
   * between our send time and the server's receipt time cannot squeeze N+1 requests into its minute.
   */
  windowMs?: number;
}

/**
 * INFERRED: a minute plus a small margin, so that network jitter between our send time and the
 * server's receipt time cannot squeeze N+1 requests into its window. A stated window gets it too.
 */
const WINDOW_MARGIN_MS = 500;
export const RATE_WINDOW_MS = 60_000 + WINDOW_MARGIN_MS;

export interface GovernorSnapshot {
  service: ServiceName;
  queued: number;
  inFlight: number;
  /** Epoch ms until which the service is paused after a 429, or 0. */
  pausedUntil: number;
  /** Rough time until the last queued request is sent. */
  drainEstimateMs: number;
}

/** What the governor could send now without making anyone wait, when the service's quota is known. */
export interface Headroom {
  /** Sends left in the current rate window, after everything already queued. */
  requests: number;
  /** Free concurrency slots, after everything already queued. */
  slots: number;
  /** The quota of a whole window, when a limit is known (a remaining count may be stated alone). */
  limit?: number;
}

/** What the service has been sent since the add-in started, for the pane's usage line. */
export interface GovernorUsage {
  /** Requests sent (each attempt, retries included). */
  sent: number;
  /** Waiting for a turn now. */
  queued: number;
  inFlight: number;
  /** 429s answered by waiting and sending again, rather than by an error in a cell. */
  throttledAbsorbed: number;
}

export interface Permit {
  /** Frees the concurrency slot; call once the response is read. Safe to call twice. */
  release(): void;
  /** How many sends the governor had granted with this one (to count those sent after it). */
  readonly sent: number;
}

/** The service's last word on its quota, as the governor keeps it. */
interface Statement {
  limit?: number;
  windowMs: number;
  /** Requests left as of `sentAt` sends (undefined: the limit alone was stated). */
  remaining?: number;
  sentAt: number;
  /** Epoch ms until which the remaining count holds. */
  until: number;
}

/**
 * The service's last word on its quota, as kept between sessions: the limit and window hold until
 * the service says otherwise; a remaining count holds until `until` (epoch ms), as it did here.
 */
export interface RememberedQuota {
  limit?: number;
  windowMs: number;
  remaining?: number;
  until: number;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  onWait?: (info: WaitInfo) => void;
  /** Does not use a rate slot (still waits for concurrency and pauses). */
  rateExempt?: boolean;
  /** While the service is paused for longer than this, reject with `pausedTooLong(remainingMs)` instead of waiting. */
  maxPauseMs?: number;
  pausedTooLong?: (remainingMs: number) => Error;
}

interface Waiter {
  options: AcquireOptions;
  grant: (permit: Permit) => void;
  fail: (error: Error) => void;
  detach: () => void;
  last?: string;
}

export class Governor {
  private readonly queue: Waiter[] = [];
  private readonly sent: number[] = [];
  private inFlight = 0;
  private sentTotal = 0;
  private throttledAbsorbed = 0;
  private pausedUntil = 0;
  private statement: Statement | undefined;
  private wake: { at: number; stop: AbortController } | undefined;
  private readonly listeners = new Set<(s: GovernorSnapshot) => void>();
  private readonly statementListeners = new Set<(quota: RememberedQuota) => void>();
  private readonly windowMs: number;

  constructor(
    readonly service: ServiceName,
    readonly limits: GovernorLimits,
    private readonly clock: Clock,
  ) {
    if (!(limits.concurrency >= 1) || (limits.perMinute !== undefined && !(limits.perMinute >= 1)))
      throw new RangeError("Governor limits must be at least 1");
    this.windowMs = limits.windowMs ?? RATE_WINDOW_MS;
  }

  /** Waits for a turn. Rejects with AbortedError, leaving the queue, as soon as `signal` aborts. */
  acquire(options: AcquireOptions = {}): Promise<Permit> {
    return new Promise<Permit>((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) {
        reject(new AbortedError(this.service));
        return;
      }
      const onAbort = (): void => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        reject(new AbortedError(this.service));
        this.pump();
      };
      const waiter: Waiter = {
        options,
        grant: resolve,
        fail: reject,
        detach: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Holds every queued and future request of this service for `ms` (a 429 with `Retry-After`). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    this.pump();
  }

  /** Observes queue changes (for a status line in the pane). Returns an unsubscribe function. */
  subscribe(listener: (s: GovernorSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): GovernorSnapshot {
    const starts = this.estimateStarts();
    const now = this.clock.now();
    return {
      service: this.service,
      queued: this.queue.length,
      inFlight: this.inFlight,
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : 0,
      drainEstimateMs: starts.length ? (starts[starts.length - 1] as number) - now : 0,
    };
  }

  usage(): GovernorUsage {
    return {
      sent: this.sentTotal,
      queued: this.queue.length,
      inFlight: this.inFlight,
      throttledAbsorbed: this.throttledAbsorbed,
    };
  }

  /** A 429 that will be sent again after a wait: the user sees a slower answer, not an error. */
  noteThrottleAbsorbed(): void {
    this.throttledAbsorbed += 1;
    this.notify();
  }

  /**
   * What the service said of its quota in the answer to `permit`'s request. Its remaining count is
   * taken less the sends granted since that request (the service had not counted them), and an
   * earlier statement still in force that leaves fewer stands: answers can arrive out of order.
   */
  state(quota: StatedQuota, permit?: Permit): void {
    const now = this.clock.now();
    const windowMs = quota.limit !== undefined ? quota.windowMs : (this.statement?.windowMs ?? quota.windowMs);
    const limit = quota.limit ?? this.statement?.limit;
    let remaining =
      quota.remaining === undefined
        ? undefined
        : Math.max(0, quota.remaining - (permit ? this.sentTotal - permit.sent : 0));
    let until = now + (quota.resetMs ?? windowMs);
    const before = this.statedRemaining(now);
    if (before !== undefined && (remaining === undefined || before < remaining)) {
      remaining = before;
      until = this.statement!.until;
    }
    this.statement = { ...(limit !== undefined ? { limit } : {}), windowMs, remaining, sentAt: this.sentTotal, until };
    const remembered = this.remembered();
    if (remembered) for (const listener of this.statementListeners) listener(remembered);
    this.pump();
  }

  /** The service's word on its quota as it stands now, to keep for a later session; undefined if it said nothing. */
  remembered(): RememberedQuota | undefined {
    const s = this.statement;
    if (!s) return undefined;
    const remaining = this.statedRemaining(this.clock.now());
    return {
      ...(s.limit !== undefined ? { limit: s.limit } : {}),
      windowMs: s.windowMs,
      ...(remaining !== undefined ? { remaining } : {}),
      until: s.until,
    };
  }

  /**
   * Takes a statement kept from an earlier session, unless the service has spoken in this one. Its
   * remaining count holds until its time is up; the sends of that session after it were counted in
   * it when it was kept.
   */
  recall(quota: RememberedQuota): void {
    if (this.statement) return;
    const live = quota.remaining !== undefined && quota.until > this.clock.now();
    this.statement = {
      ...(quota.limit !== undefined ? { limit: quota.limit } : {}),
      windowMs: quota.windowMs,
      remaining: live ? quota.remaining : undefined,
      sentAt: this.sentTotal,
      until: quota.until,
    };
    this.pump();
  }

  /** Called with each new statement of the quota (to keep it). Returns an unsubscribe function. */
  onStatement(listener: (quota: RememberedQuota) => void): () => void {
    this.statementListeners.add(listener);
    return () => this.statementListeners.delete(listener);
  }

  /** The quota's limit and window in force: stated, else configured; undefined while unknown. */
  private quota(): { limit: number; windowMs: number } | undefined {
    const stated = this.statement?.limit;
    if (stated !== undefined) return { limit: stated, windowMs: this.statement!.windowMs + WINDOW_MARGIN_MS };
    return this.limits.perMinute === undefined ? undefined : { limit: this.limits.perMinute, windowMs: this.windowMs };
  }

  /** Sends a minute the quota allows, when known (for estimates the user reads). */
  perMinute(): number | undefined {
    const s = this.statement;
    return s?.limit !== undefined ? (s.limit * 60_000) / s.windowMs : this.limits.perMinute;
  }

  /** The stated remaining count now, while it holds. */
  private statedRemaining(now: number): number | undefined {
    const s = this.statement;
    if (s?.remaining === undefined || now >= s.until) return undefined;
    return Math.max(0, s.remaining - (this.sentTotal - s.sentAt));
  }

  /** Undefined while the quota is unknown: then a caller sends the fewest requests it can. */
  headroom(): Headroom | undefined {
    const now = this.clock.now();
    const quota = this.quota();
    const stated = this.statedRemaining(now);
    if (!quota && stated === undefined) return undefined;
    const queued = this.queue.length;
    const paused = this.pausedUntil > now;
    const byWindow = quota ? quota.limit - this.sent.filter((t) => t + quota.windowMs > now).length : Infinity;
    const left = Math.min(byWindow, stated ?? Infinity);
    return {
      requests: paused ? 0 : Math.max(0, left - queued),
      slots: paused ? 0 : Math.max(0, this.limits.concurrency - this.inFlight - queued),
      ...(quota ? { limit: quota.limit } : {}),
    };
  }

  /** When the next rate-counted send may go, after `log` (sends in the window) and `extra` more sends from now. */
  private rateFreeAt(log: readonly number[], now: number, extra = 0): number {
    const quota = this.quota();
    const byWindow =
      quota && log.length >= quota.limit ? (log[log.length - quota.limit] as number) + quota.windowMs : 0;
    const stated = this.statedRemaining(now);
    const byStatement = stated !== undefined && stated - extra <= 0 ? this.statement!.until : 0;
    return Math.max(byWindow, byStatement);
  }

  /** Turns away waiters that would sit out a pause longer than they accept. */
  private shedLongPauses(now: number): void {
    const remaining = this.pausedUntil - now;
    if (remaining <= 0) return;
    for (const waiter of [...this.queue]) {
      const { maxPauseMs, pausedTooLong } = waiter.options;
      if (maxPauseMs === undefined || !pausedTooLong || remaining <= maxPauseMs) continue;
      this.queue.splice(this.queue.indexOf(waiter), 1);
      waiter.detach();
      waiter.fail(pausedTooLong(remaining));
    }
  }

  private pump(): void {
    const now = this.clock.now();
    const keptFor = Math.max(this.windowMs, this.quota()?.windowMs ?? 0);
    while (this.sent.length && (this.sent[0] as number) + keptFor <= now) this.sent.shift();
    this.shedLongPauses(now);
    let blockedUntil = 0;
    while (this.queue.length && this.inFlight < this.limits.concurrency) {
      const head = this.queue[0] as Waiter;
      const earliest = Math.max(this.pausedUntil, head.options.rateExempt ? 0 : this.rateFreeAt(this.sent, now));
      if (earliest > now) {
        blockedUntil = earliest;
        break;
      }
      this.queue.shift();
      head.detach();
      this.inFlight += 1;
      this.sentTotal += 1;
      if (!head.options.rateExempt) this.sent.push(now);
      head.grant(this.permit(this.sentTotal));
    }
    this.schedule(blockedUntil);
    this.notify();
  }

  private permit(sent: number): Permit {
    let released = false;
    return {
      sent,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        this.pump();
      },
    };
  }

  private schedule(at: number): void {
    if (this.wake && this.wake.at === at) return;
    this.wake?.stop.abort();
    this.wake = undefined;
    if (!at) return;
    const stop = new AbortController();
    this.wake = { at, stop };
    this.clock.sleep(at - this.clock.now(), stop.signal).then(
      () => {
        if (this.wake?.stop === stop) this.wake = undefined;
        this.pump();
      },
      () => undefined,
    );
  }

  /** Expected send time of each queued request, from the rate window and pause only. */
  private estimateStarts(): number[] {
    const now = this.clock.now();
    const windowMs = this.quota()?.windowMs ?? this.windowMs;
    const log = this.sent.filter((t) => t + windowMs > now);
    let ahead = 0;
    return this.queue.map((w) => {
      const start = Math.max(now, this.pausedUntil, w.options.rateExempt ? 0 : this.rateFreeAt(log, now, ahead));
      if (!w.options.rateExempt) {
        log.push(start);
        ahead += 1;
      }
      return start;
    });
  }

  private notify(): void {
    const starts = this.estimateStarts();
    const now = this.clock.now();
    this.queue.forEach((w, i) => {
      if (!w.options.onWait) return;
      const info: WaitInfo = {
        service: this.service,
        position: i + 1,
        queueLength: this.queue.length,
        estimatedWaitMs: (starts[i] as number) - now,
      };
      const key = `${info.position}/${info.queueLength}/${info.estimatedWaitMs}`;
      if (key === w.last) return;
      w.last = key;
      w.options.onWait(info);
    });
    if (this.listeners.size) {
      const snap = this.snapshot();
      for (const listener of this.listeners) listener(snap);
    }
  }
}
