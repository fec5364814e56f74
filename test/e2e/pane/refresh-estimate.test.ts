/**
 * What a refresh will cost, before it starts: a refresh that sends more than usual (here 60 group
 * structures, a request each) first lists what it would send per service and waits; Cancel sends
 * nothing; confirming runs it, with a usage line of requests sent while it works. The ribbon's
 * refresh puts the same question in the pane.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import {
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
