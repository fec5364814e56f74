/**
 * One service's quota, held in every mode as a sliding window of sends:
 *
 * - **Redis** (every replica): a log of send times in a sorted set, updated by one Lua script on
 *   Redis's clock. Each grant is mirrored in this process's own log under the same id.
 * - **Redis unreachable**: this process's log decides, with `limit / replicas` as its share. With
 *   more than one replica it cannot know what the others sent just before, so it starts the outage
 *   as if the window were full: conservative for one window, then its share.
 * - **Redis back**: the sends of the last window are written back (same ids, so a Redis that never
 *   lost them counts them once), so a restarted, empty Redis still knows the minute the service
 *   counts.
 * - **Memory mode** (no Redis): this process's log, saved to a file on each send and read back at
 *   start, so the first minute after a restart never passes the limit; with no file to keep it, or
 *   an unreadable one, a process starts as if the window were full.
 * - **A service 429** stops every send until its Retry-After has passed.
 *
 * The window is widened by a margin (at most two seconds, 5 % of short test windows) for the time
 * between our grant and the service's count (a busy event loop, the network).
 */
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { distrust, type RedisClient } from "./redis-client";
import { SlidingLog, type Send } from "./sliding-log";

/** Grants a send ({0, now}) or says how many ms until one is possible ({wait, now}). */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, now - window)
local limit = tonumber(ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {0, now}
end
local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return {tonumber(oldest[2]) + window - now + 1, now}
`;
/** Writes sends back (score = when, member = id); a member already there is not counted twice. */
const WRITE_BACK = `
for i = 2, #ARGV, 2 do redis.call('ZADD', KEYS[1], ARGV[i - 1], ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[#ARGV]))
return 1
`;
const WINDOW_MARGIN_MS = 2000;

export interface QuotaOptions {
  service: string;
  limit: number;
  windowSeconds: number;
  replicas: number;
  redis?: RedisClient;
  /** Memory mode: where this process saves its log, to know it again after a restart. */
  file?: string;
  now?: () => number;
}

export class Quota {
  readonly windowMs: number;
  private readonly log: SlidingLog;
  private readonly now: () => number;
  private pausedUntil = 0;
  private sharedBefore: boolean;

  constructor(private readonly o: QuotaOptions) {
    this.windowMs = o.windowSeconds * 1000 + Math.min(WINDOW_MARGIN_MS, o.windowSeconds * 50);
    this.log = new SlidingLog(this.windowMs);
    this.now = o.now ?? Date.now;
    this.sharedBefore = o.redis?.status === "ready";
    if (!o.redis) this.restore();
    else if (!this.sharedBefore) this.assumeFull();
    o.redis?.on("ready", () => void this.writeBack());
    o.redis?.on("error", () => this.enterOutage());
    o.redis?.on("end", () => this.enterOutage());
    // A primary that dies (a failover) closes the connection before any error is reported.
    o.redis?.on("close", () => this.enterOutage());
  }

  // Each script touches this one key only, so it runs on a Redis Cluster as it is (no hash tag);
  // renaming it would split the count between old and new replicas during a rolling upgrade.
  private get key(): string {
    return `ukgw:quota:${this.o.service}`;
  }

  /** This process's share while it decides alone. */
  private get localLimit(): number {
    return this.o.redis ? Math.max(1, Math.floor(this.o.limit / this.o.replicas)) : this.o.limit;
  }

  private assumeFull(): void {
    const at = this.now();
    for (let i = this.log.count(at); i < this.o.limit; i++) this.log.add({ at, id: `assumed-${randomUUID()}` });
  }

  private enterOutage(): void {
    if (!this.sharedBefore) return;
    this.sharedBefore = false;
    if (this.o.replicas > 1) this.assumeFull();
  }

  private restore(): void {
    if (!this.o.file) return this.assumeFull();
    try {
      const saved = JSON.parse(readFileSync(this.o.file, "utf8")) as Record<string, Send[]>;
      for (const send of saved[this.o.service] ?? []) this.log.add(send);
    } catch (error) {
      // No file: nothing was ever sent from here. An unreadable one: the service may have counted a full window.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") this.assumeFull();
    }
  }

  private save(): void {
    if (!this.o.file) return;
    let saved: Record<string, Send[]> = {};
    try {
      saved = JSON.parse(readFileSync(this.o.file, "utf8")) as Record<string, Send[]>;
    } catch {
      saved = {};
    }
    saved[this.o.service] = this.log.recent(this.now()).filter((s) => !s.id.startsWith("assumed-"));
    writeFileSync(this.o.file, JSON.stringify(saved), { mode: 0o600 });
  }

  private async writeBack(): Promise<void> {
    const redis = this.o.redis!;
    const sends = this.log.recent(this.now()).filter((s) => !s.id.startsWith("assumed-"));
    try {
      if (sends.length > 0)
        await redis.eval(WRITE_BACK, 1, this.key, ...sends.flatMap((s) => [s.at, s.id]), this.windowMs);
      this.sharedBefore = true;
    } catch {
      // Redis went again before the write-back: the next "ready" writes them.
    }
  }

  /** A service 429: no send before its Retry-After. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  /** 0 when a send is granted (and counted), else ms to wait before trying again. */
  async take(): Promise<number> {
    const paused = this.pausedUntil - this.now();
    if (paused > 0) return paused;
    const redis = this.o.redis;
    if (redis?.status === "ready" && this.sharedBefore) {
      const id = randomUUID();
      try {
        const [wait, at] = (await redis.eval(TAKE, 1, this.key, this.windowMs, this.o.limit, id)) as [number, number];
        if (wait === 0) this.log.add({ at, id });
        return Number(wait);
      } catch {
        // Redis failed mid-call: this process decides, below, until the reconnected client is ready.
        this.enterOutage();
        distrust(redis);
      }
    }
    const now = this.now();
    const wait = this.log.waitMs(now, this.localLimit);
    if (wait > 0) return wait;
    this.log.add({ at: now, id: randomUUID() });
    this.save();
    return 0;
  }

  /** The expected wait, in ms, of the n-th request from now. */
  expectedWaitMs(n: number): number {
    const now = this.now();
    return Math.max(this.pausedUntil - now, this.log.expectedWaitMs(now, this.localLimit, n));
  }

  /** Sends this process could make now without waiting (its own view). */
  freeNow(): number {
    if (this.pausedUntil > this.now()) return 0;
    return Math.max(0, this.localLimit - this.log.count(this.now()));
  }
}
