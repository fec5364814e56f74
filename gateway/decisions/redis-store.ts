/**
 * The team's decisions in the gateway's Redis, shared by every replica:
 *
 *   ukgw:decisions:{team}:latest           hash: key → the newest decision (JSON)
 *   ukgw:decisions:{team}:history:<key>    list: every decision of the key, oldest first
 *   ukgw:decisions:teams                   set of the teams that have decisions
 *
 * (`{team}` is a hash of the team, as a Cluster hash tag: a team's keys share one slot, so a
 * decision's two writes go in one transaction and a lookup of a thousand names is one HMGET.)
 * Decisions never expire. A write is acknowledged once a replica holds it too (`WAIT`), so a
 * Sentinel failover right after it does not lose it (replication is otherwise asynchronous; on a
 * Cluster the write is not waited for). While Redis cannot be reached, lookups and writes say so
 * (DecisionsUnavailable): nothing is kept aside to be reconciled later.
 */
import { digest } from "../cache";
import { distrust, type RedisClient } from "../redis-client";
import { StoredDecisionSchema, type StoredDecision } from "./model";
import { DecisionsUnavailable, type DecisionStore } from "./store";

const TEAMS = "ukgw:decisions:teams";
/** How long a decision's write waits for a replica to hold it. */
const REPLICA_WAIT_MS = 2000;

const tag = (team: string) => `ukgw:decisions:{${digest(team, 24)}}`;
const latestKey = (team: string) => `${tag(team)}:latest`;
const historyKey = (team: string, key: string) => `${tag(team)}:history:${key}`;

const parse = (json: string | null | undefined): StoredDecision | undefined => {
  if (typeof json !== "string") return undefined;
  const read = StoredDecisionSchema.safeParse(JSON.parse(json));
  return read.success ? read.data : undefined;
};

export class RedisDecisionStore implements DecisionStore {
  constructor(private readonly redis: RedisClient) {}

  /** Runs `work` on a ready client; a failure is the store being unavailable (and the client reconnects). */
  private async use<T>(work: (redis: RedisClient) => Promise<T>): Promise<T> {
    const redis = this.redis;
    if (redis.status !== "ready")
      throw new DecisionsUnavailable("The team's decisions are kept in Redis, which cannot be reached now.");
    try {
      return await work(redis);
    } catch (error) {
      distrust(redis);
      throw new DecisionsUnavailable(
        `The team's decisions could not be read or written in Redis (${(error as Error).message}).`,
      );
    }
  }

  latest(team: string, keys: readonly string[]): Promise<Array<StoredDecision | undefined>> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.use(async (redis) => (await redis.hmget(latestKey(team), ...keys)).map(parse));
  }

  history(team: string, key: string): Promise<StoredDecision[]> {
    return this.use(async (redis) =>
      (await redis.lrange(historyKey(team, key), 0, -1)).flatMap((json) => parse(json) ?? []),
    );
  }

  record(decisions: readonly StoredDecision[]): Promise<void> {
    if (decisions.length === 0) return Promise.resolve();
    return this.use(async (redis) => {
      for (const team of new Set(decisions.map((d) => d.team))) {
        const own = decisions.filter((d) => d.team === team);
        const write = redis.multi();
        for (const d of own) {
          const json = JSON.stringify(d);
          write.rpush(historyKey(team, d.key), json).hset(latestKey(team), d.key, json);
        }
        const done = await write.exec();
        const failed = done?.find(([error]) => error);
        if (!done || failed) throw failed?.[0] ?? new Error("the transaction was discarded");
        await redis.sadd(TEAMS, team);
      }
      await this.replicated(redis);
    });
  }

  /** Until a replica holds what was written, when the primary has replicas (not on a Cluster). */
  private async replicated(redis: RedisClient): Promise<void> {
    if (redis.isCluster) return;
    const role = (await redis.call("ROLE")) as unknown[];
    const replicas = Array.isArray(role[2]) ? role[2].length : 0;
    if (role[0] === "master" && replicas > 0) await redis.call("WAIT", "1", String(REPLICA_WAIT_MS));
  }

  list(team: string): Promise<StoredDecision[]> {
    return this.use(async (redis) =>
      Object.values(await redis.hgetall(latestKey(team))).flatMap((j) => parse(j) ?? []),
    );
  }

  teams(): Promise<string[]> {
    return this.use(async (redis) => (await redis.smembers(TEAMS)).sort());
  }

  remove(team: string, key: string): Promise<number> {
    return this.use(async (redis) => {
      const removed = await redis.llen(historyKey(team, key));
      const done = await redis.multi().del(historyKey(team, key)).hdel(latestKey(team), key).exec();
      if (!done) throw new Error("the transaction was discarded");
      return removed;
    });
  }
}
