/**
 * Fault soak benchmark: 10,000 FIELD cells (2,000 companies × 5 fields), 1,000 MATCH cells and a
 * 5,000-row import against the sandbox, once with no faults and once with the realistic mix
 * (5 % 429, 5 % 503, 2 % 500, 1 % held responses, 2 % cut bodies, 1 % HTML 502 pages, 1 % resets,
 * 5 % failed match jobs), with the add-in's own retries and back-offs as shipped, and no refresh
 * by the user. Printed side by side: cells right, stuck, import rows, requests, and the time to
 * the last cell. Run: npm run bench -- fault-soak
 */
import { startSandbox } from "../sandbox/sandbox";
import { startHarness } from "../test/support/engine-harness";
import { NO_FAULTS, REALISTIC_FAULTS, runSoak, type SoakResult } from "../test/support/fault-soak";

const total = (r: SoakResult) => Object.values(r.requests).reduce((sum, n) => sum + n, 0);

const SIZE = { companies: 2000, fieldCells: 10_000, matchCells: 1000, importRows: 5000 };

async function main(): Promise<void> {
  const sandbox = await startSandbox({ companies: 20_000, seed: 42, batchQueuedMs: 200, batchRowMs: 0 });
  // Client time-outs shortened from a minute so a held response costs seconds, not minutes.
  const harness = await startHarness({
    running: sandbox,
    clients: { timeouts: { product: { listMs: 10_000 }, matching: { matchMs: 10_000, pollMs: 10_000 } } },
  });
  const runs: Array<[string, SoakResult]> = [];
  try {
    runs.push(["no faults", await runSoak(harness, SIZE, NO_FAULTS, 600_000)]);
    runs.push(["realistic fault mix", await runSoak(harness, SIZE, { ...REALISTIC_FAULTS, seed: 42 }, 600_000)]);
  } finally {
    await harness.close();
    await sandbox.close();
  }
  const rows: string[][] = [
    [
      "run",
      "cells right",
      "stuck",
      "import rows (missing, dup.)",
      "product req.",
      "matching req.",
      "resent",
      "last cell",
      "import",
    ],
    ...runs.map(([name, r]) => [
      name,
      `${r.cells - r.wrong.length} of ${r.cells}`,
      String(r.stuck),
      `${r.importRows} (${r.importMissing}, ${r.importDuplicates}) ${r.importStatus}`,
      String(r.requests.product ?? 0),
      String(r.requests.matching ?? 0),
      // Requests beyond the clean run's: retries, halved batches, resubmitted jobs.
      String(total(r) - total(runs[0]![1])),
      `${(r.lastCellMs / 1000).toFixed(1)} s`,
      `${(r.importMs / 1000).toFixed(1)} s`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log(
    `Fault soak: ${SIZE.fieldCells.toLocaleString("en-GB")} FIELD cells, ${SIZE.matchCells} MATCH cells, a ${SIZE.importRows.toLocaleString("en-GB")}-row import`,
  );
  for (const row of rows) console.log("  " + row.map((cell, i) => cell.padEnd(widths[i]!)).join("   "));
  const faulty = runs[1]![1];
  if (faulty.wrong.length) console.log("  first wrong cells:", JSON.stringify(faulty.wrong.slice(0, 5)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
