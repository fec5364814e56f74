/**
 * The Redis client `REDIS_URL` names (redis-url.ts): one server, the primary Redis Sentinel points
 * at now, or a Redis Cluster. Whichever it is, a command fails fast while Redis is unreachable
 * (no offline queue, one retry) rather than holding a user's request: the quota and cache have
 * their own answer for an outage, and a failover is one.
 */
import { Cluster, Redis, type RedisOptions } from "ioredis";
import { parseRedisUrl } from "./redis-url";

export type RedisClient = Redis | Cluster;

const FAIL_FAST: RedisOptions = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  // Reconnect soon after a failover, without hammering a Redis that is down.
  retryStrategy: (times) => Math.min(times * 200, 2000),
};

export function createRedisClient(url: string): RedisClient {
  const target = parseRedisUrl(url);
  if (target.kind === "single") return new Redis(url, FAIL_FAST);
  const credentials = {
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
  };
  if (target.kind === "sentinel")
    return new Redis({
      ...FAIL_FAST,
      ...credentials,
      sentinels: target.sentinels,
      name: target.name,
      ...(target.sentinelPassword ? { sentinelPassword: target.sentinelPassword } : {}),
      // Asks the sentinels again at once, not after a timeout, when they announce a new primary.
      failoverDetector: true,
      sentinelRetryStrategy: (times) => Math.min(times * 200, 2000),
    });
  return new Cluster(target.nodes, {
    enableOfflineQueue: false,
    // Commands to many keys go out grouped by the node that holds them (MGET across slots would fail).
    enableAutoPipelining: true,
    clusterRetryStrategy: (times) => Math.min(times * 200, 2000),
    redisOptions: { ...FAIL_FAST, ...credentials },
  });
}
