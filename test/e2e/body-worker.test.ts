/**
 * The built page reads large company answers in its Web Workers: made with the page (their own
 * chunk, which loads nothing else, allowed by the page's CSP), they send the company requests of
 * FIELD cells that load a few hundred companies themselves and read the answers, from the first
 * recalculation on (the page's own fetch sends none of them), and every cell shows what the
 * sandbox holds.
 */
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

test("the page's workers, made with the page, send the requests of its first FIELD cells and of later ones and read their answers; the values are the sandbox's", async () => {
  const { page } = session.current;
  const readers = () =>
    page.workers().filter((worker) => /^\/body-reader\.[0-9a-f]{8}\.js$/.test(new URL(worker.url()).pathname));
  // Made with the page, before any answer: the first recalculation's pages already go to them.
  const made = readers();
  expect(made.length).toBeGreaterThanOrEqual(1);
  expect(made.length).toBeLessThanOrEqual(4);
  // Its chunk holds all it runs: it loads no script of the page's (shared.js is about 250 KB).
  for (const worker of made)
    expect(await worker.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name))).toEqual(
      [],
    );
  for (const worker of made)
    await worker.evaluate(() => {
      const scope = self as unknown as { answered: number; postMessage(message: unknown): void };
      const post = scope.postMessage.bind(scope);
      scope.answered = 0;
      scope.postMessage = (message) => {
        scope.answered += 1;
        post(message);
      };
    });
  const answered = async () => {
    let total = 0;
    for (const worker of made) total += await worker.evaluate(() => (self as unknown as { answered: number }).answered);
    return total;
  };
  const numbers = await sandboxNumbers(session.current, {});
  const first = numbers.slice(0, ROWS);
  const second = numbers.slice(ROWS, 2 * ROWS);

  await fieldColumn(first, "A", "CompanyName");
  await expectNames(first, "B");
  const afterFirst = await answered();
  expect(afterFirst).toBeGreaterThan(0);

  await fieldColumn(second, "D", "CompanyName");
  await expectNames(second, "E");
  expect(await answered()).toBeGreaterThan(afterFirst);
  // The company requests went from the workers, with the workers' fetch; none from the page.
  const companyRequests = (entries: string[]) =>
    entries.filter((url) => new URL(url).pathname.endsWith("/v2/companies"));
  let fromWorkers = 0;
  for (const worker of made)
    fromWorkers += companyRequests(
      await worker.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name)),
    ).length;
  expect(fromWorkers).toBeGreaterThanOrEqual(2);
  expect(
    companyRequests(await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name))),
  ).toEqual([]);
  expect(readers()).toHaveLength(made.length);
  expect(session.current.takePageErrors()).toEqual([]);
});
