/**
 * Sandbox benchmark: start time and peak RSS of the real CLI (`sandbox/main.ts`) at 50,000 and
 * 1,000,000 companies, each in its own child process so their memory is separate, and requests
 * per second for 1000-record `POST /v2/companies` pages against the 50,000-company sandbox.
 * Run with `npx tsx bench/sandbox.ts [--requests N]`. Traffic goes to 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

const ROOT = path.resolve(__dirname, "..");
const argRequests = process.argv.indexOf("--requests");
const REQUESTS = argRequests > 0 ? Number(process.argv[argRequests + 1]) : 30;

interface Started {
  child: ChildProcess;
  info: { product: string; credentials: { productToken: string } };
  wallMs: number;
  startupMs: number;
}

function startCli(companies: number): Promise<Started> {
  const began = performance.now();
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      path.join(ROOT, "sandbox/main.ts"),
      "--port",
      "0",
      "--companies",
      String(companies),
      "--no-rate-limits",
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    let info: Started["info"] | undefined;
    let wallMs = 0;
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}`)));
    lines.on("line", (line) => {
      if (!info) {
        info = JSON.parse(line) as Started["info"];
        wallMs = performance.now() - began;
        return;
      }
      const m = /started in (\d+) ms/.exec(line);
      if (m) resolve({ child, info, wallMs, startupMs: Number(m[1]) });
    });
  });
}

async function memory(s: Started): Promise<{ rssMb: number; peakRssMb: number }> {
  const origin = new URL(s.info.product).origin;
  return ((await (await fetch(`${origin}/__admin`)).json()) as { memory: { rssMb: number; peakRssMb: number } }).memory;
}

async function page(s: Started, skip: number): Promise<number> {
  const res = await fetch(`${s.info.product}/v2/companies`, {
    method: "POST",
    headers: { Authorization: `Bearer ${s.info.credentials.productToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ returnCount: 1000, skip }),
  });
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

async function throughput(s: Started, concurrency: number): Promise<string> {
  let next = 0;
  let bytes = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        const k = next++;
        const size = await page(s, (k * 1000) % 40_000);
        bytes += size;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  return `${(REQUESTS / seconds).toFixed(1)} req/s (${REQUESTS} requests, concurrency ${concurrency}, ${(bytes / REQUESTS / 1e6).toFixed(1)} MB per response, ${((seconds / REQUESTS) * 1000 * concurrency).toFixed(0)} ms mean latency)`;
}

async function stop(s: Started): Promise<void> {
  s.child.removeAllListeners("exit");
  await new Promise<void>((resolve) => {
    s.child.once("exit", () => resolve());
    s.child.kill("SIGTERM");
  });
}

async function main(): Promise<void> {
  for (const companies of [50_000, 1_000_000]) {
    const s = await startCli(companies);
    const mem = await memory(s);
    console.log(
      `companies ${companies.toLocaleString("en-GB")}: data + listen ${s.startupMs} ms (process to ready ${s.wallMs.toFixed(0)} ms); RSS ${mem.rssMb} MB, peak RSS ${mem.peakRssMb} MB`,
    );
    if (companies === 50_000) {
      await page(s, 0);
      console.log(`  POST /v2/companies returnCount 1000: ${await throughput(s, 1)}`);
      console.log(`  POST /v2/companies returnCount 1000: ${await throughput(s, 4)}`);
    } else {
      const t = performance.now();
      const bytes = await page(s, 500_000);
      console.log(
        `  one 1000-record page at skip 500000: ${(performance.now() - t).toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB`,
      );
    }
    const after = await memory(s);
    console.log(`  peak RSS after requests: ${after.peakRssMb} MB`);
    await stop(s);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
