/**
 * Custom functions where they run: the built add-in (dist/, built here when missing or older than
 * its sources) in Debian's Chromium, on the simulated Office host's browser mode with its grid
 * minimised, against the sandbox in a process of its own with 50 ms added to every answer.
 *
 * The sheet: 10,000 =UKCO.FIELD cells (2,000 companies × 5 fields), typed in at once, so Excel
 * calls them in one burst. Beside the add-in runs the fair peer: Microsoft's batching sample written
 * the simplest honest way (a 100 ms timer; every 1,000 queued cells one request, all at once,
 * duplicates and all; plain fetch and JSON.parse), registered as FIELD in the same host page after
 * the add-in has loaded, so it pays the same page, host and dispatch.
 *
 * Every client gets a fresh page each round (a fresh workbook: the add-in starts as a user's does),
 * in alternating order, after one unmeasured round each; the figures are medians with their ranges.
 * The first round of each client in a browser of its own (a fresh profile: nothing cached, no
 * connection open) is the cold round, printed on its own line. Two server shapes: the sandbox in one
 * process, and in several processes answering side by side on one port, as a real service does.
 *
 *   UKCO_BENCH_ROUNDS=9          measured rounds per client (odd; at least 9 is the method)
 *   UKCO_BENCH_PROCESSES=1,4     the server shapes, as process counts
 *   UKCO_BENCH_DIST=dir          bench that build instead of dist/ (not rebuilt)
 *   UKCO_BENCH_ALSO=dir,dir      also bench those builds, alternating with the others (a before/after),
 *                                each named by its folder
 *
 * Run: npm run bench -- functions
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { SANDBOX_CREDENTIALS } from "../sandbox/credentials";
import { fairTimerPeer } from "./support/fair-peer";
import { buildSimulatedHost, launchChromium, startAddinServerFor, type LaunchedBrowser } from "../test/e2e/harness";
import { followPaneVisibility } from "../test/e2e/harness/web-view";
import { LOCAL_STORAGE_PREFIX } from "../tools/office-sim/office/storage";

const ROOT = path.resolve(__dirname, "..");
const ROUNDS = Math.max(1, Number(process.env.UKCO_BENCH_ROUNDS ?? 9)) | 1;
const PROCESSES = (process.env.UKCO_BENCH_PROCESSES ?? "1,4")
  .split(",")
  .map(Number)
  .filter((n) => n >= 1);
const COMPANIES = 50_000;
const ROWS = 2_000;
const LATENCY_MS = 50;
const FIELDS = ["CompanyName", "CompanyStatus", "BestEstimateTurnover", "IncorporationDate", "RegisteredPostcode"];
/**
 * The limit the sandbox states. Not the contract's 200 a minute: the bench sends a few hundred
 * requests in a few minutes, and a quota running out would time the quota, not the reading.
 */
const STATED_PER_MINUTE = 5_000;
const TOKEN = SANDBOX_CREDENTIALS.productToken;

