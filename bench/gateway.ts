/**
 * Team gateway benchmark, against the sandbox:
 *   A. 10 analysts refresh the same workbook (2,000 companies × 5 fields = 10,000 FIELD cells each)
 *      at the same moment, each with the add-in's real engine: through one gateway (its own process,
 *      with Redis) with a cold and then a warm cache, beside the same 10 going direct, in the same
 *      run. Printed: upstream requests (counted by the sandbox), p50/p95 of each analyst's time to
 *      the last cell, and the gateway's CPU, beside one analyst alone through a cold gateway.
 *   B. Two gateway replicas sharing one redis-server, a 2-minute burst from both at the sandbox's own
 *      limit (60 a minute): how many requests the sandbox refused (the shared quota's whole point: 0).
 * Run: npm run bench -- gateway   (needs redis-server, which `npm test` installs)
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { createApiClients } from "../src/api/factory";
import { systemClock } from "../src/api/http/types";
import { gatewayServiceUrls } from "../src/core/config";
import { CredentialStore } from "../src/core/credentials";
import { Engine } from "../src/core/engine";
import { fieldCells } from "../src/core/functions/field";
import { GatewayConfigSchema } from "../gateway/config";
import { KeyStore } from "../gateway/keys";
import { startGateway } from "../gateway/server";
import { startSandbox, type RunningSandbox } from "../sandbox/sandbox";
import { MemoryStorage } from "../test/support/memory-stores";

const ANALYSTS = 10;
const COMPANIES = 2000;
const FIELDS = ["CompanyName", "CompanyStatus", "RegisteredPostcode", "BestEstimateEmployees", "CompanyCategory"];
const quiet = { write: () => true };

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

function gatewayConfig(sandbox: RunningSandbox, keysFile: string, extra: Record<string, unknown> = {}) {
  const c = sandbox.credentials;
  return GatewayConfigSchema.parse({
    port: 0,
    upstreams: sandbox.urls,
    credentials: {
      productToken: c.productToken,
      matchingKey: c.matchingKey,
      marketKey: c.marketKey,
      classificationUsername: c.classificationUsername,
      classificationPassword: c.classificationPassword,
    },
    keysFile,
    limits: { product: 200, matching: 60, classification: 5, market: 60 },
    ...extra,
  });
}

/** One analyst's workbook refresh: every cell in one burst; resolves with the time to the last cell. */
async function refresh(engine: Engine, numbers: string[]): Promise<number> {
  const started = performance.now();
  await Promise.all(numbers.flatMap((n) => FIELDS.map((f) => fieldCells(engine, n, f, null, {}))));
  return performance.now() - started;
}

async function analysts(baseUrls: Record<string, string>, token: string, throughGateway: boolean) {
  return Promise.all(
    Array.from({ length: ANALYSTS }, async () => {
      const storage = new MemoryStorage();
      const credentials = new CredentialStore(storage, Date.now, throughGateway);
      await credentials.save("product", token);
      const clients = createApiClients({ fetch, credentials, baseUrls: baseUrls as never, throughGateway });
      return new Engine({ clients, clock: systemClock });
    }),
  );
}

/** The sandbox's own count of product requests so far (what the service would bill). */
async function productRequests(sandbox: RunningSandbox): Promise<number> {
  const counts = (await (await fetch(`${sandbox.origin}/__admin/requests`)).json()) as {
    byTarget: Record<string, number>;
  };
  return counts.byTarget.product ?? 0;
}

const METRICS_TOKEN = "bench-metrics-token-0123456789";

