import cluster from "node:cluster";
import { parseArgs, USAGE, type SandboxArgs } from "./cli";
import { startupCredentials } from "./credentials";
import { startSandbox } from "./sandbox";

/**
 * `npm run sandbox -- --port N --seed S --companies C …`: prints exactly one JSON line first (the
 * four base URLs and the credentials, for scripts), then human-readable logs on stdout. With
 * `--processes N` this process forks N that each run the sandbox on the one port (node:cluster
 * hands each new connection to one of them), as a service answering requests side by side does.
 */
async function main(): Promise<void> {
  let options: SandboxArgs;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const { processes = 1, ...start } = options;
  if (processes > 1 && cluster.isPrimary) return runProcesses(processes);
  const sandbox = await startSandbox({ ...start, log: (line) => console.error(line) });
  const { urls } = sandbox;
  const startup = JSON.stringify({
    product: urls.product,
    matching: urls.matching,
    classification: urls.classification,
    market: urls.market,
    credentials: startupCredentials(),
  });
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (cluster.isWorker) {
    process.send?.({ startup, origin: sandbox.origin });
    return;
  }
  console.log(startup);
  const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(`sandbox listening on ${sandbox.origin} (seed ${sandbox.state.settings.seed})`);
  console.log(
    `  started in ${Math.round(sandbox.startupMs)} ms with ${sandbox.state.ds.size} UK companies and ${sandbox.state.settings.marketCompanies} per market; peak RSS ${rssMb} MB`,
  );
  console.log(`  admin API: ${sandbox.origin}/__admin (see sandbox/README.md)`);
}

/** The primary of `--processes N`: starts them, prints the first one's start-up line once all listen, stops them all. */
async function runProcesses(count: number): Promise<void> {
  const workers = Array.from({ length: count }, () => cluster.fork());
  let stopping = false;
  const stopAll = (code: number) => {
    stopping = true;
    for (const worker of workers) worker.process.kill("SIGTERM");
    let left = workers.filter((w) => !w.isDead()).length;
    if (left === 0) process.exit(code);
    for (const worker of workers) worker.once("exit", () => --left === 0 && process.exit(code));
  };
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));
  cluster.on("exit", (worker, code) => {
    if (stopping) return;
    console.error(`sandbox: process ${worker.process.pid} ended (code ${code}); stopping the others`);
    stopAll(1);
  });
  const started = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<{ startup: string; origin: string }>((resolve) =>
          worker.once("message", (message: { startup: string; origin: string }) => resolve(message)),
        ),
    ),
  );
  console.log(started[0]!.startup);
  console.log(`sandbox listening on ${started[0]!.origin} in ${count} processes answering side by side`);
}

void main();
