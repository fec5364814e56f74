/**
 * Two gateway replicas on a real three-node Redis Cluster (`redis-cluster://…`): the quota is one
 * shared window (the service refuses nothing, no user sees an error), and company records cached
 * through one replica, spread over many slots, are served by the other with 0 upstream requests
 * (one MGET across slots would be refused by the cluster and every read would be a miss).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import type { RunningGateway } from "../../gateway/server";
import { startSandbox, type RunningSandbox } from "../../sandbox/sandbox";
import { startReplicaPair, sendAs, type ReplicaPair } from "./replica-pair";
import { freePort, RedisProcesses, redisAnswers, until, upstreamCounts } from "./support";

jest.setTimeout(60_000);

const WINDOW_SECONDS = 3;
const LIMIT = 6;
const servers = new RedisProcesses();
let sandbox: RunningSandbox;
let pair: ReplicaPair;
let a: RunningGateway;
let b: RunningGateway;
let ana: string;
let ben: string;
let numbers: string[];
let nodePorts: number[];

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 500,
    seed: 12,
    rateLimits: { product: LIMIT, matching: null, classification: null, market: null },
    rateWindowMs: WINDOW_SECONDS * 1000,
  });
  const ports = await Promise.all(Array.from({ length: 3 }, freePort));
  nodePorts = ports;
  const dir = mkdtempSync(path.join(tmpdir(), "ukgw-cluster-"));
  for (const port of ports)
    servers.start([
      ...["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      ...["--cluster-enabled", "yes", "--cluster-config-file", `nodes-${port}.conf`],
    ]);
  const node = new Redis({ host: "127.0.0.1", port: ports[0]!, lazyConnect: true, maxRetriesPerRequest: 0 });
  node.on("error", () => undefined);
  try {
    for (const port of ports) await until(`node ${port} answering`, () => redisAnswers(port));
    const created = spawnSync(
      "redis-cli",
      ["--cluster", "create", ...ports.map((p) => `127.0.0.1:${p}`), "--cluster-yes"],
      { encoding: "utf8", timeout: 20_000 },
    );
    expect(created.status).toBe(0);
    await until("the cluster serving every slot", async () =>
      /cluster_state:ok/.test(String(await node.cluster("INFO"))),
    );
  } finally {
    node.disconnect();
  }

  pair = await startReplicaPair(sandbox, `redis-cluster://${ports.map((p) => `127.0.0.1:${p}`).join(",")}`, {
    limit: LIMIT,
    windowSeconds: WINDOW_SECONDS,
    companies: 40,
  });
  ({ a, b, ana, ben, numbers } = pair);
});

afterAll(async () => {
  await pair?.close();
  servers.killAll();
  await sandbox?.close();
});

const ask = sendAs;

/** The keys one cluster node holds that match `pattern`. */
async function keysOn(port: number, pattern: string): Promise<string[]> {
  const node = new Redis({ host: "127.0.0.1", port, maxRetriesPerRequest: 0 });
  node.on("error", () => undefined);
  try {
    return await node.keys(pattern);
  } finally {
    node.disconnect();
  }
}

test("both replicas report the cluster as their shared Redis", async () => {
  for (const g of [a, b])
    expect(await (await ask(g, ana, "/readyz")).json()).toMatchObject({ status: "ready", redis: "ok" });
});

test("the quota is one window across both replicas: 3 windows' worth, every user 200, the service refuses none", async () => {
  const before = await upstreamCounts(sandbox);
  const statuses = await Promise.all(
    Array.from({ length: LIMIT * 3 }, (_, i) =>
      ask(i % 2 ? a : b, i % 2 ? ana : ben, `/api/product/v2/search/aheadFull/${String(800 + i)}`).then(
        (r) => r.status,
      ),
    ),
  );
  const after = await upstreamCounts(sandbox);
  expect({ statuses, refused: (after.rateLimited.product ?? 0) - (before.rateLimited.product ?? 0) }).toEqual({
    statuses: Array(LIMIT * 3).fill(200),
    refused: 0,
  });
});

test("records cached through one replica, over many slots, are served by the other with 0 upstream requests", async () => {
  const asked = numbers.slice(0, 30);
  const first = await ask(a, ana, "/api/product/v2/companies", { CompanyNumbers: asked });
  expect(first.status).toBe(200);
  // A replica answers before its cache writes land (they never hold up an answer): until they have.
  await until("the first replica's records in the cluster", async () => {
    const keys = (await Promise.all(nodePorts.map((port) => keysOn(port, "ukgw:co:*")))).flat();
    return asked.every((n) => keys.some((key) => key.endsWith(`:${n}`)));
  });
  const sent = (await upstreamCounts(sandbox)).byTarget.product ?? 0;
  const second = await ask(b, ben, "/api/product/v2/companies", { CompanyNumbers: asked });
  expect(second.status).toBe(200);
  // The records themselves; the aggregates belong to the request the service answered (README).
  const records = async (r: Response) => ((await r.json()) as { companies: unknown[] }).companies;
  expect(await records(second)).toEqual(await records(first));
  expect((await upstreamCounts(sandbox)).byTarget.product ?? 0).toBe(sent);
});