const ms = (n: number) => `${Math.round(n).toLocaleString("en-GB")} ms`;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1] ?? NaN;
const spread = (values: readonly number[]) =>
  `${ms(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

// ——— the build ———

function newestSource(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestSource(path.join(entry, name))));
}

/** dist/, built when it is missing or older than what it is built from. */
export function builtAddin(): string {
  if (process.env.UKCO_BENCH_DIST) return path.resolve(process.env.UKCO_BENCH_DIST);
  const dist = path.join(ROOT, "dist");
  const built = path.join(dist, "functions.js");
  const sources = ["src", "config", "assets", "webpack.config.js", "manifest.xml", "package-lock.json"];
  const stale = !existsSync(built) || sources.some((s) => newestSource(path.join(ROOT, s)) > statSync(built).mtimeMs);
  if (stale) {
    console.log("Building the add-in (dist/ is missing or older than its sources)…");
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, "node_modules/webpack/bin/webpack.js"), "--mode", "production"],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    );
    if (result.status !== 0) throw new Error(`The build failed:\n${result.stdout}\n${result.stderr}`);
  }
  return dist;
}

// ——— the service ———

interface Service {
  product: string;
  stop(): Promise<void>;
}

export async function startService(processes: number): Promise<Service> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSandboxProcess } = require(path.join(ROOT, "scripts/lib/sandbox-process.cjs")) as {
    startSandboxProcess(o: object): Promise<{ info: { product: string }; stop(): Promise<void> } | undefined>;
  };
  const child = await startSandboxProcess({
    port: 0,
    args: [
      ["--companies", COMPANIES, "--seed", 11, "--latency", LATENCY_MS, "--no-warm"],
      ["--rate-product", STATED_PER_MINUTE, "--processes", processes],
    ]
      .flat()
      .map(String),
    log: () => undefined,
    // Several processes each generate the data, on a machine that may be busy.
    timeoutMs: 300_000,
  });
  if (!child) throw new Error("sandbox/main.ts is missing");
  return { product: child.info.product, stop: child.stop };
}

/** One POST /v2/companies on a connection of its own, so each of the service's processes gets its turn. */
function post(url: string, body: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", Connection: "close" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

export async function activeNumbers(product: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let skip = 0; numbers.length < ROWS; skip += 1000) {
    const page = JSON.parse(
      await post(`${product}/v2/companies`, {
        CompanyStatus: ["Active"],
        ReturnCompanyIDsOnly: true,
        returnCount: 1000,
        skip,
      }),
    ) as { companies: string[] };
    numbers.push(...page.companies);
    if (page.companies.length < 1000) break;
  }
  return numbers.slice(0, ROWS);
}

/** Every process builds the bench's records before anything is timed (cluster hands connections round in turn). */
export async function warmService(product: string, numbers: readonly string[], processes: number): Promise<void> {
  for (let i = 0; i < numbers.length; i += 1000)
    for (let p = 0; p < processes * 2; p++)
      await post(`${product}/v2/companies`, { CompanyNumbers: numbers.slice(i, i + 1000), returnCount: 1000 });
}

// ——— Chromium's CPU ———

/**
 * CPU time (user and system) of a Chromium's processes so far, in ms: the one started with this
 * profile folder and all it started (renderers, the network service, the GPU process). On a busy
 * machine a round's wall time is mostly waiting for a core; its CPU time is the work it did.
 */
function chromiumCpuMs(userDataDir: string): number {
  const processes = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return [{ pid, parent: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]), command }];
      } catch {
        return []; // gone meanwhile
      }
    });
  const root = processes.find(
    (p) => p.command.includes(`--user-data-dir=${userDataDir}`) && !p.command.includes("--type="),
  );
  if (!root) return NaN;
  const tree = new Set([root.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of processes)
      if (!tree.has(p.pid) && tree.has(p.parent)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  // Linux counts in clock ticks of 10 ms (USER_HZ).
  return processes.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.ticks * 10, 0);
}

// ——— a round in the page ———

export type Client = { name: string; origin: string; peer: boolean };

interface Round {
  requests: number;
  dispatchMs: number;
  /** From Excel's last call of the burst to the first settled cell. */
  firstMs: number;
  /** From the formulas typed in to the last settled cell. */
  lastMs: number;
  /** From Excel's last call of the burst to the first company request leaving the page or a worker. */
  leaveMs: number;
  /** CPU time of all Chromium's processes while the sheet ran. */
  cpuMs: number;
  errors: number;
}

interface SimWindow {
  __officeSim: {
    whenFunctionsRegistered(ms: number): Promise<string[]>;
    setCell(address: string, input: unknown): void;
    whenCalculated(ms: number): Promise<void>;
    values(address: string): unknown[][];
    excel: {
      registry: {
        implementations: Map<string, (...args: unknown[]) => unknown>;
        associate(id: string, fn: unknown): void;
      };
    };
  };
}

/** In the page: types the numbers, then the formulas, and times each call of FIELD (whoever's it is) to its value. */
export async function runSheet({ numbers, fields }: { numbers: string[]; fields: string[] }) {
  const sim = (window as unknown as SimWindow).__officeSim;
  const { registry } = sim.excel;
  const field = registry.implementations.get("FIELD")!;
  const invoked: number[] = [];
  const returned: number[] = [];
  const settled: number[] = [];
  const done = () => void settled.push(performance.now());
  registry.associate("FIELD", function timed(this: unknown, ...args: unknown[]) {
    invoked.push(performance.now());
    const result = field.apply(this, args) as { then?: (a: () => void, b: () => void) => void };
    returned.push(performance.now());
    if (typeof result?.then === "function") result.then(done, done);
    else done();
    return result;
  });
  sim.setCell(
    "Sheet1!A2",
    numbers.map((n) => [`'${n}`]),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  const formulas = numbers.map((_, r) => fields.map((f) => `=UKCO.FIELD(A${r + 2},"${f}")`));
  const start = performance.now();
  sim.setCell("Sheet1!B2", formulas);
  await sim.whenCalculated(120_000);
  const errors = sim
    .values(`Sheet1!B2:F${numbers.length + 1}`)
    .flat()
    .filter((v) => typeof v === "string" && v.startsWith("#")).length;
  const burstEnd = Math.max(...invoked);
  return {
    dispatchMs: Math.max(...returned) - Math.min(...invoked),
    firstMs: Math.min(...settled) - burstEnd,
    lastMs: Math.max(...settled) - start,
    burstEndAt: performance.timeOrigin + burstEnd,
    /** When each tenth of the cells had settled, from the burst's end. */
    deciles: [...settled]
      .sort((a, b) => a - b)
      .filter((_, i, all) => i % Math.ceil(all.length / 10) === 0)
      .map((t) => t - burstEnd),
    errors,
  };
}

