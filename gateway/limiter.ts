/**
 * One quota per upstream, shared by every replica through Redis, with a per-process limiter
 * (rate-limiter-flexible's memory limiter) while Redis is unreachable. Requests over the limit
 * wait instead of failing, in one queue per user served in turn, so one analyst's import cannot
 * starve another's few cells. Only a queue past its bound is refused (429 with Retry-After).
 *
 * The shared quota is a sliding window (a log of send times in a Redis sorted set, updated by one
 * Lua script on Redis's own clock), not fixed windows: a service that counts any 60 s span would
 * see twice the limit across the boundary of two fixed windows. A two-second margin on the
 * window absorbs the time between our grant and the service's count (a busy event loop, the
 * network): with half a second, a 2-minute burst on a loaded machine still drew 2 refusals.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** Grants a send (0) or says how many ms until one is possible. */
const SLIDING_WINDOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + window - now + 1
`;
const WINDOW_MARGIN_MS = 2000;

export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("The gateway's queue for this service is full.");
  }
}

interface Waiting {
  start: () => void;
}

export class FairLimiter {
  private readonly memory: RateLimiterMemory;
  private readonly queues = new Map<string, Waiting[]>();
  private turn: string[] = [];
  private pumping = false;

  constructor(
    private readonly name: string,
    private readonly points: number,
    private readonly windowSeconds: number,
    private readonly bound: number,
    private readonly redis?: Redis,
  ) {
    this.memory = new RateLimiterMemory({ points, duration: windowSeconds, keyPrefix: `ukgw:${name}` });
  }

  /** ms to wait before a send is allowed, 0 when it is granted (and counted). */
  private async take(): Promise<number> {
    if (this.redis?.status === "ready") {
      try {
        // The margin, at most 5 % of the window (short test windows would otherwise double).
        const windowMs = this.windowSeconds * 1000 + Math.min(WINDOW_MARGIN_MS, this.windowSeconds * 50);
        const key = `ukgw:quota:${this.name}`;
        return Number(await this.redis.eval(SLIDING_WINDOW, 1, key, windowMs, this.points, randomUUID()));
      } catch {
        // Redis failed mid-call: fall through to this process's own limit.
      }
    }
    try {
      await this.memory.consume(this.name, 1);
      return 0;
    } catch (refusal) {
      return refusal instanceof RateLimiterRes ? refusal.msBeforeNext : 1000;
    }
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
        const wait = await this.take();
        if (wait > 0) {
          this.turn.unshift(user);
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
