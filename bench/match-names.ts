/**
 * Match names benchmark: 5,000 messy names (4,000 sandbox companies in six kinds of mess, 1,000
 * rows repeating them in other case and spacing) matched through the view's core run against the
 * in-process sandbox (its default job timing: 0.5 s queued, 2 ms a row), with the add-in's clients
 * and governors as shipped. Beside it, measured in the same run: one job per 1,000 rows without
 * de-duplication, and single matches for a sample (what 5,000 would take at the client's 60 a
 * minute is printed as an estimate). Prints wall time, jobs, requests and the review-queue size.
 * Run: npm run bench -- match-names
 */
import { startSandbox } from "../sandbox/sandbox";
import { matchKey } from "../src/core/match-key";
import { distinctKeys } from "../src/core/match-names/jobs";
import { buildQueue, DEFAULT_THRESHOLD } from "../src/core/match-names/queue";
import { runMatchNames, type RunOutcome } from "../src/core/match-names/run";
import { startHarness } from "../test/support/engine-harness";
import { messyName, repeatOf, sandboxCompanies } from "../test/support/messy-names";

const ROWS = 5_000;
const REPEATS = 1_000;
const SINGLE_SAMPLE = 10;
const MATCHING_PER_MINUTE = 60;

async function main(): Promise<void> {
  const sandbox = await startSandbox({ companies: 20_000, seed: 42 });
  const harness = await startHarness({ running: sandbox });
  try {
    const companies = await sandboxCompanies(sandbox.urls.product, sandbox.credentials.productToken, ROWS - REPEATS);
    const names = companies.map((c, i) => messyName(c.CompanyName, i));
    for (let i = 0; names.length < ROWS; i++) names.push(repeatOf(names[(i * 37) % (ROWS - REPEATS)]!));
    const rows = names.map((name, i) => ({ row: i + 1, key: matchKey(name, "", ""), name, postcode: "", website: "" }));
    const keys = distinctKeys(rows.map((r) => r.key));

    const measure = async (label: string, run: () => Promise<RunOutcome>) => {
      const before = harness.requests.matching ?? 0;
      const started = performance.now();
      const outcome = await run();
      const wallMs = performance.now() - started;
      const queue = buildQueue(rows, outcome.results, DEFAULT_THRESHOLD);
      return {
        label,
        wall: `${(wallMs / 1000).toFixed(1)} s`,
        jobs: String(outcome.jobs),
        requests: String((harness.requests.matching ?? 0) - before),
        matched: `${outcome.results.size}`,
        queue: `${queue.length} names (${queue.reduce((sum, e) => sum + e.rows.length, 0)} rows)`,
        failed: String(outcome.failures.length),
      };
    };
    const results = [
      await measure("Match names (distinct names, 1,000 a job)", () => runMatchNames(harness.clients.matching, keys)),
      // The same names, one job per 1,000 rows as they stand: repeats sent again.
      await measure("peer: one job per 1,000 rows, no de-duplication", () =>
        runMatchNames(
          harness.clients.matching,
          rows.flatMap((r) => (r.key ? [r.key] : [])),
        ),
      ),
    ];

    const started = performance.now();
    for (const key of keys.slice(0, SINGLE_SAMPLE)) await harness.clients.matching.match({ input_name: key });
    const singleMs = (performance.now() - started) / SINGLE_SAMPLE;

    console.log(
      `Match names: ${ROWS.toLocaleString("en-GB")} rows naming ${keys.length.toLocaleString("en-GB")} distinct inputs; review below ${DEFAULT_THRESHOLD}`,
    );
    const table = [
      ["run", "wall", "jobs", "matching req.", "distinct matched", "review queue", "failed jobs"],
      ...results.map((r) => [r.label, r.wall, r.jobs, r.requests, r.matched, r.queue, r.failed]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table) console.log("  " + row.map((cell, i) => cell.padEnd(widths[i]!)).join("   "));
    console.log(
      `  peer: single matches, ${SINGLE_SAMPLE} in a row: ${singleMs.toFixed(0)} ms each; ${ROWS.toLocaleString("en-GB")} would take at least ` +
        `${Math.ceil(ROWS / MATCHING_PER_MINUTE)} min at the client's ${MATCHING_PER_MINUTE} a minute (estimate, not run)`,
    );
  } finally {
    await harness.close();
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
