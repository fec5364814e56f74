/**
 * The team's shared cache: company records by number and match results by normalised input, in
 * Redis when there is one (shared by every replica) or in this process. Redis trouble is never a
 * user's problem: a failed read is a miss and a failed write is skipped.
 */
import type { Redis } from "ioredis";

export interface SharedCache {
  getMany(kind: string, keys: readonly string[]): Promise<Map<string, string>>;
  setMany(kind: string, entries: ReadonlyMap<string, string>): Promise<void>;
}

export function redisCache(redis: Redis, ttlSeconds: number): SharedCache {
  const key = (kind: string, k: string) => `ukgw:${kind}:${k}`;
  return {
    async getMany(kind, keys) {
      if (keys.length === 0 || redis.status !== "ready") return new Map();
      try {
        const values = await redis.mget(...keys.map((k) => key(kind, k)));
        return new Map(keys.flatMap((k, i) => (values[i] ? [[k, values[i]!] as [string, string]] : [])));
      } catch {
        return new Map();
      }
    },
    async setMany(kind, entries) {
      if (entries.size === 0 || redis.status !== "ready") return;
      const batch = redis.multi();
      for (const [k, v] of entries) batch.set(key(kind, k), v, "EX", ttlSeconds);
      await batch.exec().catch(() => undefined);
    },
  };
}

export function memoryCache(ttlSeconds: number, now: () => number = Date.now): SharedCache {
  const entries = new Map<string, { value: string; expires: number }>();
  return {
    async getMany(kind, keys) {
      const found = new Map<string, string>();
      for (const k of keys) {
        const hit = entries.get(`${kind}:${k}`);
        if (hit && hit.expires > now()) found.set(k, hit.value);
      }
      return found;
    },
    async setMany(kind, values) {
      for (const [k, v] of values) entries.set(`${kind}:${k}`, { value: v, expires: now() + ttlSeconds * 1000 });
    },
  };
}

/** Identical requests in flight at the same moment share one upstream call, whoever sent them. */
export class InFlight<T> {
  private readonly pending = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.pending.get(key);
    if (existing) return existing;
    const started = work().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }
}
