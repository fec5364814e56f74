/**
 * `REDIS_URL` as an operator writes it: one server passes through to ioredis untouched; Sentinel
 * and Cluster name several hosts, with default ports, an optional password, and the monitored
 * primary's name; anything malformed is refused at start with the reason and without the password.
 */
import { configFromEnv } from "../../gateway/config";
import { parseRedisUrl, redactedRedisUrl } from "../../gateway/redis-url";
import { REQUIRED_ENV } from "./support";

test.each(["redis://127.0.0.1:6379", "rediss://:secret@redis.example.org:6380/2", "redis://redis"])(
  "one server: %s is passed to ioredis as written",
  (url) => expect(parseRedisUrl(url)).toEqual({ kind: "single", url }),
);

test("Sentinel: every sentinel, its default port, the primary's name", () => {
  expect(parseRedisUrl("redis-sentinel://host1:26379,host2,10.0.0.3:26380/mymaster")).toEqual({
    kind: "sentinel",
    sentinels: [
      { host: "host1", port: 26379 },
      { host: "host2", port: 26379 },
      { host: "10.0.0.3", port: 26380 },
    ],
    name: "mymaster",
  });
});

test("Sentinel with passwords: the data servers' in the user part, the sentinels' as an option, both decoded", () => {
  expect(
    parseRedisUrl("redis-sentinel://gw:p%40ss%3Aword@[::1]:26379,host2/team-redis?sentinelPassword=s%26ntinel"),
  ).toEqual({
    kind: "sentinel",
    sentinels: [
      { host: "::1", port: 26379 },
      { host: "host2", port: 26379 },
    ],
    name: "team-redis",
    username: "gw",
    password: "p@ss:word",
    sentinelPassword: "s&ntinel",
  });
  expect(parseRedisUrl("redis-sentinel://:only-password@h/m")).toMatchObject({ password: "only-password" });
  expect(parseRedisUrl("redis-sentinel://:only-password@h/m")).not.toHaveProperty("username");
});

test("Cluster: every seed node, default port 6379, an optional password", () => {
  expect(parseRedisUrl("redis-cluster://:pw@n1:7000,n2,n3:7002")).toEqual({
    kind: "cluster",
    nodes: [
      { host: "n1", port: 7000 },
      { host: "n2", port: 6379 },
      { host: "n3", port: 7002 },
    ],
    password: "pw",
  });
});

test.each([
  ["no scheme", "127.0.0.1:6379", /use redis:\/\//],
  ["an unknown scheme", "http://127.0.0.1:6379", /use redis:\/\//],
  ["Sentinel without the primary's name", "redis-sentinel://h1:26379,h2:26379", /name the monitored primary/],
  ["Sentinel with a name and more", "redis-sentinel://h1/mymaster/0", /name the monitored primary/],
  ["Sentinel with an unknown option", "redis-sentinel://h1/mymaster?db=2", /unknown option db/],
  ["an empty host", "redis-sentinel://h1,,h2/mymaster", /"" is not host or host:port/],
  ["a port out of range", "redis-cluster://h1:70000", /port 70000 is out of range/],
  ["a cluster with a database", "redis-cluster://h1:7000/2", /a cluster has no database/],
])("refused: %s", (_name, url, reason) => {
  expect(() => parseRedisUrl(url)).toThrow(reason);
});

test("a refused URL's message never carries its passwords", () => {
  const url = "redis-sentinel://:data-secret@h1/mymaster?sentinelPassword=sentinel-secret&db=1";
  expect(() => parseRedisUrl(url)).toThrow(/unknown option db/);
  let message = "";
  try {
    parseRedisUrl(url);
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).not.toMatch(/data-secret|sentinel-secret/);
  expect(redactedRedisUrl(url)).toBe("redis-sentinel://***@h1/mymaster?sentinelPassword=***&db=1");
});

test("the gateway refuses to start on a malformed REDIS_URL rather than run alone in memory mode", () => {
  expect(configFromEnv({ ...REQUIRED_ENV, REDIS_URL: "redis-sentinel://h1,h2/mymaster" }).redisUrl).toBe(
    "redis-sentinel://h1,h2/mymaster",
  );
  expect(() => configFromEnv({ ...REQUIRED_ENV, REDIS_URL: "redis-sentinel://h1,h2" })).toThrow(
    /name the monitored primary/,
  );
});
