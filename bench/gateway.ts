/**
 * Team gateway benchmark, against the sandbox:
 *   A. 10 analysts refresh the same workbook (2,000 companies × 5 fields = 10,000 FIELD cells each)
 *      at the same moment, each with the add-in's real engine in a process of its own (analysts are
 *      separate Excel instances on separate machines): through one gateway (its own process, with
 *      Redis) with a cold and then a warm cache, beside the same 10 processes going direct, in the
 *      same run, against one sandbox (its own process too). Printed: upstream requests (counted by
 *      the sandbox), p50/p95 of each analyst's time to the last cell and to the last byte of its
 *      last answer, the gateway's CPU beside one analyst alone through a cold gateway, and the
 *      analysts' own CPU.
 *      Both sides run the same add-in code. Through the gateway each request names the fields its
 *      cells read (`x-ukco-fields`) and the gateway answers with records cut to them; direct, the
 *      service has no field selection and sends whole records (about 10 KB each). That is the
 *      difference a team sees in the real world too, and most of the gateway's advantage here.
 *   B. Two gateway replicas sharing one redis-server, a 2-minute burst from both at the sandbox's own
 *      limit (60 a minute): how many requests the sandbox refused (the shared quota's whole point: 0).
 *   C. Team memory: a Match names run of 2,000 names (the view's core run, the add-in's own clients
 *      through a gateway with Redis) for a team that has decided half of them (imported as the
 *      administrator would), beside the same run with no decisions, in turns: the matching requests
 *      the sandbox counted, batch jobs, and wall time.
 * Run: npm run bench -- gateway   (needs redis-server, which `npm test` installs); UKCO_BENCH_PARTS=C for one part.
 */
import { fork, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { gatewayServiceUrls } from "../src/core/config";
import { sandboxGatewayConfig } from "../test/support/sandbox-gateway-config";
import { decisionsCommand } from "../gateway/decisions/admin";
import { decisionsCsv } from "../gateway/decisions/csv";
import { matchKeyOf } from "../gateway/decisions/key";
import { RedisDecisionStore } from "../gateway/decisions/redis-store";
import { KeyStore } from "../gateway/keys";
import { createRedisClient, closeRedisClient } from "../gateway/redis-client";
import { startGateway } from "../gateway/server";
import { matchKey } from "../src/core/match-key";
import { runMatchNames } from "../src/core/match-names/run";
import { gatewayAnalyst } from "../test/support/gateway-analyst";
import { messyName, sandboxCompanies } from "../test/support/messy-names";
import type { SandboxCredentials } from "../sandbox/credentials";
import type { SandboxUrls } from "../sandbox/sandbox";
import type { ReplayOrder, RoundOrder, RoundReport } from "./gateway-processes/analyst";

/** The sandbox's process, as the bench sees it. */
interface SandboxHandle {
  origin: string;
  urls: SandboxUrls;
  credentials: SandboxCredentials;
}

const ANALYSTS = 10;
const COMPANIES = 2000;
/** Companies every process asks once before anything is timed. */
const WARM_UP_COMPANIES = 200;
const FIELDS = ["CompanyName", "CompanyStatus", "RegisteredPostcode", "BestEstimateEmployees", "CompanyCategory"];
const quiet = { write: () => true };

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/** The sandbox's own count of product requests so far (what the service would bill). */
async function productRequests(sandbox: SandboxHandle): Promise<number> {
  const counts = (await (await fetch(`${sandbox.origin}/__admin/requests`)).json()) as {
    byTarget: Record<string, number>;
  };
  return counts.byTarget.product ?? 0;
}

const METRICS_TOKEN = "bench-metrics-token-0123456789";

/** A gateway of its own process (so its CPU is its own), on a free port, sharing `redisUrl`. */
async function gatewayProcess(sandbox: SandboxHandle, keysFile: string, redisUrl: string) {
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
  reports: RoundReport[];
  cpu?: number;
  serviceCpu: number;
}

/** The analysts' Excel instances: one process each, kept for every round (each round a fresh engine). */
async function analystProcesses(count: number) {
  const children = await Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(path.join(import.meta.dirname, "gateway-processes", "analyst.ts"), [], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      await new Promise((resolve) => child.once("message", resolve));
      return child;
    }),
  );
  /** One round: the first `take` analysts start together and each reports its own times. */
  const round = (take: number, order: Omit<RoundOrder, "startAt"> | Omit<ReplayOrder, "startAt">) => {
    // Far enough ahead that every analyst has its order and a fresh engine before the start.
    const startAt = Date.now() + 500;
    return Promise.all(
      children.slice(0, take).map(
        (child) =>
          new Promise<RoundReport>((resolve, reject) => {
            child.once("message", (report: RoundReport | { error: string }) =>
              "error" in report ? reject(new Error(report.error)) : resolve(report),
            );
            child.send({ ...order, startAt });
          }),
      ),
    );
  };
  const stop = () => children.forEach((child) => child.disconnect());
  return { round, stop };
}

