/** A clock whose time moves only when a test says so; `drive` runs a promise to completion through its timers. */
import type { Clock } from "../../../../src/api";

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

/** Lets pending promise callbacks and I/O-free stream reads run. */
export async function flush(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private timers: Timer[] = [];

  constructor(start = Date.UTC(2025, 0, 6, 9, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer: Timer = {
        at: this.time + Math.max(0, ms),
        seq: this.seq++,
        fire: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.timers.push(timer);
    });
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing due timers in order and letting their callbacks run. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await flush();
    for (;;) {
      const next = this.nextTimer();
      if (!next || next.at > end) break;
      this.fireNext(next);
      await flush();
    }
    this.time = end;
    await flush();
  }

  /** Settles `work`, jumping to each next timer whenever nothing else can happen. Fails after `limitMs` of fake time. */
  async drive<T>(answer: T | Promise<T>, limitMs = 3_600_000): Promise<T> {
    // A formula answers at once when it can (a warm cell): then there is nothing to drive.
    const work = Promise.resolve(answer);
    let settled = false;
    work.then(
      () => (settled = true),
      () => (settled = true),
    );
    const end = this.time + limitMs;
    await flush();
    while (!settled) {
      const next = this.nextTimer();
      if (!next) throw new Error("FakeClock.drive: the work is waiting on something other than the clock");
      if (next.at > end) throw new Error(`FakeClock.drive: not settled within ${limitMs} ms of fake time`);
      this.fireNext(next);
      await flush();
    }
    return work;
  }

  private nextTimer(): Timer | undefined {
    return [...this.timers].sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
  }

  private fireNext(timer: Timer): void {
    this.timers = this.timers.filter((t) => t !== timer);
    this.time = Math.max(this.time, timer.at);
    timer.fire();
  }
}
