/**
 * What a refresh will cost, before it starts: a refresh that sends more than usual (here 60 group
 * structures, a request each) first lists what it would send per service and waits; Cancel sends
 * nothing; confirming runs it, with a usage line of requests sent while it works. The ribbon's
 * refresh puts the same question in the pane. Rows selected inside a spilled table are counted and
 * fetched again on their own.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import {
  admin,
  columnValues,
  expectFitsAndAccessible,
  numbersWithFormulas,
  openView,
  sandboxNumbers,
  signInWithSandbox,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

test("a large refresh lists what it would send and waits; Cancel sends nothing; confirming runs it", async () => {
  const { page } = session.current;
  const numbers = (await sandboxNumbers(session.current, { Nations: ["England"] })).slice(0, 60);
  await numbersWithFormulas(session.current, numbers, (row) =>
    row === 2
      ? [`=UKCO.GROUP(A${row})`, "", '=UKCO.FIELD(A2:A61,"CompanyName")']
      : [`=UKCO.GROUP(A${row})`, null, null],
  );

  let requests = 0;
  page.on("request", (request) => {
    if (request.url().includes("/sandbox/product/")) requests += 1;
  });
  const workbook = await openView(page, "Workbook data");
  await workbook.getByRole("button", { name: "Refresh workbook" }).click();
  const question = workbook.getByTestId("confirm-refresh");
  await question.waitFor({ timeout: 10_000 });
  const lines = await question.locator("li").allInnerTexts();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^60 group structures and 60 companies \(product API\): \d+ requests, under a minute$/);
  const estimated = Number(/: (\d+) requests/.exec(lines[0]!)![1]);
  expect(estimated).toBeGreaterThan(60);

  await question.getByRole("button", { name: "Cancel" }).click();
  await question.waitFor({ state: "detached" });
  await page.waitForTimeout(1_000);
  expect(requests).toBe(0);

  await workbook.getByRole("button", { name: "Refresh workbook" }).click();
  await question.getByRole("button", { name: "Refresh workbook now" }).click();
  await workbook
    .getByTestId("usage-line")
    .getByText(/^Product API: \d+ requests? sent/)
    .waitFor({ timeout: 10_000 });
  await workbook
    .getByText(/^Refreshing every UKCO formula in the workbook\. It sends 60 group structures and 60 companies/)
    .waitFor();
  await session.current.sim((api) => api.whenCalculated(60_000));
  expect(requests).toBe(estimated);
  await expectFitsAndAccessible(session.current);
});

test("the ribbon's Refresh workbook asks the same question in the pane, and runs only once confirmed", async () => {
  const { page } = session.current;
  let requests = 0;
  page.on("request", (request) => {
    if (request.url().includes("/sandbox/product/")) requests += 1;
  });
  const run = await session.current.sim((api) => api.clickRibbon("Refresh workbook"));
  expect(run).toMatchObject({ completed: true });
  const question = page.getByTestId("confirm-refresh");
  await question.waitFor({ timeout: 10_000 });
  const lines = await question.locator("li").allInnerTexts();
  expect(lines).toEqual([
    expect.stringMatching(/^60 group structures and 60 companies \(product API\): \d+ requests, under a minute$/),
  ]);
  await page.waitForTimeout(1_000);
  expect(requests).toBe(0);

  await question.getByRole("button", { name: "Refresh workbook now" }).click();
  await page
    .getByTestId("refresh-notice")
    .getByText("60 companies refreshed", { exact: false })
    .waitFor({ timeout: 30_000 });
  expect(requests).toBe(Number(/: (\d+) requests/.exec(lines[0]!)![1]));
  await expectFitsAndAccessible(session.current);
});

test("Refresh selection on rows inside a spilled table: the pane says it sends those rows' companies, and their cells change", async () => {
  const { page } = session.current;
  await session.current.sim((api) => {
    api.setCell("Sheet1!H2", [['=UKCO.FIELD(A2:A61,"CompanyName")']]);
  });
  await session.current.sim((api) => api.whenCalculated(60_000));
  // Rows 12 to 22 of the table, without its formula's cell; row 17 shows the company renamed.
  const [renamed] = (await columnValues(session.current, "Sheet1", "A", 17, 1)) as string[];
  await admin(session.current, `/companies/${renamed}`, { CompanyName: "RENAMED INSIDE A SPILL LTD" });
  const [outside] = (await columnValues(session.current, "Sheet1", "A", 40, 1)) as string[];
  await admin(session.current, `/companies/${outside}`, { CompanyName: "RENAMED OUTSIDE THE SELECTION LTD" });
  const before = await columnValues(session.current, "Sheet1", "H", 40, 1);
  await session.current.sim((api) => api.select("Sheet1!H12:H22"));

  let requests = 0;
  page.on("request", (request) => {
    if (request.url().includes("/sandbox/product/")) requests += 1;
  });
  const workbook = await openView(page, "Workbook data");
  await workbook.getByRole("button", { name: "Refresh selection" }).click();
  await workbook
    .getByText(
      "Refreshed 1 UKCO formula in the selection. It sends 11 companies (product API): 1 request, under a minute.",
    )
    .waitFor({ timeout: 10_000 });
  await session.current.sim((api) => api.whenCalculated(60_000));
  expect(await columnValues(session.current, "Sheet1", "H", 17, 1)).toEqual(["RENAMED INSIDE A SPILL LTD"]);
  expect(await columnValues(session.current, "Sheet1", "H", 40, 1)).toEqual(before);
  expect(requests).toBe(1);
  await expectFitsAndAccessible(session.current);
});
