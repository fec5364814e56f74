/**
 * Multi-market import benchmark: a 100-page import of one market through the real
 * client, its 60-a-minute governor and the pane's table run, against the sandbox enforcing the
 * market's limit (60 a minute per key). Prints pages, rows, requests, 429s received (target 0),
 * wall time and the longest governor wait. Takes a little over a minute: the limit is real.
 * Run: npm run bench -- market
 */
import { runTable, type TableSink } from "../src/core/import/run-table";
import { marketSource } from "../src/core/import/sources/market";
import { DEFAULT_RATE_LIMITS } from "../sandbox/rate-limit";
import { startSandbox } from "../sandbox/sandbox";
import { signedInClients } from "./support/sim-host";

const MARKET_COMPANIES = 100_000;
const ms = (n: number) => `${Math.round(n).toLocaleString("en-GB")} ms`;

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    companies: 1_000,
    marketCompanies: MARKET_COMPANIES,
    seed: 3,
    rateLimits: DEFAULT_RATE_LIMITS,
  });
  try {
    const { clients, traffic } = await signedInClients(sandbox);
    let rows = 0;
    let chunks = 0;
    const sink: TableSink = {
      begin: async () => undefined,
      append: async (chunk) => {
        rows += chunk.length;
        chunks += 1;
      },
      finish: async () => undefined,
    };
    let longestWaitMs = 0;
    let waits = 0;
    const start = performance.now();
    const source = { kind: "market" as const, market: "us" as const, query: { filters: {} } };
    const onWait = (info: { estimatedWaitMs: number }) => {
      waits += 1;
      longestWaitMs = Math.max(longestWaitMs, info.estimatedWaitMs);
    };
    const prepared = await marketSource.prepare(clients, source, { onWait });
    const outcome = await runTable({ prepared, sink, now: Date.now, onWait });
    const wallMs = performance.now() - start;
    const requests = traffic.requests.market ?? 0;
    console.log(
      `Multi-market import: us, all ${prepared.total?.toLocaleString("en-GB")} companies, pages of 1,000, sandbox limit ${DEFAULT_RATE_LIMITS.market}/min, client governor 60/min`,
    );
    console.log(`  outcome           ${outcome.status}`);
    console.log(`  pages             ${requests - 1} (+1 count request)`);
    console.log(`  rows              ${rows.toLocaleString("en-GB")} in ${chunks} writes`);
    console.log(`  requests          ${requests}`);
    console.log(`  429s received     ${traffic.rateLimited}`);
    console.log(`  wall time         ${ms(wallMs)} (${(rows / (wallMs / 1000)).toFixed(0)} rows/s)`);
    console.log(`  governor waits    ${waits} notices, longest estimated wait ${ms(longestWaitMs)}`);
  } finally {
    await sandbox.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