async function productList(sandbox: SandboxHandle, body: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${sandbox.urls.product}/v2/companies`, {
    method: "POST",
    headers: { authorization: `Bearer ${sandbox.credentials.productToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function partA(sandbox: SandboxHandle, serviceCpu: () => Promise<number>, keysFile: string): Promise<void> {
  // No service limit here (part B is about the limit): the direct side's replay sends all its
  // requests at once, more in a minute than the sandbox's default allows one token.
  await fetch(`${sandbox.origin}/__admin/rate-limits`, {
    method: "POST",
    body: JSON.stringify({ product: null }),
  });
  const all: string[] = [];
  for (let skip = 0; skip < 2 * COMPANIES + WARM_UP_COMPANIES; skip += 1000)
    all.push(
      ...(
        (await productList(sandbox, { returnCount: 1000, skip, ReturnCompanyIDsOnly: true })) as { companies: string[] }
      ).companies,
    );
  // The workbook; another of the same size for the analyst alone (so the ten still meet a cold
  // cache in the same gateway); a small one that every process runs once before anything is timed.
  const numbers = all.slice(0, COMPANIES);
  const aloneNumbers = all.slice(COMPANIES, 2 * COMPANIES);
  const warmUpNumbers = all.slice(2 * COMPANIES, 2 * COMPANIES + WARM_UP_COMPANIES);
  // The service's own record cache warmed for every company first, so every round below (the
  // direct one last) meets the same service: 50 ms and a page streamed from its cache.
  for (const set of [numbers, aloneNumbers, warmUpNumbers])
    for (let i = 0; i < set.length; i += 1000)
      await productList(sandbox, { CompanyNumbers: set.slice(i, i + 1000), returnCount: 1000, skip: 0 });
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
  const team = await analystProcesses(ANALYSTS);
  const rounds: Round[] = [];
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `A. ${ANALYSTS} analysts refresh the same ${COMPANIES.toLocaleString("en-GB")} companies × ${FIELDS.length} fields at once (service latency 50 ms)`,
  );
  console.log(
    `   Each analyst, the sandbox and the gateway is a process of its own; ${availableParallelism()} cores here, so the ${ANALYSTS} analysts`,
  );
  console.log(
    '   still share them (on their own machines each would have a core). "last byte" is when the last answer had',
  );
  console.log("   fully arrived, before the analyst parsed it: less sensitive to that sharing.");
  console.log(
    "                                        upstream   p50 last    p95 last    p50 last    p95 last    gateway   sandbox   analysts'",
  );
  console.log(
    "                                        requests   cell        cell        byte        byte        CPU       CPU       CPU (sum)",
  );
  const print = (r: Round) => {
    const times = r.reports.map((x) => x.ms);
    const bytes = r.reports.map((x) => x.lastByteMs);
    const cpu = r.reports.reduce((sum, x) => sum + x.cpuMs, 0);
    console.log(
      `  ${r.label.padEnd(38)}${String(r.upstream).padEnd(11)}${s(percentile(times, 50)).padEnd(12)}${s(percentile(times, 95)).padEnd(12)}${s(percentile(bytes, 50)).padEnd(12)}${s(percentile(bytes, 95)).padEnd(12)}${(r.cpu === undefined ? "-" : s(r.cpu * 1000)).padEnd(10)}${s(r.serviceCpu * 1000).padEnd(10)}${s(cpu)}`,
    );
  };

  let gateway = await gatewayProcess(sandbox, keysFile, redisUrl);
  const viaGateway = () => ({
    baseUrls: gatewayServiceUrls(gateway.origin),
    token: key,
    throughGateway: true,
    fields: FIELDS,
  });
  const direct = {
    baseUrls: sandbox.urls as unknown as Record<string, string>,
    token: sandbox.credentials.productToken,
    throughGateway: false,
    fields: FIELDS,
  };
  /** Every process (analysts, gateway, sandbox) runs both paths before anything is timed. */
  const warmUp = async () => {
    // So no round pays for compiling code another round finds ready; and the gateway learns its
    // scopes, as a gateway that has been running has.
    await team.round(ANALYSTS, { ...direct, numbers: warmUpNumbers });
    await team.round(ANALYSTS, { ...viaGateway(), numbers: warmUpNumbers });
    await team.round(ANALYSTS, { ...viaGateway(), numbers: warmUpNumbers });
  };
  /** A measured round: the sandbox's count of product requests and the gateway's CPU around it. */
  const measured = async (
    label: string,
    take: number,
    order: Omit<RoundOrder, "startAt"> | Omit<ReplayOrder, "startAt">,
    gatewayCpu: boolean,
  ) => {
    const [upstreamBefore, cpuBefore, serviceBefore] = [
      await productRequests(sandbox),
      gatewayCpu ? await gateway.cpuSeconds() : 0,
      await serviceCpu(),
    ];
    const reports = await team.round(take, order);
    const round: Round = {
      label,
      upstream: (await productRequests(sandbox)) - upstreamBefore,
      reports,
      ...(gatewayCpu ? { cpu: (await gateway.cpuSeconds()) - cpuBefore } : {}),
      serviceCpu: (await serviceCpu()) - serviceBefore,
    };
    rounds.push(round);
    print(round);
    return round;
  };

  try {
    await warmUp();
    // One analyst alone, cold (other companies, the same count): the CPU yardstick.
    await measured("one analyst alone, cold", 1, { ...viaGateway(), numbers: aloneNumbers }, true);
    // Direct before and after the gateway's rounds, as the machine's other load drifts.
    await measured(`${ANALYSTS} direct to the service (1)`, ANALYSTS, { ...direct, numbers }, false);
    await measured(`${ANALYSTS} through the gateway, cold`, ANALYSTS, { ...viaGateway(), numbers }, true);
    await measured(`${ANALYSTS} through the gateway, warm`, ANALYSTS, { ...viaGateway(), numbers }, true);
    await measured(`${ANALYSTS} direct to the service (2)`, ANALYSTS, { ...direct, numbers }, false);

    // The same requests again, answers read as bytes and never parsed; a fresh gateway and an
    // empty Redis for the cold replay, warmed up as before.
    console.log("  The same requests replayed at once, answers read as bytes, not parsed:");
    await gateway.stop();
    const flush = new Redis(redisUrl);
    await flush.flushall();
    flush.disconnect();
    gateway = await gatewayProcess(sandbox, keysFile, redisUrl);
    await warmUp();
    const replay = (productUrl: string, token: string, throughGateway: boolean) => ({
      replay: true as const,
      numbers,
      productUrl,
      token,
      throughGateway,
    });
    const replayDirect = () => replay(sandbox.urls.product, direct.token, false);
    const replayGateway = () => replay(viaGateway().baseUrls.product!, key, true);
    await measured("  direct to the service (1)", ANALYSTS, replayDirect(), false);
    await measured("  through the gateway, cold", ANALYSTS, replayGateway(), true);
    // A round lasts about a second here, shorter than the machine's other load varies: taken in turns, three times.
    for (const n of [1, 2, 3]) {
      await measured(`  through the gateway, warm (${n})`, ANALYSTS, replayGateway(), true);
      await measured(`  direct to the service (${n + 1})`, ANALYSTS, replayDirect(), false);
    }
  } finally {
    await gateway.stop();
    team.stop();
    redis.kill("SIGKILL");
  }

  /** p50 of every round whose label starts with `label` (both direct rounds pooled). */
  const p50 = (label: string, replayed: boolean) =>
    percentile(
      rounds
        .filter((r) => r.label.startsWith(replayed ? "  " : label) && r.label.includes(label))
        .flatMap((r) => r.reports.map((x) => x.ms)),
      50,
    );
  const cpu = (label: string) => rounds.find((r) => r.label.includes(label))!.cpu!;
  const direct1 = `${ANALYSTS} direct`;
  console.log(
    `  targets (direct: both rounds pooled): cold p50 ≤ direct's: ${(p50(`${ANALYSTS} through the gateway, cold`, false) / p50(direct1, false)).toFixed(2)}× · warm p50 ≤ 0.3× direct's: ${(p50(`${ANALYSTS} through the gateway, warm`, false) / p50(direct1, false)).toFixed(2)}× · cold CPU ≤ 2× one analyst alone: ${(cpu(`${ANALYSTS} through the gateway, cold`) / cpu("alone")).toFixed(2)}×`,
  );
  const warmAnalystsCpu = rounds
    .find((r) => r.label === `${ANALYSTS} through the gateway, warm`)!
    .reports.reduce((sum, x) => sum + x.cpuMs, 0);
  console.log(
    `  here the ${ANALYSTS} analysts' own CPU in the warm round, ${(warmAnalystsCpu / 1000).toFixed(2)} s over ${availableParallelism()} cores, is itself ${(warmAnalystsCpu / 1000 / availableParallelism() / (p50(direct1, false) / 1000)).toFixed(2)}× direct's p50 of wall time`,
  );
  console.log(
    `  replayed (direct and warm: every round pooled): cold p50 ${(p50("through the gateway, cold", true) / p50("direct", true)).toFixed(2)}× direct's · warm p50 ${(p50("through the gateway, warm", true) / p50("direct", true)).toFixed(2)}× direct's`,
  );
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });

