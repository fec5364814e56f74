/**
 * On Excel on the web, where a request and a response may each carry at most 5 MB, the pane moves
 * tens of megabytes of cells without one sync passing the limit: Convert to values turns a
 * 100,000-row spill of 200-character descriptions into values, and the import view reads a
 * 200,000-cell selection of such text. The simulated host counts both ways of every sync in UTF-8
 * bytes and refuses any over 5 MB, as the web is documented to.
 */
import { assertDistBuilt, useAddinSession } from "./harness";
import { admin, openView, sandboxNumbers, signInWithSandbox } from "./pane/pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 }, simConfig: { profile: "web" } });

const LIMIT = 5 * 1024 * 1024;
const ROWS = 100_000;

/** A 200-character description, different for each company, with a few characters of two bytes. */
const description = (i: number) =>
  `${i}: Société ${"makes precision parts for turbines and engines; ".repeat(5)}`.slice(0, 200);

type Stats = {
  syncs: number;
  largestRequestBytes: number;
  largestResponseBytes: number;
  requestBytes: number;
  responseBytes: number;
};

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

test("Convert to values turns a 100,000-row spill of long text into values, and a 200,000-cell selection of it is read, every sync under 5 MB", async () => {
  const { page } = session.current;
  const numbers = (await sandboxNumbers(session.current, { Nations: ["England"] })).slice(0, 10);
  for (const [i, number] of numbers.entries())
    await admin(session.current, `/companies/${number}`, { CompanyDescription: description(i) });
  await session.current.sim(
    (api, { numbers, rows }) => {
      api.setCell(
        "Sheet1!A2",
        Array.from({ length: rows }, (_, r) => [`'${numbers[r % numbers.length]}`]),
      );
      api.setCell("Sheet1!B2", `=UKCO.FIELD(A2:A${rows + 1},"CompanyDescription")`);
    },
    { numbers, rows: ROWS },
  );
  await session.current.sim((api) => api.whenCalculated(180_000));
  expect(await session.current.sim((api, last) => api.cell(`Sheet1!B${last}`), ROWS + 1)).toMatchObject({
    value: description((ROWS - 1) % 10),
    spilledFrom: "Sheet1!B2",
  });

  await session.current.sim((api) => api.select("Sheet1!B2"));
  const workbook = await openView(page, "Workbook data");
  await session.current.sim((api) => api.resetSyncStats());
  await workbook.getByRole("button", { name: "Convert selection to values" }).click();
  await workbook
    .getByText(`Converted 1 UKCO formula to values (${ROWS.toLocaleString("en-GB")} cells).`)
    .waitFor({ timeout: 180_000 });
  const converted = (await session.current.sim((api) => api.syncStats())) as Stats;
  const cells = await session.current.sim(
    (api, last) => [api.cell("Sheet1!B2"), api.cell(`Sheet1!B${last}`)],
    ROWS + 1,
  );
  expect(cells.map((c) => [c.value, c.formula, c.spilledFrom])).toEqual([
    [description(0), undefined, undefined],
    [description((ROWS - 1) % 10), undefined, undefined],
  ]);
  // The spill was read and written whole: some 20 MB each way, in syncs each under 5 MB.
  expect(converted.responseBytes).toBeGreaterThan(ROWS * 200);
  expect(converted.requestBytes).toBeGreaterThan(ROWS * 200);
  expect(converted.largestResponseBytes).toBeLessThan(LIMIT);
  expect(converted.largestRequestBytes).toBeLessThan(LIMIT);

  // A second column of the same text: 200,000 cells of it selected, and read by the import view.
  await session.current.sim((api, rows) => {
    api.setCell("Sheet1!C2", api.values(`Sheet1!B2:B${rows + 1}`) as string[][]);
    api.select(`Sheet1!B2:C${rows + 1}`);
  }, ROWS);
  const importView = await openView(page, "Import companies");
  await session.current.sim((api) => api.resetSyncStats());
  await importView.getByRole("button", { name: "Use the selected cells" }).click();
  await importView
    .getByTestId("numbers-summary")
    .getByText(`0 company numbers from Sheet1!B2:C${ROWS + 1}`, { exact: false })
    .waitFor({ timeout: 120_000 });
  await importView
    .getByTestId("invalid-numbers")
    .getByText(/^(199,?999|200,?000) cells hold no valid company number/)
    .waitFor();
  const read = (await session.current.sim((api) => api.syncStats())) as Stats;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    [
      `convert: ${mb(converted.responseBytes)} read and ${mb(converted.requestBytes)} written; largest answer ${mb(converted.largestResponseBytes)}, largest request ${mb(converted.largestRequestBytes)}, ${converted.syncs} syncs`,
      `selection: ${mb(read.responseBytes)} read; largest answer ${mb(read.largestResponseBytes)}, ${read.syncs} syncs`,
    ].join("\n"),
  );
  expect(read.responseBytes).toBeGreaterThan(2 * ROWS * 200);
  expect(read.largestResponseBytes).toBeLessThan(LIMIT);
  expect(read.largestRequestBytes).toBeLessThan(LIMIT);
});