/** In the page or a worker: when each company request started, in epoch ms (a string: a worker has no tsx helpers). */
export const COMPANY_REQUEST_STARTS = `performance
  .getEntriesByType("resource")
  .filter((entry) => new URL(entry.name).pathname.endsWith("/v2/companies"))
  .map((entry) => performance.timeOrigin + entry.startTime)`;

export async function openPage(context: BrowserContext, client: Client, product: string): Promise<Page> {
  const page = await context.newPage();
  // A string: tsx names the functions it compiles with a helper of its own (__name), which the page lacks.
  await page.addInitScript({
    content: `window.__name = (f) => f;
      window.__officeSimConfig = { pane: "hidden", grid: "minimised" };
      localStorage.setItem(${JSON.stringify(`${LOCAL_STORAGE_PREFIX}ukco.credential.product`)}, ${JSON.stringify(TOKEN)});`,
  });
  // Its web view hidden, as Excel keeps a runtime whose pane is closed: the functions' page alone.
  await page.addInitScript(followPaneVisibility);
  await page.goto(`${client.origin}/taskpane.html`, { waitUntil: "load" });
  await page.waitForFunction(() => "__officeSim" in window);
  await page.evaluate(() => (window as unknown as SimWindow).__officeSim.whenFunctionsRegistered(30_000));
  // The page as a user's is when a sheet recalculates: its scripts run and its workers made.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  if (client.peer)
    await page.evaluate(
      `window.__officeSim.excel.registry.associate("FIELD", (${fairTimerPeer.toString()})(${JSON.stringify(product)}, ${JSON.stringify(TOKEN)}))`,
    );
  return page;
}

export async function round(
  browser: LaunchedBrowser,
  client: Client,
  product: string,
  numbers: string[],
): Promise<Round> {
  const page = await openPage(browser.context, client, product);
  try {
    const cpuBefore = chromiumCpuMs(browser.userDataDir);
    const sheet = await page.evaluate(runSheet, { numbers, fields: FIELDS });
    const cpuMs = chromiumCpuMs(browser.userDataDir) - cpuBefore;
    const starts = [await page.evaluate<number[]>(COMPANY_REQUEST_STARTS)];
    for (const worker of page.workers()) starts.push(await worker.evaluate<number[]>(COMPANY_REQUEST_STARTS));
    const all = starts.flat();
    return {
      requests: all.length,
      dispatchMs: sheet.dispatchMs,
      firstMs: sheet.firstMs,
      lastMs: sheet.lastMs,
      leaveMs: Math.min(...all) - sheet.burstEndAt,
      cpuMs,
      errors: sheet.errors,
    };
  } finally {
    await page.close();
  }
}

// ——— the run ———

