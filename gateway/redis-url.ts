/**
 * `REDIS_URL` names one of three kinds of Redis, and this says which, without connecting:
 *
 * - `redis://[[user]:password@]host:6379[/db]` (or `rediss://`): one server, as ioredis reads it.
 * - `redis-sentinel://[[user]:password@]host1:26379,host2:26379,…/mymaster[?sentinelPassword=…]`:
 *   Redis Sentinel; the sentinels say which server is the primary now, so the primary can fail
 *   over. The password is the data servers'; the sentinels' own, if any, is `sentinelPassword`.
 * - `redis-cluster://[[user]:password@]host1:6379,host2:6379,…`: a Redis Cluster, from any of its
 *   nodes.
 *
 * A malformed one is refused at start with what is wrong, never guessed at: a gateway that fell
 * back to memory mode by mistake would count against its own limit while the others share one.
 */

export interface RedisNode {
  host: string;
  port: number;
}

export type RedisTarget =
  | { kind: "single"; url: string }
  | {
      kind: "sentinel";
      sentinels: RedisNode[];
      name: string;
      username?: string;
      password?: string;
      sentinelPassword?: string;
    }
  | { kind: "cluster"; nodes: RedisNode[]; username?: string; password?: string };

const SENTINEL_PORT = 26379;
const REDIS_PORT = 6379;

export class RedisUrlError extends Error {}

function nodesOf(hosts: string, defaultPort: number, url: string): RedisNode[] {
  const nodes = hosts.split(",").map((part) => {
    // A bracketed IPv6 address keeps its colons.
    const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/.exec(part.trim());
    if (!match) throw new RedisUrlError(`REDIS_URL ${url}: "${part}" is not host or host:port`);
    const port = match[2] === undefined ? defaultPort : Number(match[2]);
    if (port < 1 || port > 65535) throw new RedisUrlError(`REDIS_URL ${url}: port ${port} is out of range`);
    return { host: match[1]!.replace(/^\[|\]$/g, ""), port };
  });
  return nodes;
}

/** `user:password@` decoded; either part may be empty (`:password@` is the usual form). */
function credentialsOf(userinfo: string | undefined): { username?: string; password?: string } {
  if (userinfo === undefined) return {};
  const at = userinfo.indexOf(":");
  const [user, password] = at < 0 ? [userinfo, undefined] : [userinfo.slice(0, at), userinfo.slice(at + 1)];
  return {
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(password ? { password: decodeURIComponent(password) } : {}),
  };
}

/** What a credential-bearing URL may be shown as in an error or a log line. */
export function redactedRedisUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@").replace(/(sentinelPassword=)[^&]*/, "$1***");
}

export function parseRedisUrl(url: string): RedisTarget {
  const shown = redactedRedisUrl(url);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "redis" || scheme === "rediss") return { kind: "single", url };
  if (scheme !== "redis-sentinel" && scheme !== "redis-cluster")
    throw new RedisUrlError(`REDIS_URL ${shown}: use redis://, rediss://, redis-sentinel:// or redis-cluster://`);
  // Not new URL(): a WHATWG URL has one host, and these name several.
  const match = /^[^:]+:\/\/(?:([^@/]*)@)?([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?$/.exec(url);
  if (!match) throw new RedisUrlError(`REDIS_URL ${shown}: expected ${scheme}://host:port,host:port/…`);
  const [, userinfo, hosts = "", pathPart = "", query = ""] = match;
  const credentials = credentialsOf(userinfo);
  const params = new URLSearchParams(query);
  const path = pathPart.replace(/^\/+|\/+$/g, "");

  if (scheme === "redis-cluster") {
    if (path) throw new RedisUrlError(`REDIS_URL ${shown}: a cluster has no database or name in its URL`);
    if ([...params.keys()].length > 0) throw new RedisUrlError(`REDIS_URL ${shown}: a cluster URL takes no options`);
    return { kind: "cluster", nodes: nodesOf(hosts, REDIS_PORT, shown), ...credentials };
  }
  if (!path || path.includes("/"))
    throw new RedisUrlError(`REDIS_URL ${shown}: name the monitored primary once, as in …:26379/mymaster`);
  const unknown = [...params.keys()].filter((k) => k !== "sentinelPassword");
  if (unknown.length > 0) throw new RedisUrlError(`REDIS_URL ${shown}: unknown option ${unknown.join(", ")}`);
  const sentinelPassword = params.get("sentinelPassword");
  return {
    kind: "sentinel",
    sentinels: nodesOf(hosts, SENTINEL_PORT, shown),
    name: decodeURIComponent(path),
    ...credentials,
    ...(sentinelPassword ? { sentinelPassword } : {}),
  };
}