async function partB(sandbox: SandboxHandle, keysFile: string): Promise<void> {
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
  const config = sandboxGatewayConfig(sandbox, keysFile, {
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

/** The sandbox's own count of matching requests so far. */
async function matchingRequests(sandbox: SandboxHandle): Promise<number> {
  const counts = (await (await fetch(`${sandbox.origin}/__admin/requests`)).json()) as {
    byTarget: Record<string, number>;
  };
  return counts.byTarget.matching ?? 0;
}

async function partC(sandbox: SandboxHandle, keysFile: string): Promise<void> {
  const NAMES = 2000;
  const ROUNDS = 3;
  // The limits are not what this part measures: neither side waits on a quota.
  await fetch(`${sandbox.origin}/__admin/rate-limits`, {
    method: "POST",
    body: JSON.stringify({ product: null, matching: null }),
  });
  const port = await freePort();
  const redisServer = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const redisUrl = `redis://127.0.0.1:${port}`;
  const key = new KeyStore(keysFile).add("analyst");
  const gateway = await startGateway(
    sandboxGatewayConfig(sandbox, keysFile, {
      redisUrl,
      limits: { product: 600, matching: 600, classification: 5, market: 60 },
    }),
    { logStream: quiet },
  );
  const redis = createRedisClient(redisUrl);
  try {
    // 2,000 distinct names (two messy names can fold to one), each with the company it was made from.
    const named = new Map<string, { name: string; number: string }>();
    const companies = await sandboxCompanies(sandbox.urls.product, sandbox.credentials.productToken, NAMES + 200);
    for (const [i, c] of companies.entries()) {
      const name = messyName(c.CompanyName, i);
      const folded = matchKey(name, "", "")!;
      if (named.size < NAMES && !named.has(folded)) named.set(folded, { name, number: c.CompanyNumber });
    }
    const keys = [...named.keys()];
    // The team decided the first half (as an import of a colleague's earlier review would leave them).
    const decided = [...named.values()].slice(0, NAMES / 2).map(({ name, number }, i) => ({
      id: `bench-${i}`,
      team: "keys",
      key: matchKeyOf(name, {}),
      name,
      hints: {},
      company: { number },
      by: "import:colleague",
      byName: "colleague",
      at: new Date().toISOString(),
    }));
    const csv = path.join(path.dirname(keysFile), "decisions.csv");
    writeFileSync(csv, decisionsCsv(decided));
    if (redis.status !== "ready") await new Promise<void>((resolve) => redis.once("ready", () => resolve()));
    await decisionsCommand(new RedisDecisionStore(redis), ["import", csv], {
      out: () => undefined,
      audit: () => undefined,
    });

    const analyst = await gatewayAnalyst(gateway.origin, key);
    const run = async (label: string, withTeam: boolean) => {
      const before = await matchingRequests(sandbox);
      const started = performance.now();
      const outcome = await runMatchNames(
        analyst.clients.matching,
        keys,
        withTeam ? { team: analyst.clients.team } : {},
      );
      const ms = performance.now() - started;
      return {
        label,
        ms,
        requests: (await matchingRequests(sandbox)) - before,
        jobs: outcome.jobs,
        decided: outcome.decided,
        answered: outcome.results.size,
      };
    };
    const rounds: Awaited<ReturnType<typeof run>>[] = [];
    // In turns, so the machine's other load falls on both alike.
    for (let r = 0; r < ROUNDS; r++) {
      rounds.push(await run("with the team's decisions", true));
      rounds.push(await run("no decisions (the same run, every name sent)", false));
    }
    console.log(
      `
C. Match names, ${keys.length.toLocaleString("en-GB")} distinct names, for a team that has decided ${decided.length.toLocaleString("en-GB")} of them`,
    );
    console.log(
      "   (the add-in's own run and clients through one gateway with Redis; sandbox job timing 0.5 s queued, 2 ms a name;",
    );
    console.log(`   ${ROUNDS} rounds of each, in turns; matching requests as the sandbox counted them)`);
    console.log(
      "                                                 matching    batch   answered by   answered   wall time",
    );
    console.log(
      "                                                 requests    jobs    decisions                (median)",
    );
    for (const label of [...new Set(rounds.map((r) => r.label))]) {
      const mine = rounds.filter((r) => r.label === label);
      const median = [...mine.map((r) => r.ms)].sort((x, y) => x - y)[Math.floor(mine.length / 2)]!;
      const last = mine.at(-1)!;
      console.log(
        `  ${label.padEnd(47)}${String(last.requests).padEnd(12)}${String(last.jobs).padEnd(8)}${String(last.decided).padEnd(14)}${String(last.answered).padEnd(11)}${(median / 1000).toFixed(2)} s`,
      );
    }
  } finally {
    closeRedisClient(redis);
    await gateway.close();
    redisServer.kill("SIGKILL");
  }
}

/** The sandbox in its own process, with the bench's settings; stopped with the bench. */
async function sandboxProcess() {
  const child = fork(path.join(import.meta.dirname, "gateway-processes", "sandbox.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const handle = await new Promise<SandboxHandle>((resolve, reject) => {
    child.once("message", (message) => resolve(message as SandboxHandle));
    child.once("exit", (code) => reject(new Error(`the sandbox process ended (${code})`)));
  });
  const close = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  /** CPU seconds the sandbox has used so far, as it reports them. */
  const cpuSeconds = () =>
    new Promise<number>((resolve) => {
      child.once("message", (seconds) => resolve(seconds as number));
      child.send("cpu");
    });
  return { handle, close, cpuSeconds };
}

async function main(): Promise<void> {
  const sandbox = await sandboxProcess();
  const keysFile = path.join(mkdtempSync(path.join(tmpdir(), "ukgw-bench-")), "keys.json");
  try {
    // UKCO_BENCH_PARTS=A, =B or =C runs one part.
    const parts = process.env.UKCO_BENCH_PARTS ?? "ABC";
    if (parts.includes("A")) await partA(sandbox.handle, sandbox.cpuSeconds, keysFile);
    if (parts.includes("B")) await partB(sandbox.handle, keysFile);
    if (parts.includes("C")) await partC(sandbox.handle, keysFile);
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
