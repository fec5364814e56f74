/**
 * A sliding-window count of sends, as the services count them: at most `limit` sends in any span
 * of `windowMs`. The in-process limiter is this log (the same rule as the Redis one, not a fixed
 * window that resets all at once), and in Redis mode it mirrors this process's sends so they can
 * be written back to a Redis that lost them.
 */
export interface Send {
  at: number;
  id: string;
}

export class SlidingLog {
  private sends: Send[] = [];

  constructor(private readonly windowMs: number) {}

  private prune(now: number): void {
    let k = 0;
    while (k < this.sends.length && this.sends[k]!.at <= now - this.windowMs) k++;
    if (k > 0) this.sends = this.sends.slice(k);
  }

  count(now: number): number {
    this.prune(now);
    return this.sends.length;
  }

  /** 0 when a send is possible now under `limit`, else ms until the oldest counted send leaves. */
  waitMs(now: number, limit: number): number {
    this.prune(now);
    if (this.sends.length < limit) return 0;
    return this.sends[this.sends.length - limit]!.at + this.windowMs - now + 1;
  }

  add(send: Send): void {
    this.sends.push(send);
    if (this.sends.length > 1 && this.sends[this.sends.length - 2]!.at > send.at)
      this.sends.sort((x, y) => x.at - y.at);
  }

  /** The sends still inside the window (to write back or save). */
  recent(now: number): Send[] {
    this.prune(now);
    return [...this.sends];
  }

  /**
   * ms until `n` more sends are possible, if sends keep coming as fast as the window allows: the
   * real expected wait of the n-th request in a queue.
   */
  expectedWaitMs(now: number, limit: number, n: number): number {
    this.prune(now);
    const free = limit - this.sends.length;
    if (n <= free) return 0;
    const k = n - free - 1;
    const rounds = Math.floor(k / limit);
    const oldest = this.sends[k % limit]?.at ?? now;
    return Math.max(0, oldest + this.windowMs * (rounds + 1) - now);
  }
}
