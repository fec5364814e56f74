/**
 * The age of the stored values and "Refresh values older than N days", end to end, in the pane at
 * its narrowest (320 px) and in the dark theme. Days pass by moving the page's clock (Playwright's
 * clock): the add-in stamps each fetch with the page's Date.now(), so that clock is what makes a
 * value old, as days passing would. Values are really fetched at each moment, not seeded into the
 * store. The sandbox's clock is moved alongside, so the services and the add-in agree on the date.
 */
import type { Page, Request } from "playwright-core";
import { assertDistBuilt, useAddinSession } from "../harness";
import { expectFitsAndAccessible, admin, openView, pane, sandboxNumbers, signInWithSandbox } from "./pane-helpers";

const DAY_MS = 86_400_000;
const PANE_WIDTH = 320;

assertDistBuilt();
const session = useAddinSession({
  simConfig: { ui: false, theme: "dark" },
  viewport: { width: PANE_WIDTH, height: 1400 },
});

beforeAll(async () => {
  const { page } = session.current;
  // The fake clock has to be there before the add-in's scripts run, so the page loads again under it.
  await page.clock.install();
  await session.current.reopen();
  await signInWithSandbox(page);
});

/** Moves the page's clock (and the sandbox's) `days` ahead, firing no timers on the way. */
async function daysPass(page: Page, days: number): Promise<void> {
  const now = (await page.evaluate("Date.now()")) as number;
  await page.clock.setSystemTime(now + days * DAY_MS);
  await admin(session.current, "/clock", { advanceMs: days * DAY_MS });
}

/** Puts companies in column A from `firstRow`, with two UKCO.FIELD formulas each, and waits for their values. */
async function fetchRows(firstRow: number, numbers: readonly string[]): Promise<void> {
  await session.current.sim(
    (api, { firstRow, numbers }) => {
      numbers.forEach((n, i) => {
        const row = firstRow + i;
        api.setCell(`Sheet1!A${row}`, `'${n}`);
        api.setCell(`Sheet1!B${row}`, `=UKCO.FIELD(A${row},"CompanyName")`);
        api.setCell(`Sheet1!C${row}`, `=UKCO.FIELD(A${row},"CompanyNation")`);
      });
    },
    { firstRow, numbers },
  );
  await session.current.sim((api) => api.whenCalculated(30_000));
}

/** The company numbers asked for by each product request the page sends. */
function recordProductAsks(page: Page): { asks: string[][]; stop(): void } {
  const asks: string[][] = [];
  const listener = (request: Request) => {
    if (!request.url().endsWith("/sandbox/product/api/v2/companies")) return;
    const body = request.postDataJSON() as { CompanyNumbers?: string[] };
    asks.push(body.CompanyNumbers ?? []);
  };
  page.on("request", listener);
  return { asks, stop: () => page.off("request", listener) };
}

/** The age chart's text for screen readers, once it reads `expected` (the view re-reads every few seconds). */
async function ageChartReads(page: Page, expected: string): Promise<void> {
  await pane(page)
    .getByTestId("chart-age-companies")
    .locator("desc")
    .filter({ hasText: expected })
    .waitFor({ state: "attached", timeout: 10_000 });
}

test("the chart shows how old the values are, and 'older than 30 days' fetches only the companies older than that", async () => {
  const { page } = session.current;
  const numbers = (await sandboxNumbers(session.current, { Nations: ["Scotland"] })).slice(0, 9);
  const [old, middle, recent] = [numbers.slice(0, 4), numbers.slice(4, 6), numbers.slice(6, 9)];

  await fetchRows(2, old);
  await daysPass(page, 30);
  await fetchRows(2 + old.length, middle);
  await daysPass(page, 10);
  await fetchRows(2 + old.length + middle.length, recent);
  const before = await session.current.sim((api) => api.values("Sheet1!B2:C10"));
  expect(before.flat().every((v) => typeof v === "string" && v !== "" && !v.startsWith("#"))).toBe(true);

  const view = await openView(page, "Workbook data");
  await ageChartReads(
    page,
    "Companies by age (9 in all). Under a day: 3; 1–7 days: 0; 8–30 days: 2; 31–90 days: 4; Over 90 days: 0.",
  );
  const olderThan = view.getByTestId("refresh-older");
  await olderThan.getByText("9 companies stored; 4 fetched more than 30 days ago.").waitFor();

  const days = olderThan.getByRole("textbox", { name: "Older than, in days" });
  for (const bad of ["2.5", "-1", "thirty", ""]) {
    await days.fill(bad);
    await olderThan
      .getByText(
        bad === "" ? "Enter a number of days (0 or more)." : "Days must be a whole number, 0 or more (such as 30).",
      )
      .waitFor();
    expect(await olderThan.getByRole("button", { name: "Refresh values older than N days" }).isDisabled()).toBe(true);
  }
  await days.fill("10");
  await olderThan.getByText("9 companies stored; 6 fetched more than 10 days ago.").waitFor();
  await days.fill("30");
  await session.current.screenshot("pane-320-dark-age-before");

  const sent = recordProductAsks(page);
  await olderThan.getByRole("button", { name: "Refresh values older than 30 days" }).click();
  await view.getByText(/^Refreshing the 4 companies fetched more than 30 days ago \(before .* UTC\)/).waitFor();
  await session.current.sim((api) => api.whenCalculated(30_000));
  await olderThan.getByText("All 4 companies fetched again.").waitFor({ timeout: 10_000 });
  sent.stop();
  expect(sent.asks.flat().sort()).toEqual([...old].sort());

  await ageChartReads(
    page,
    "Companies by age (9 in all). Under a day: 7; 1–7 days: 0; 8–30 days: 2; 31–90 days: 0; Over 90 days: 0.",
  );
  await olderThan.getByText("9 companies stored; 0 fetched more than 30 days ago.").waitFor();
  expect(await session.current.sim((api) => api.values("Sheet1!B2:C10"))).toEqual(before);
  await session.current.screenshot("pane-320-dark-age-after");

  // The view stays usable at 320 px in the dark theme with both the chart and the refresh shown.
  expect(await page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")).toBe(0);
  await expectFitsAndAccessible(session.current);
});
