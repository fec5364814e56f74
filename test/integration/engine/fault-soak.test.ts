/**
 * A realistic fault mix never reaches a cell: with 5 % 429, 5 % 503, 2 % 500, 1 % held responses,
 * 2 % bodies cut mid-JSON, 1 % HTML 502 pages, 1 % connection resets and 5 % failed batch match
 * jobs, and no refresh by the user, every FIELD and MATCH cell holds the sandbox's own value and an
 * import holds exactly the right rows. Back-offs are shortened so the test runs in seconds; the
 * full-size soak with real back-offs is `npm run bench -- fault-soak`.
 */
import { startSandbox, type RunningSandbox } from "../../../sandbox/sandbox";
import { startHarness, type Harness } from "../../support/engine-harness";
import { REALISTIC_FAULTS, runSoak } from "../../support/fault-soak";

jest.setTimeout(300_000);

let sandbox: RunningSandbox;
let harness: Harness;

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 3000, seed: 31, matchLatencyMs: [0, 2], batchQueuedMs: 50, batchRowMs: 0 });
  const quick = { baseDelayMs: 50, maxJitterMs: 50 };
  harness = await startHarness({
    running: sandbox,
    clients: {
      retry: { product: quick, matching: quick },
      timeouts: { product: { listMs: 3000 }, matching: { matchMs: 3000, submitMs: 3000, pollMs: 3000 } },
    },
  });
});

afterAll(async () => {
  await harness?.close();
  await sandbox?.close();
});

test("2,000 FIELD cells, 200 MATCH cells and a 2,000-row import all come out right under the realistic fault mix", async () => {
  const result = await runSoak(
    harness,
    { companies: 500, fieldCells: 2000, matchCells: 200, importRows: 2000 },
    { ...REALISTIC_FAULTS, seed: 11 },
    240_000,
  );
  expect(result.stuck).toBe(0);
  expect(result.wrong).toEqual([]);
  expect({
    status: result.importStatus,
    rows: result.importRows,
    missing: result.importMissing,
    duplicates: result.importDuplicates,
  }).toEqual({ status: "complete", rows: 2000, missing: 0, duplicates: 0 });
  // The faults did happen: more requests than the contract minimum were needed.
  expect(result.requests.product).toBeGreaterThan(3);
});