/** A gateway of its own process (so its CPU is its own), on a free port, sharing `redisUrl`. */
async function gatewayProcess(sandbox: RunningSandbox, keysFile: string, redisUrl: string) {
  const port = await freePort();
  const c = sandbox.credentials;
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "gateway/main.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      GATEWAY_PORT: String(port),
      GATEWAY_KEYS_FILE: keysFile,
      UPSTREAM_PRODUCT: sandbox.urls.product,
      UPSTREAM_MATCHING: sandbox.urls.matching,
      UPSTREAM_CLASSIFICATION: sandbox.urls.classification,
      UPSTREAM_MARKET: sandbox.urls.market,
      PRODUCT_TOKEN: c.productToken,
      MATCHING_KEY: c.matchingKey,
      MARKET_KEY: c.marketKey,
      CLASSIFICATION_USERNAME: c.classificationUsername,
      CLASSIFICATION_PASSWORD: c.classificationPassword,
      REDIS_URL: redisUrl,
      METRICS_TOKEN,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  /** CPU seconds the gateway process has used so far, as it reports them. */
  const cpuSeconds = async () => {
    const text = await (
      await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    return Number(/^process_cpu_seconds_total (\S+)$/m.exec(text)?.[1] ?? NaN);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { origin, cpuSeconds, stop };
}

interface Round {
  label: string;
  upstream: number;
  times: number[];
  cpu?: number;
}

async function partA(sandbox: RunningSandbox, keysFile: string): Promise<void> {
  const page = await fetch(`${sandbox.urls.product}/v2/companies`, {
    method: "POST",
    headers: { authorization: `Bearer ${sandbox.credentials.productToken}`, "content-type": "application/json" },
    body: JSON.stringify({ returnCount: 1000, skip: 0, ReturnCompanyIDsOnly: true }),
  });
  const first = ((await page.json()) as { companies: string[] }).companies;
  const second = (
    (await (
      await fetch(`${sandbox.urls.product}/v2/companies`, {
        method: "POST",
        headers: { authorization: `Bearer ${sandbox.credentials.productToken}`, "content-type": "application/json" },
        body: JSON.stringify({ returnCount: 1000, skip: 1000, ReturnCompanyIDsOnly: true }),
      })
    ).json()) as { companies: string[] }
  ).companies;
  const numbers = [...first, ...second].slice(0, COMPANIES);
  // The service's own record cache warmed for these companies first, so every round below (the
  // direct one last) meets the same service: 50 ms and a page streamed from its cache.
  for (let i = 0; i < numbers.length; i += 1000)
    await (
      await fetch(`${sandbox.urls.product}/v2/companies`, {
        method: "POST",
        headers: { authorization: `Bearer ${sandbox.credentials.productToken}`, "content-type": "application/json" },
        body: JSON.stringify({ CompanyNumbers: numbers.slice(i, i + 1000), returnCount: 1000, skip: 0 }),
      })
    ).arrayBuffer();
  const key = new KeyStore(keysFile).add("bench");
  const redisPort = await freePort();
  const redis = spawn(
    "redis-server",
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const rounds: Round[] = [];
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `A. ${ANALYSTS} analysts refresh the same ${COMPANIES.toLocaleString("en-GB")} companies × ${FIELDS.length} fields at once (service latency 50 ms)`,
  );
  console.log(
    "                                        upstream requests   p50 last cell   p95 last cell   gateway CPU",
  );
  const print = (r: Round) =>
    console.log(
      `  ${r.label.padEnd(38)}${String(r.upstream).padEnd(20)}${s(percentile(r.times, 50)).padEnd(16)}${s(percentile(r.times, 95)).padEnd(16)}${r.cpu === undefined ? "-" : `${r.cpu.toFixed(2)} s`}`,
    );

  /** `count` analysts through a gateway, each with a fresh engine (an empty workbook cache). */
  const through = async (label: string, origin: string, count: number, cpuSeconds: () => Promise<number>) => {
    const engines = (await analysts(gatewayServiceUrls(origin), key, true)).slice(0, count);
    const [upstreamBefore, cpuBefore] = [await productRequests(sandbox), await cpuSeconds()];
    const times = await Promise.all(engines.map((engine) => refresh(engine, numbers)));
    const round = {
      label,
      upstream: (await productRequests(sandbox)) - upstreamBefore,
      times,
      cpu: (await cpuSeconds()) - cpuBefore,
    };
    rounds.push(round);
    print(round);
    return round;
  };

  try {
    // One analyst alone, cold: the CPU yardstick. Then a fresh gateway and Redis for the ten.
    const alone = await gatewayProcess(sandbox, keysFile, redisUrl);
    await through("one analyst alone, cold", alone.origin, 1, alone.cpuSeconds);
    await alone.stop();
    const flush = new Redis(redisUrl);
    await flush.flushall();
    flush.disconnect();
    const gateway = await gatewayProcess(sandbox, keysFile, redisUrl);
    await through(`${ANALYSTS} through the gateway, cold`, gateway.origin, ANALYSTS, gateway.cpuSeconds);
    await through(`${ANALYSTS} through the gateway, warm`, gateway.origin, ANALYSTS, gateway.cpuSeconds);
    await gateway.stop();
  } finally {
    redis.kill("SIGKILL");
  }

  const directEngines = await Promise.all(
    Array.from({ length: ANALYSTS }, async () => {
      const credentials = new CredentialStore(new MemoryStorage());
      await credentials.save("product", sandbox.credentials.productToken);
      return new Engine({
        clients: createApiClients({ fetch, credentials, baseUrls: sandbox.urls }),
        clock: systemClock,
      });
    }),
  );
  const directBefore = await productRequests(sandbox);
  const directTimes = await Promise.all(directEngines.map((engine) => refresh(engine, numbers)));
  rounds.push({
    label: `${ANALYSTS} direct to the service`,
    upstream: (await productRequests(sandbox)) - directBefore,
    times: directTimes,
  });
  print(rounds[rounds.length - 1]!);

  const p50 = (label: string) => percentile(rounds.find((r) => r.label.includes(label))!.times, 50);
  const cpu = (label: string) => rounds.find((r) => r.label.includes(label))!.cpu!;
  console.log(
    `  targets: cold p50 ≤ direct's: ${(p50("gateway, cold") / p50("direct")).toFixed(2)}× · warm p50 ≤ 0.3× direct's: ${(p50("gateway, warm") / p50("direct")).toFixed(2)}× · cold CPU ≤ 2× one analyst alone: ${(cpu("gateway, cold") / cpu("alone")).toFixed(2)}×`,
  );
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });

async function partB(sandbox: RunningSandbox, keysFile: string): Promise<void> {
  const limit = 60;
  const burstMs = 120_000;
  await fetch(`${sandbox.origin}/__admin/rate-limits`, { method: "POST", body: JSON.stringify({ product: limit }) });
  const port = await freePort();
  const redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const keys = new KeyStore(keysFile);
  const users = ["ana", "ben", "cal", "dee"].map((name) => keys.add(name));
  const config = gatewayConfig(sandbox, keysFile, {
    redisUrl: `redis://127.0.0.1:${port}`,
    limits: { product: limit, matching: 60, classification: 5, market: 60 },
  });
  const replicas = [await startGateway(config, { logStream: quiet }), await startGateway(config, { logStream: quiet })];
  const statuses: number[] = [];
  const stop = Date.now() + burstMs;
  let n = 0;
  // Each user keeps 10 requests waiting on its replica until the burst ends: far more than the quota allows.
  const worker = async (replica: number, user: string) => {
    while (Date.now() < stop) {
      const path = `/api/product/v2/search/aheadFull/${String(n++ % 100_000).padStart(5, "0")}`;
      const response = await fetch(`${replicas[replica]!.origin}${path}`, {
        headers: { authorization: `Bearer ${user}` },
        signal: AbortSignal.timeout(Math.max(1000, stop - Date.now() + 1000)),
      }).catch(() => undefined);
      if (response) {
        statuses.push(response.status);
        await response.arrayBuffer();
      }
    }
  };
  await Promise.all(users.flatMap((user, i) => Array.from({ length: 10 }, () => worker(i % 2, user))));
  await Promise.all(replicas.map((r) => r.close()));
  redis.kill("SIGKILL");
  const answered = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 429).length;
  console.log(
    `\nB. Two replicas, one Redis, a ${burstMs / 60_000}-minute burst from 4 users at the sandbox's ${limit} a minute`,
  );
  console.log(
    `  answered ${answered} (at most ${limit * (burstMs / 60_000 + 1)} fit the sandbox's windows); refused by the sandbox (429): ${refused}`,
  );
  console.log(`  upstream requests by replica: ${replicas.map((r) => r.metrics.sent.product ?? 0).join(" + ")}`);
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ companies: 20_000, seed: 42, faults: { latencyMs: 50 } });
  const keysFile = path.join(mkdtempSync(path.join(tmpdir(), "ukgw-bench-")), "keys.json");
  try {
    // UKCO_BENCH_PARTS=A or =B runs one part.
    const parts = process.env.UKCO_BENCH_PARTS ?? "AB";
    if (parts.includes("A")) await partA(sandbox, keysFile);
    if (parts.includes("B")) await partB(sandbox, keysFile);
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
