/**
 * The Redis client `REDIS_URL` names (redis-url.ts): one server, the primary Redis Sentinel points
 * at now, or a Redis Cluster. Whichever it is, a command fails fast while Redis is unreachable
 * (no offline queue, one retry) rather than holding a user's request: the quota and cache have
 * their own answer for an outage, and a failover is one.
 *
 * After a failover the client finds the new primary by reconnecting: Sentinel closes every client
 * connection of the servers it reconfigures, and a connection to a dead primary fails, so each
 * retry asks the sentinels again. ioredis's own failover detector is not used: its subscription
 * outlives the connection it was made for, and a `+switch-master` that reaches it while the client
 * is asking the sentinels stops the client for good (status "end", no more retries), which left a
 * gateway in per-process mode after every other failover under load.
 *
 * A Redis that stops answering without closing (a frozen process, a network that drops packets)
 * must not hold users either: each command gives up after COMMAND_TIMEOUT_MS, and a PING every
 * second that goes unanswered, or a command that failed, makes the client reconnect, so the
 * quota and cache see an outage (and, once Redis answers, its end) as they would a closed one.
 */
import { Cluster, Redis, type RedisOptions } from "ioredis";
import { parseRedisUrl } from "./redis-url";

export type RedisClient = Redis | Cluster;

/**
 * The longest a user's request waits on one Redis command. Not shorter: after the gateway's own
 * event loop stalls (a busy machine), Node runs due timers before it reads the replies that came
 * meanwhile, so a stall this long makes a healthy Redis look frozen.
 */
export const COMMAND_TIMEOUT_MS = 5000;
const PING_EVERY_MS = 1000;

const FAIL_FAST: RedisOptions = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  commandTimeout: COMMAND_TIMEOUT_MS,
  // A connection that opens to a frozen server would otherwise wait for its first answer for ever.
  connectTimeout: COMMAND_TIMEOUT_MS,
  // A frozen server never answers a close either: its connection is dropped soon, not after 2 s.
  disconnectTimeout: 200,
  // Reconnect soon after a failover, without hammering a Redis that is down.
  retryStrategy: (times) => Math.min(times * 200, 2000),
};

/** How long an ended client waits before it starts connecting again. */
export const RESTART_AFTER_MS = 1000;
/** The clients the gateway has not closed, with their PING timers. */
const running = new WeakMap<RedisClient, NodeJS.Timeout>();

export function createRedisClient(url: string): RedisClient {
  const client = clientFor(url);
  // Every retry strategy here retries for ever, yet ioredis can still end a client on its own (a
  // reconnect cut short ends it). An ended client would leave the gateway in per-process mode
  // until it restarts, so it starts connecting again unless the gateway closed it.
  client.on("end", () => {
    if (!running.has(client)) return;
    setTimeout(() => {
      if (running.has(client) && client.status === "end") client.connect().catch(() => undefined);
    }, RESTART_AFTER_MS).unref();
  });
  let pinging = false;
  const pings = setInterval(() => {
    if (pinging || client.status !== "ready") return;
    pinging = true;
    client
      .ping()
      .catch(() => distrust(client))
      .finally(() => (pinging = false));
  }, PING_EVERY_MS).unref();
  running.set(client, pings);
  return client;
}

/**
 * A command on this client failed: its connection is not to be trusted, so it reconnects. Every
 * user of the client then sees it close and, once Redis answers again, become ready.
 */
export function distrust(client: RedisClient): void {
  if (client.status === "ready") client.disconnect(true);
}

/** Closes the client for good: it does not start connecting again. */
export function closeRedisClient(client: RedisClient): void {
  clearInterval(running.get(client));
  running.delete(client);
  client.disconnect();
}

function clientFor(url: string): RedisClient {
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
