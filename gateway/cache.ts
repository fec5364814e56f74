/**
 * The team's cache of serialised answers: a bounded in-process tier (ByteLru) in front of Redis
 * when there is one (shared by every replica). Many keys are read with one MGET and written with
 * one pipeline; on a Redis Cluster, where one MGET cannot span slots, key by key, which the client
 * groups per node. Redis trouble is never a user's problem: a failed read is a miss and a failed
 * write is skipped.
 *
 * A key is `ukgw:{kind}:{scope}:{material}`: `scope` is the hash of the upstream credential the
 * answer was fetched with (a team with another token, or another scope, never reads it), and
 * material longer than a company number is hashed, so no request can make a key large.
 */
import { createHash } from "node:crypto";
import { distrust, type RedisClient } from "./redis-client";
import { ByteLru } from "./lru";

const MAX_MATERIAL = 64;

export const digest = (text: string, length = 32) => createHash("sha256").update(text).digest("hex").slice(0, length);

export function cacheKey(kind: string, scope: string, material: string): string {
  return `ukgw:${kind}:${scope}:${material.length > MAX_MATERIAL ? digest(material, 64) : material}`;
}

export class TieredCache {
  private readonly memory: ByteLru;

  constructor(
    memoryBytes: number,
    private readonly ttlSeconds: number,
    private readonly redis?: RedisClient,
    now: () => number = Date.now,
  ) {
    this.memory = new ByteLru(memoryBytes, now);
  }

  get memoryBytes(): number {
    return this.memory.bytes;
  }

  private get shared(): RedisClient | undefined {
    return this.redis?.status === "ready" ? this.redis : undefined;
  }

  async getMany(keys: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const missing: string[] = [];
    for (const k of keys) {
      const hit = this.memory.get(k);
      if (hit === undefined) missing.push(k);
      else found.set(k, hit);
    }
    const redis = this.shared;
    if (missing.length === 0 || !redis) return found;
    try {
      const values = redis.isCluster
        ? await Promise.all(missing.map((k) => redis.get(k)))
        : await redis.mget(...missing);
      const ttlMs = this.ttlSeconds * 1000;
      missing.forEach((k, i) => {
        const v = values[i];
        if (typeof v !== "string") return;
        found.set(k, v);
        this.memory.set(k, v, ttlMs);
      });
    } catch {
      // A miss, not an error; the connection is not trusted again until it reconnects.
      distrust(redis);
    }
    return found;
  }

  async setMany(entries: ReadonlyMap<string, string>, ttlSeconds = this.ttlSeconds): Promise<void> {
    if (entries.size === 0) return;
    for (const [k, v] of entries) this.memory.set(k, v, ttlSeconds * 1000);
    const redis = this.shared;
    if (!redis) return;
    if (redis.isCluster) {
      await Promise.all([...entries].map(([k, v]) => redis.set(k, v, "EX", ttlSeconds))).catch(() => distrust(redis));
      return;
    }
    const batch = redis.pipeline();
    for (const [k, v] of entries) batch.set(k, v, "EX", ttlSeconds);
    await batch.exec().catch(() => distrust(redis));
  }
}
