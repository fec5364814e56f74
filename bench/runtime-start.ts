/**
 * Runtime start: the JavaScript the shared-runtime page evaluates before the custom functions
 * register (every cell shows #BUSY! until then), and the time from navigation to registration, for
 * this build (the pane's code a lazy chunk) beside the layout before it, built with
 * `--env eagerPane` (the pane's code back in taskpane.js, evaluated before registration). Both are
 * built here from this tree into a temporary folder, then loaded in turn in Debian's Chromium on the
 * simulated host (tools/office-sim): the pane shown, as after Open pane; no sandbox, since
 * registering needs no service. Also under a 4× CPU slowdown (DevTools throttling), nearer what a
 * laptop's Excel web view has to spare. The simulated host, which stands in for office.js, is not
 * counted.
 * Run: npm run bench -- runtime-start
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openAddinSession, scriptsBeforeRegistration, type AddinSession, type LoadTimeline } from "../test/e2e/harness";

const ROOT = path.resolve(__dirname, "..");
const RUNS = Number(process.env.UKCO_BENCH_RUNS ?? 11);
const SLOWDOWN = 4;
const TARGET_BYTES = 300_000;

const kb = (bytes: number) => `${Math.round(bytes / 1000).toLocaleString("en-GB")} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const timing = (values: number[]) =>
  `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

interface Layout {
  name: string;
  env: string[];
  dir: string;
  session?: AddinSession;
  throttle?: (rate: number) => Promise<void>;
  timelines: LoadTimeline[];
  slowTimelines: LoadTimeline[];
}

function build(layout: Layout): void {
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules/webpack/bin/webpack.js"),
      "--mode",
      "production",
      "--output-path",
      layout.dir,
      ...layout.env.flatMap((env) => ["--env", env]),
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`The ${layout.name} build failed:\n${result.stdout}\n${result.stderr}`);
}

async function load(session: AddinSession): Promise<LoadTimeline> {
  await session.page.reload({ waitUntil: "load" });
  await session.page.waitForFunction(() => "__ukcoRegisteredMs" in window, undefined, { timeout: 60_000 });
  return session.loadTimeline();
}

/** The throttling lasts as long as the DevTools session that set it, so that session is kept open. */
async function cpuThrottle(session: AddinSession): Promise<(rate: number) => Promise<void>> {
  const cdp = await session.context.newCDPSession(session.page);
  return async (rate) => void (await cdp.send("Emulation.setCPUThrottlingRate", { rate }));
}

async function main(): Promise<void> {
  const temp = mkdtempSync(path.join(os.tmpdir(), "ukco-runtime-start-"));
  const layouts: Layout[] = [
    {
      name: "eager pane (before)",
      env: ["eagerPane"],
      dir: path.join(temp, "eager"),
      timelines: [],
      slowTimelines: [],
    },
    { name: "lazy pane (this build)", env: [], dir: path.join(temp, "lazy"), timelines: [], slowTimelines: [] },
  ];
  let chunks: Array<{ file: string; bytes: number }> = [];
  try {
    for (const layout of layouts) build(layout);
    chunks = readdirSync(layouts[1]!.dir)
      .filter((file) => /^pane\.[0-9a-f]+\.js$/.test(file))
      .map((file) => ({ file, bytes: statSync(path.join(layouts[1]!.dir, file)).size }));
    for (const layout of layouts) {
      layout.session = await openAddinSession({ distDir: layout.dir, sandbox: false, recordLoadTimeline: true });
      layout.throttle = await cpuThrottle(layout.session);
    }
    // Alternating, so both layouts share whatever else the machine is doing.
    for (const [rate, pick] of [
      [1, (l: Layout) => l.timelines],
      [SLOWDOWN, (l: Layout) => l.slowTimelines],
    ] as const) {
      for (const layout of layouts) await layout.throttle!(rate);
      for (let run = 0; run < RUNS; run++) for (const layout of layouts) pick(layout).push(await load(layout.session!));
    }
  } finally {
    await Promise.all(layouts.map((layout) => layout.session?.close()));
    rmSync(temp, { recursive: true, force: true });
  }

  console.log(
    `Runtime start: JavaScript evaluated before the custom functions register, and navigation to registration ` +
      `(median of ${RUNS} loads, min–max)`,
  );
  console.log(`  both built now from this tree; "before" is --env eagerPane, the layout before the pane was lazy`);
  console.log(
    "  to registration: navigation start until every function is associated (the simulated host reads\n" +
      "  functions.json after DOMContentLoaded, as office.js waits for the DOM); the page's scripts run: from\n" +
      "  domInteractive to DOMContentLoaded, the part of it the page's deferred scripts take\n",
  );
  const rows = [
    ["", "JS before", "to registration", "", "the page's scripts run", ""],
    ["build", "registration", "CPU as is", `CPU ×${SLOWDOWN} slower`, "CPU as is", `CPU ×${SLOWDOWN} slower`],
    ...layouts.map((layout) => {
      const bytes = scriptsBeforeRegistration(layout.timelines[0]!).reduce((sum, script) => sum + script.bytes, 0);
      const registered = (timelines: LoadTimeline[]) => timing(timelines.map((t) => t.registeredMs!));
      const scriptsRun = (timelines: LoadTimeline[]) =>
        timing(timelines.map((t) => t.domContentLoadedMs - t.domInteractiveMs));
      return [
        layout.name,
        `${kb(bytes)} (${bytes.toLocaleString("en-GB")} B)`,
        registered(layout.timelines),
        registered(layout.slowTimelines),
        scriptsRun(layout.timelines),
        scriptsRun(layout.slowTimelines),
      ];
    }),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(("  " + row.map((cell, i) => cell.padEnd(widths[i]!)).join("   ")).trimEnd());

  console.log("");
  for (const layout of layouts) {
    const before = scriptsBeforeRegistration(layout.timelines[0]!);
    console.log(
      `  ${layout.name}, before registration: ${before.map((s) => `${s.path.slice(1)} ${kb(s.bytes)}`).join(", ")}`,
    );
  }
  const lazy = layouts[1]!;
  const fetchedBefore = scriptsBeforeRegistration(lazy.timelines[0]!).some((s) =>
    chunks.some((chunk) => chunk.file === s.path.slice(1)),
  );
  console.log(
    `  the pane's chunk: ${chunks.map((chunk) => `${chunk.file} ${kb(chunk.bytes)}`).join(", ")}, ` +
      `fetched ${fetchedBefore ? "BEFORE" : "after"} registration`,
  );
  const lazyBytes = scriptsBeforeRegistration(lazy.timelines[0]!).reduce((sum, script) => sum + script.bytes, 0);
  console.log(
    `  target: at most ${kb(TARGET_BYTES)} before registration: ${lazyBytes <= TARGET_BYTES ? "met" : "NOT met"}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
