/**
 * One quota per upstream, shared by every replica through Redis (rate-limiter-flexible), with a
 * per-process memory limiter as insurance while Redis is unreachable. Requests over the limit
 * wait instead of failing, in one queue per user served in turn, so one analyst's import cannot
 * starve another's few cells. Only a queue past its bound is refused (429 with Retry-After).
 */
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("The gateway's queue for this service is full.");
  }
}

interface Waiting {
  start: () => void;
}

export class FairLimiter {
  private readonly limiter: RateLimiterAbstract;
  private readonly queues = new Map<string, Waiting[]>();
  private turn: string[] = [];
  private pumping = false;

  constructor(
    private readonly name: string,
    private readonly points: number,
    private readonly windowSeconds: number,
    private readonly bound: number,
    redis?: Redis,
  ) {
    const memory = new RateLimiterMemory({ points, duration: windowSeconds, keyPrefix: `ukgw:${name}` });
    this.limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          points,
          duration: windowSeconds,
          keyPrefix: `ukgw:${name}`,
          insuranceLimiter: memory,
          rejectIfRedisNotReady: true,
        })
      : memory;
  }

  /** Requests waiting now, across users. */
  get depth(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** Resolves when `user` may send one request to this upstream. */
  acquire(user: string): Promise<void> {
    if (this.depth >= this.bound)
      throw new QueueFullError(Math.ceil((this.depth / this.points) * this.windowSeconds || 1));
    return new Promise<void>((resolve) => {
      const queue = this.queues.get(user) ?? [];
      if (queue.length === 0) this.turn.push(user);
      queue.push({ start: resolve });
      this.queues.set(user, queue);
      void this.pump();
    });
  }

  /** Serves the users in turn, one permit each, waiting out the window when the quota is spent. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.turn.length > 0) {
        const user = this.turn.shift()!;
        const queue = this.queues.get(user)!;
        const waiting = queue[0]!;
        try {
          await this.limiter.consume(this.name, 1);
        } catch (refusal) {
          this.turn.unshift(user);
          const wait = refusal instanceof RateLimiterRes ? refusal.msBeforeNext : 1000;
          await new Promise((resolve) => setTimeout(resolve, Math.max(10, wait)));
          continue;
        }
        queue.shift();
        if (queue.length > 0) this.turn.push(user);
        else this.queues.delete(user);
        waiting.start();
      }
    } finally {
      this.pumping = false;
    }
  }
}
