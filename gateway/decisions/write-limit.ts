/**
 * How many decisions one user may write a minute (DECISION_WRITES_PER_MINUTE), so a script with a
 * stolen key cannot rewrite the team's memory in bulk. Counted per user and minute in Redis when it
 * is there (every replica counts against the same allowance), else in this process; a refusal
 * says when the next write is allowed. Reviewing by hand, one decision every second or two, never
 * meets it.
 */
import { digest } from "../cache";
import { distrust, type RedisClient } from "../redis-client";
import { SlidingLog } from "../sliding-log";

const MINUTE_MS = 60_000;

export class WriteLimit {
  private readonly local = new Map<string, SlidingLog>();

  constructor(
    private readonly perMinute: number,
    private readonly redis?: RedisClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when `user` may write now (and it is counted), else ms until they may. */
  async take(user: string): Promise<number> {
    const now = this.now();
    const redis = this.redis;
    if (redis?.status === "ready") {
      const minute = Math.floor(now / MINUTE_MS);
      const key = `ukgw:decision-writes:${digest(user, 24)}:${minute}`;
      try {
        const [[, count]] = (await redis
          .multi()
          .incr(key)
          .pexpire(key, 2 * MINUTE_MS)
          .exec()) as [[Error | null, number]];
        return count <= this.perMinute ? 0 : (minute + 1) * MINUTE_MS - now;
      } catch {
        distrust(redis);
      }
    }
    let log = this.local.get(user);
    if (!log) {
      // Users who wrote nothing this minute are forgotten, so the map holds only recent writers.
      for (const [other, l] of this.local) if (l.count(now) === 0) this.local.delete(other);
      log = new SlidingLog(MINUTE_MS);
      this.local.set(user, log);
    }
    const wait = log.waitMs(now, this.perMinute);
    if (wait === 0) log.add({ at: now, id: "" });
    return wait;
  }
}