export async function withBrowser<T>(work: (browser: LaunchedBrowser) => Promise<T>): Promise<T> {
  const browser: LaunchedBrowser = await launchChromium({ viewport: { width: 1400, height: 900 } });
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

function report(clients: Client[], rounds: Map<Client, Round[]>, cold: Map<Client, Round>): void {
  const peer = clients.find((c) => c.peer)!;
  const of = (c: Client, pick: (r: Round) => number) => rounds.get(c)!.map(pick);
  const ratio = (c: Client, pick: (r: Round) => number) =>
    `${(median(of(c, pick)) / median(of(peer, pick))).toFixed(2)}×`;
  const rows: string[][] = [
    [
      "client",
      "requests",
      "dispatch",
      "first value",
      "÷ peer",
      "last cell",
      "÷ peer",
      "requests leave",
      "Chromium CPU",
      "cells in error",
    ],
  ];
  for (const c of clients)
    rows.push([
      c.name,
      String(median(of(c, (r) => r.requests))),
      spread(of(c, (r) => r.dispatchMs)),
      spread(of(c, (r) => r.firstMs)),
      ratio(c, (r) => r.firstMs),
      spread(of(c, (r) => r.lastMs)),
      ratio(c, (r) => r.lastMs),
      spread(of(c, (r) => r.leaveMs)),
      spread(of(c, (r) => r.cpuMs)),
      String(Math.max(...of(c, (r) => r.errors))),
    ]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows)
    console.log(
      "  " + row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("   "),
    );
  console.log(
    `  (medians of ${ROUNDS} rounds, ranges in brackets; first value and requests leave are timed from Excel's last call of the burst)`,
  );
  const coldPeer = cold.get(peer)!;
  for (const c of clients) {
    const r = cold.get(c)!;
    console.log(
      `  cold first round, ${c.name}: ${r.requests} requests, first value ${ms(r.firstMs)}, last cell ${ms(r.lastMs)}, CPU ${ms(r.cpuMs)}` +
        (c.peer ? "" : ` (${(r.lastMs / coldPeer.lastMs).toFixed(2)}× the peer's cold round)`),
    );
  }
  for (const c of clients)
    console.log(
      `  each round, last cell, ${c.name}: ${of(c, (r) => r.lastMs)
        .map(ms)
        .join(", ")}`,
    );
}

async function benchShape(processes: number, clients: Client[], serving: (product: string) => void): Promise<void> {
  const started = performance.now();
  const service = await startService(processes);
  serving(service.product);
  try {
    const numbers = await activeNumbers(service.product);
    await warmService(service.product, numbers, processes);
    console.log(
      `\n${processes === 1 ? "The sandbox in one process" : `The sandbox in ${processes} processes answering side by side`}: ` +
        `${(numbers.length * FIELDS.length).toLocaleString("en-GB")} FIELD cells (${numbers.length.toLocaleString("en-GB")} companies × ${FIELDS.length} fields), ${LATENCY_MS} ms added latency`,
    );
    // Each client's cold round in a browser of its own; who goes first alternates with the shape.
    const cold = new Map<Client, Round>();
    const coldOrder = processes % 2 === 1 ? clients : [...clients].reverse();
    for (const c of coldOrder) cold.set(c, await withBrowser((browser) => round(browser, c, service.product, numbers)));
    const rounds = new Map<Client, Round[]>(clients.map((c) => [c, []]));
    await withBrowser(async (browser) => {
      for (const c of clients) await round(browser, c, service.product, numbers);
      for (let i = 0; i < ROUNDS; i++) {
        const order = i % 2 === 0 ? clients : [...clients].reverse();
        for (const c of order) rounds.get(c)!.push(await round(browser, c, service.product, numbers));
      }
    });
    report(clients, rounds, cold);
    console.log(`  (${ms(performance.now() - started)} for this shape)`);
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  const dist = builtAddin();
  const sim = await buildSimulatedHost();
  // The service's address changes with each shape; each new page reads config.json again.
  let product = "";
  const configJson = () => {
    const origin = new URL(product).origin;
    return {
      services: {
        product,
        matching: `${origin}/matching`,
        classification: `${origin}/classification`,
        market: `${origin}/market`,
      },
    };
  };
  const serve = (root: string) => startAddinServerFor(sim.file, undefined, { root, configJson });
  const servers = [await serve(dist)];
  const clients: Client[] = [{ name: "the add-in", origin: servers[0]!.origin, peer: false }];
  for (const dir of (process.env.UKCO_BENCH_ALSO ?? "").split(",").filter(Boolean)) {
    const server = await serve(path.resolve(dir));
    servers.push(server);
    clients.push({ name: path.basename(dir), origin: server.origin, peer: false });
  }
  clients.push({ name: "fair peer: 100 ms timer, fetch + JSON.parse", origin: servers[0]!.origin, peer: true });
  console.log(`Chromium (${path.basename(dist)}), the simulated host's browser mode, grid minimised, pane hidden`);
  try {
    for (const processes of PROCESSES) await benchShape(processes, clients, (url) => (product = url));
  } finally {
    for (const server of servers) await server.close();
  }
}

// Run, not imported (a profiling script may import its pieces).
if (require.main === module)
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
