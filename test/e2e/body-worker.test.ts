/**
 * The built page reads large company answers in its Web Worker: FIELD cells that load a few
 * hundred companies make the worker (its own chunk, allowed by the page's CSP), the worker
 * answers the reads it is handed, and every cell shows what the sandbox holds.
 */
import type { Worker } from "playwright-core";
import { assertDistBuilt, useAddinSession } from "./harness";
import { columnValues, sandboxNumbers, sandboxRecords, signInWithSandbox } from "./pane/pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });
const ROWS = 300;

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

async function fieldColumn(numbers: readonly string[], column: string, field: string): Promise<void> {
  await session.current.sim(
    (api, { numbers, column, field }) => {
      api.setCell(
        `Sheet1!${column}2`,
        numbers.map((n) => [`'${n}`]),
      );
      const next = String.fromCharCode(column.charCodeAt(0) + 1);
      api.setCell(`Sheet1!${next}2`, `=UKCO.FIELD(${column}2:${column}${numbers.length + 1},"${field}")`);
    },
    { numbers, column, field },
  );
  await session.current.sim((api) => api.whenCalculated(60_000));
}

async function expectNames(numbers: readonly string[], column: string): Promise<void> {
  const records = await sandboxRecords(session.current, numbers);
  expect(await columnValues(session.current, "Sheet1", column, 2, numbers.length)).toEqual(
    records.map((record) => record.CompanyName),
  );
}

test("FIELD cells loading hundreds of companies make the page's worker, which reads them; the values are the sandbox's", async () => {
  const { page } = session.current;
  const workers: Worker[] = [];
  page.on("worker", (worker) => workers.push(worker));
  const numbers = await sandboxNumbers(session.current, {});
  const first = numbers.slice(0, ROWS);
  const second = numbers.slice(ROWS, 2 * ROWS);

  await fieldColumn(first, "A", "CompanyName");
  expect(workers.map((worker) => new URL(worker.url()).pathname)).toEqual([
    expect.stringMatching(/^\/body-reader\.[0-9a-f]{8}\.js$/),
  ]);
  await expectNames(first, "B");

  // The worker's first read may come before it said it was ready (then the page reads inline):
  // count what it answers from now on, for companies not asked yet.
  const worker = workers[0]!;
  await worker.evaluate(() => {
    const scope = self as unknown as { answered: number; postMessage(message: unknown): void };
    const post = scope.postMessage.bind(scope);
    scope.answered = 0;
    scope.postMessage = (message) => {
      scope.answered += 1;
      post(message);
    };
  });
  await fieldColumn(second, "D", "CompanyName");
  await expectNames(second, "E");
  expect(await worker.evaluate(() => (self as unknown as { answered: number }).answered)).toBeGreaterThan(0);
  expect(workers).toHaveLength(1);
  expect(session.current.takePageErrors()).toEqual([]);
});
