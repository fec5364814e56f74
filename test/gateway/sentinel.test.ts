/**
 * A real failover under load: a Redis primary, its replica and three sentinels (Debian's
 * redis-server, on loopback), two gateway replicas given `redis-sentinel://…/mymaster`. In the
 * middle of a burst from two users the primary is killed (SIGKILL, as a crashed machine). What an
 * operator would notice must not happen: no user sees an error, the service never refuses a
 * request for quota (its own sliding-window count never passed its limit), the cache, the job
 * owners and the team's decisions written before the failover are still there after it and shared
 * by both replicas (a decision is acknowledged only once a replica holds it), and no user reads
 * another's job. Both replicas must come back to shared mode on the promoted replica:
 * a client that stopped asking the sentinels would leave its replica on its own share for good.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import type { RunningGateway } from "../../gateway/server";
import { startSandbox, type RunningSandbox } from "../../sandbox/sandbox";
import { startReplicaPair, sendAs, type ReplicaPair } from "./replica-pair";
import { freePort, RedisProcesses, until, upstreamCounts, windowPasses } from "./support";

jest.setTimeout(120_000);

const WINDOW_SECONDS = 3;
const LIMIT = 6;
const NAME = "mymaster";
const servers = new RedisProcesses();
const clients: Redis[] = [];
let sandbox: RunningSandbox;
let pair: ReplicaPair;
let logLines: string[];
let primary: ChildProcess;
let primaryPort: number;
let replicaPort: number;
let sentinelPorts: number[];
let a: RunningGateway;
let b: RunningGateway;
let ana: string;
let ben: string;
let numbers: string[];
let killedAt = 0;
const sentinelEvents: { at: number; event: string }[] = [];

const client = (port: number) => {
  const c = new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: 0 });
  c.on("error", () => undefined);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 500,
    seed: 11,
    rateLimits: { product: LIMIT, matching: null, classification: null, market: null },
    rateWindowMs: WINDOW_SECONDS * 1000,
  });
  const ports = await Promise.all(Array.from({ length: 5 }, freePort));
  [primaryPort, replicaPort, sentinelPorts] = [ports[0]!, ports[1]!, ports.slice(2)];
  const dir = mkdtempSync(path.join(tmpdir(), "ukgw-sentinel-"));
  // In a folder of our own: a replica's first sync writes an RDB file even without --save.
  const plain = ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir];
  primary = servers.start(["--port", String(primaryPort), ...plain]);
  servers.start(["--port", String(replicaPort), ...plain, "--replicaof", "127.0.0.1", String(primaryPort)]);
  const replica = client(replicaPort);
  await until("the replica in sync", async () => /master_link_status:up/.test(await replica.info("replication")));

  for (const port of sentinelPorts) {
    // Sentinel rewrites its own file (what it learns), so each gets one of its own.
    const file = path.join(dir, `sentinel-${port}.conf`);
    writeFileSync(
      file,
      [
        `port ${port}`,
        "bind 127.0.0.1",
        `dir ${dir}`,
        `sentinel monitor ${NAME} 127.0.0.1 ${primaryPort} 2`,
        `sentinel down-after-milliseconds ${NAME} 1000`,
        `sentinel failover-timeout ${NAME} 3000`,
        "",
      ].join("\n"),
    );
    servers.start([file, "--sentinel"]);
  }
  // A failover needs the sentinels to know each other (they meet every 2 s) and the replica.
  for (const port of sentinelPorts) {
    const sentinel = client(port);
    // A sentinel whose timer runs 2 s late (a busy test machine, not a clock jump) would sit out
    // 30 s before it votes (its TILT mode): sentinel's own timing, not the gateway's, so here a
    // timer must run 20 s late for that, and the sitting out lasts 1 s.
    await until(
      `sentinel ${port} up`,
      async () => (await sentinel.call("SENTINEL", "DEBUG", "TILT-TRIGGER", "20000", "TILT-PERIOD", "1000")) === "OK",
    );
    await until(`sentinel ${port} knows the others and the replica`, async () => {
      const others = (await sentinel.call("SENTINEL", "SENTINELS", NAME)) as unknown[];
      const replicas = (await sentinel.call("SENTINEL", "REPLICAS", NAME)) as unknown[];
      return others.length === 2 && replicas.length === 1;
    });
  }

  pair = await startReplicaPair(
    sandbox,
    `redis-sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(",")}/${NAME}`,
    { limit: LIMIT, windowSeconds: WINDOW_SECONDS, companies: 20 },
  );
  ({ a, b, ana, ben, numbers, logLines } = pair);

  // What the sentinels did, for a failure's message: a failover that never came or a client that did not follow.
  const watcher = client(sentinelPorts[0]!);
  await watcher.psubscribe("*");
  watcher.on("pmessage", (_pattern: string, channel: string, message: string) =>
    sentinelEvents.push({ at: Date.now(), event: `${channel} ${message}` }),
  );
});

afterAll(async () => {
  await pair?.close();
  for (const c of clients) c.disconnect();
  servers.killAll();
  await sandbox?.close();
});

async function send(g: RunningGateway, key: string, route: string, body?: unknown) {
  const response = await sendAs(g, key, route, body);
  return { status: response.status, text: await response.text() };
}

const companies = (g: RunningGateway, key: string, asked: string[]) =>
  send(g, key, "/api/product/v2/companies", { CompanyNumbers: asked });

test("the primary killed mid-burst: every user gets 200, the service refuses nothing, cache, job owners and decisions survive", async () => {
  // Written before the failover, while the replica follows the primary.
  const before = numbers.slice(0, 5);
  expect((await companies(a, ana, before)).status).toBe(200);
  const submitted = await send(a, ana, "/api/matching/api/v1/match/batch", {
    companies: [{ input_name: "Harbour Lane Widgets Ltd" }],
  });
  expect(submitted.status).toBe(202);
  const jobId = (JSON.parse(submitted.text) as { job_id: string }).job_id;
  // Team decisions written through one replica just before the primary dies.
  const decided = numbers.slice(0, 5).map((number, i) => ({ name: `Failover Name ${i}`, company: number }));
  const written = await Promise.all(decided.map((d) => send(a, ana, "/api/team/decisions", d)));
  expect(written.map((w) => w.status)).toEqual(Array(decided.length).fill(201));
  // The burst starts on a window of its own, so its first window's worth fills it.
  await windowPasses(WINDOW_SECONDS + 0.5);
  const start = await upstreamCounts(sandbox);

  // Three windows' worth of distinct calls from two users. The first window's all go through one
  // replica, so the other has sent nothing of it: when the primary dies, that other replica must
  // not take the quiet for a free window.
  const search = (g: RunningGateway, key: string, i: number) =>
    send(g, key, `/api/product/v2/search/aheadFull/${String(700 + i)}`).then((r) => r.status);
  const first = await Promise.all(Array.from({ length: LIMIT }, (_, i) => search(a, ana, i)));
  primary.kill("SIGKILL");
  killedAt = Date.now();
  const burst = Array.from({ length: LIMIT * 2 }, (_, i) => search(i % 2 ? a : b, i % 2 ? ana : ben, LIMIT + i));
  const statuses = [...first, ...(await Promise.all(burst))];

  for (const g of [a, b])
    await until(
      "the gateway back on the new primary",
      async () => {
        const ready = (await (await fetch(`${g.origin}/readyz`)).json()) as { redis: string };
        return ready.redis === "ok";
      },
      // A failed election is retried only after twice the failover timeout (6 s here).
      60_000,
    ).catch(async (error: Error) => {
      // Whether the sentinels never failed over or the gateway did not follow them.
      const said = await client(sentinelPorts[0]!)
        .call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", NAME)
        .catch((e: Error) => e.message);
      throw new Error(
        `${error.message}; a sentinel names ${JSON.stringify(said)}, the replica was ${replicaPort}; ` +
          `ms from the kill: ${sentinelEvents
            .filter((e) => !e.event.startsWith("__sentinel__:hello"))
            .map((e) => `${String(e.at - killedAt)} ${e.event}`)
            .join("; ")}`,
      );
    });
  expect(logLines.some((l) => l.includes("Redis is unreachable"))).toBe(true);
  expect(logLines.some((l) => l.includes("Redis is back"))).toBe(true);
  const afterBurst = await upstreamCounts(sandbox);
  expect({
    statuses,
    refusedByService: (afterBurst.rateLimited.product ?? 0) - (start.rateLimited.product ?? 0),
  }).toEqual({ statuses: Array(LIMIT * 3).fill(200), refusedByService: 0 });

  // The records cached before the failover were replicated: the other replica serves them from the new primary.
  const sentBefore = (await upstreamCounts(sandbox)).byTarget.product ?? 0;
  const again = await companies(b, ben, before);
  expect(again.status).toBe(200);
  expect((await upstreamCounts(sandbox)).byTarget.product ?? 0).toBe(sentBefore);
  // Written after the failover through one replica, read through the other: one upstream request in all.
  const after = numbers.slice(10, 15);
  expect((await companies(a, ana, after)).status).toBe(200);
  expect((await companies(b, ben, after)).status).toBe(200);
  expect(((await upstreamCounts(sandbox)).byTarget.product ?? 0) - sentBefore).toBe(1);

  // The job's owner survived the failover; the other user still cannot read it, and asking costs nothing.
  const matchingBefore = (await upstreamCounts(sandbox)).byTarget.matching ?? 0;
  expect((await send(b, ben, `/api/matching/api/v1/match/batch/${jobId}`)).status).toBe(404);
  expect((await send(b, ben, `/api/matching/api/v1/match/batch/${jobId}/results`)).status).toBe(404);
  expect((await upstreamCounts(sandbox)).byTarget.matching ?? 0).toBe(matchingBefore);
  expect((await send(b, ana, `/api/matching/api/v1/match/batch/${jobId}`)).status).toBe(200);

  // No decision was lost: the other replica reads every one from the promoted replica.
  const found = await send(b, ben, "/api/team/decisions/lookup", { asks: decided.map((d) => ({ name: d.name })) });
  expect(
    (JSON.parse(found.text) as { decisions: Array<{ company: { number: string } } | null> }).decisions.map(
      (d) => d?.company.number ?? null,
    ),
  ).toEqual(decided.map((d) => d.company));

  // The gateways really are on the replica that was promoted.
  expect(await client(replicaPort).call("ROLE")).toEqual(expect.arrayContaining(["master"]));
});
