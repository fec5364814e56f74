/**
 * A flaky network and a rate limit: with the sandbox injecting 5 % 429, 5 % 503, 2 % 500, 1 %
 * held responses (time-outs) and 1 % malformed bodies, 10,000 FIELD and 1,000 MATCH cells all
 * settle — to the right value or to an error whose message names the next step — and none is
 * stuck. Refreshing any cells in error (as a user selects them and presses Refresh selection)
 * then converges to every value right. Back-offs are shortened so the test runs in seconds;
 * the statuses and rules are the real ones.
 */
import type { CellGrid } from "../../../src/core/cell-value";
import { UserError } from "../../../src/core/errors";
import { cellMessage } from "../../../src/host/cell-words";
import { fieldCells } from "../../../src/functions/field";
import { matchFormula } from "../../../src/functions/match";
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";
import { startHarness, type Harness } from "../../support/engine-harness";

jest.setTimeout(300_000);

const FIELDS = ["CompanyName", "CompanyStatus", "RegisteredPostcode", "BestEstimateEmployees", "CompanyCategory"];
/** The mix, and a storm that makes sure every kind of failure reaches some cells. */
const FAULT_MIXES = {
  "the issue's fault mix": {
    rate429: 0.05,
    rate503: 0.05,
    rate500: 0.02,
    timeoutRate: 0.01,
    timeoutMs: null,
    malformedRate: 0.01,
    seed: 5,
  },
  "a fault storm": {
    rate429: 0.15,
    rate503: 0.15,
    rate500: 0.1,
    timeoutRate: 0.05,
    timeoutMs: null,
    malformedRate: 0.2,
    seed: 9,
  },
} as const;

let sandbox: RunningSandbox;
let harness: Harness;

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 6000, seed: 23, matchLatencyMs: [0, 2], batchQueuedMs: 50, batchRowMs: 0 });
  harness = await startHarness({
    running: sandbox,
    clients: {
      retry: { product: { baseDelayMs: 50, maxJitterMs: 50 }, matching: { baseDelayMs: 50, maxJitterMs: 50 } },
      timeouts: { product: { listMs: 4000 }, matching: { matchMs: 4000, submitMs: 4000, pollMs: 4000 } },
    },
  });
});

afterAll(async () => {
  await harness?.close();
  await sandbox?.close();
});

interface Cell {
  address: string;
  run: (address: string) => Promise<CellGrid>;
  expected: unknown;
}

/** Runs every cell as one recalculation burst; each must settle within `limitMs`. */
async function recalculate(cells: Cell[], limitMs: number): Promise<unknown[]> {
  const stuck = Symbol("stuck");
  const deadline = new Promise<typeof stuck>((resolve) => setTimeout(() => resolve(stuck), limitMs).unref());
  return Promise.all(
    cells.map((cell) =>
      Promise.race([
        cell.run(cell.address).then(
          (grid) => grid[0]![0],
          (error: unknown) => error,
        ),
        deadline,
      ]),
    ),
  );
}

test.each(Object.keys(FAULT_MIXES))(
  "under %s, 10,000 FIELD and 1,000 MATCH cells settle, and refreshing the errors converges",
  async (mix) => {
    const faults = FAULT_MIXES[mix as keyof typeof FAULT_MIXES];
    await fetch(`${sandbox.origin}/__admin/reset`, { method: "POST" });
    await harness.engine.clear();
    const page1 = await harness.clients.product.listCompanies({ returnCount: 1000, skip: 0 });
    const page2 = await harness.clients.product.listCompanies({ returnCount: 1000, skip: 1000 });
    const companies = [...page1.companies, ...page2.companies].filter((c) => !("invalid" in c)) as Record<
      string,
      unknown
    >[];
    expect(companies).toHaveLength(2000);
    const truthMatches = new Map<string, string>();
    for (const company of companies.slice(0, 800)) {
      const name = String(company.CompanyName);
      if (!truthMatches.has(name.toUpperCase())) truthMatches.set(name, String(company.CompanyNumber));
    }

    const cells: Cell[] = [];
    for (let i = 0; i < 10_000; i++) {
      const company = companies[i % 2000]!;
      const field = FIELDS[Math.floor(i / 2000)]!;
      cells.push({
        address: `Sheet1!${String.fromCharCode(66 + Math.floor(i / 2000))}${(i % 2000) + 2}`,
        run: async (address) => fieldCells(harness.engine, company.CompanyNumber, field, null, { address }),
        expected: company[field] ?? "",
      });
    }
    const names = [...truthMatches.keys()];
    // Matching answers the exact names of active companies with their own numbers; dissolved twins can
    // share a name, so the truth is what the service answers without faults, asked once.
    const clean = await harness.clients.matching.runBatch(names.slice(0, 1000).map((input_name) => ({ input_name })));
    for (let i = 0; i < 1000; i++) {
      const name = names[i % names.length]!;
      cells.push({
        address: `Sheet2!A${i + 2}`,
        run: (address) => matchFormula(harness.engine, name, null, null, null, { address }),
        expected: clean.rows[i % names.length]?.result?.matched_company_number ?? null,
      });
    }

    await fetch(`${sandbox.origin}/__admin/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(faults),
    });
    const requestsBefore = { ...harness.requests };

    let results = await recalculate(cells, 120_000);
    const firstRound = results.filter((r) => r instanceof UserError).length;
    expect(results.filter((r) => typeof r === "symbol")).toEqual([]);
    for (const [i, result] of results.entries()) {
      if (result instanceof UserError) {
        expect(cellMessage(result)).toMatch(/Press Refresh|pane/);
      } else if (cells[i]!.expected !== null) {
        expect({ address: cells[i]!.address, value: result }).toEqual({
          address: cells[i]!.address,
          value: cells[i]!.expected,
        });
      }
    }

    let rounds = 0;
    while (results.some((r) => r instanceof UserError) && rounds < 8) {
      rounds += 1;
      const failed = cells.filter((_, i) => results[i] instanceof UserError);
      harness.engine.refresh({ kind: "ranges", addresses: failed.map((c) => c.address) });
      const again = await recalculate(failed, 120_000);
      let k = 0;
      results = results.map((r) => (r instanceof UserError ? again[k++] : r));
    }
    await fetch(`${sandbox.origin}/__admin/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rate429: 0, rate503: 0, rate500: 0, timeoutRate: 0, malformedRate: 0 }),
    });
    expect(results.filter((r) => r instanceof UserError || typeof r === "symbol")).toEqual([]);
    expect(results.map((r, i) => (cells[i]!.expected === null ? "unmatched" : r === cells[i]!.expected))).not.toContain(
      false,
    );
    const sent = Object.fromEntries(
      Object.entries(harness.requests).map(([k, v]) => [k, v - (requestsBefore[k] ?? 0)]),
    );
    // The storm did reach the wire: the product API needed more than the two requests a clean run takes
    // (retries, halved batches). Whether any cell still ended in error is the add-in's to decide.
    if (mix === "a fault storm") expect(sent.product).toBeGreaterThan(2);
    console.log(
      `${mix}: ${firstRound} of ${cells.length} cells in error after the first recalculation; all right after ${rounds} refresh round(s); HTTP requests ${JSON.stringify(sent)}`,
    );
  },
);
