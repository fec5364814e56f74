/**
 * The pane's import, end to end on the simulated host against a 60,000-company sandbox: sign in,
 * a filtered import compared with the sandbox's own answer, insights as charts, a 50,000-row
 * import cancelled midway, and "Refresh this table" after the sandbox's data changed, of a table
 * headed by labels and of one headed by field names, as imports were before labels.
 */
import { SAMPLE_RTICS } from "../../../sandbox/data/rtics";
import { DEFAULT_COLUMNS } from "../../../src/core/import/columns";
import { assertDistBuilt, useAddinSession } from "../harness";
import {
  admin,
  columnValues,
  expectFitsAndAccessible,
  expectNoSecret,
  openView,
  pane,
  sandboxNumbers,
  signInWithSandbox,
  storedJwt,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 60_000, seed: 42 } });
const consoleText: string[] = [];

beforeAll(() => {
  session.current.page.on("console", (message) => consoleText.push(message.text()));
});

async function chooseCodes(view: import("playwright-core").Locator, picker: string, option: RegExp) {
  const page = session.current.page;
  await view.getByRole("combobox", { name: picker }).click();
  await page.getByRole("option", { name: option }).click();
  await page.keyboard.press("Escape");
}

/**
 * Waits until the count shown is one `shown` accepts, and returns it. The count is redone after a short quiet
 * time, and "Counting matches…" may come and go between two looks, so the test waits for the answer it expects
 * for the new query rather than for the busy state.
 */
async function waitForCount(view: import("playwright-core").Locator, shown: RegExp | number): Promise<number> {
  const text =
    typeof shown === "number"
      ? `${shown.toLocaleString("en-GB")} compan${shown === 1 ? "y matches" : "ies match"}.`
      : shown;
  const found = await view.getByTestId("match-count").getByText(text).innerText({ timeout: 30_000 });
  return Number(found.replace(/[^\d]/g, ""));
}

/** "Refresh this table" in the Workbook view, waiting until the refresh has written its rows; what it says. */
async function refreshTable(table: string): Promise<string> {
  const view = await openView(session.current.page, "Workbook data");
  await view.getByRole("button", { name: `Refresh this table (${table})` }).click();
  return view
    .getByTestId("done-bar")
    .getByText(new RegExp(`Refreshed .* into table ${table}\\b`))
    .innerText({ timeout: 50_000 });
}

/** The default columns, A to J, as labels and as the field names imports wrote before labels. */
const LABELS = [
  "Company number",
  "Registered name",
  "Status",
  "Incorporated on",
  "Registered postcode",
  "Nation",
  "SIC codes",
  "Website",
  "Turnover, best estimate (£)",
  "Employees, best estimate",
];
const FIELD_NAMES = [...DEFAULT_COLUMNS];

test("signs in with the sandbox credentials; no credential shows in the page, the console or the workbook", async () => {
  const { page } = session.current;
  await signInWithSandbox(page);
  const cards = pane(page);
  await expect(cards.getByTestId("card-product").getByText("Signed in", { exact: true }).isVisible()).resolves.toBe(
    true,
  );
  await expect(
    cards
      .getByTestId("card-classification")
      .getByText(/Signed in as analyst@sandbox.local until/)
      .isVisible(),
  ).resolves.toBe(true);
  await session.current.screenshot("pane-sign-in");
  const jwt = await storedJwt(page);
  expect(jwt).toMatch(/^ey/);
  expectNoSecret(await page.locator("body").innerText(), "the page text", jwt);
  expectNoSecret(consoleText.join("\n"), "the console", jwt);
  expectNoSecret(JSON.stringify(await session.current.sim((api) => api.snapshot())), "the workbook", jwt);
  await expectFitsAndAccessible(session.current);
});

test("imports a filtered list onto a new sheet as a table whose rows are the sandbox's own answer", async () => {
  const { page } = session.current;
  const view = await openView(page, "Import companies");
  await chooseCodes(view, "Nations", /Scotland/);
  const expected = await sandboxNumbers(session.current, { Nations: ["Scotland"] });
  const count = await waitForCount(view, expected.length);
  expect(count).toBeGreaterThan(4_500);
  await view.getByRole("switch", { name: /Show insights/ }).click();
  await view.getByRole("img", { name: /Companies by RTIC/ }).waitFor();
  await session.current.screenshot("pane-import-insights");
  expect(await session.current.axe({ include: ["#root"] })).toEqual([]);
  await view.getByRole("button", { name: `Import ${count.toLocaleString("en-GB")} companies to a new sheet` }).click();
  await view
    .getByTestId("done-bar")
    .getByText(/Imported/)
    .waitFor({ timeout: 50_000 });
  const [table] = await session.current.sim((api) => api.tables());
  expect(table).toMatchObject({ name: "UKCO_Import_1", sheet: "Companies", rowCount: count });
  expect(table!.headers).toEqual(LABELS);
  expect(await columnValues(session.current, "Companies", "A", 4, count)).toEqual(expected);
  // Values as the sandbox holds them, in the formats the table builder gives the same fields.
  const sample = expected[17]!;
  const record = (await admin(session.current, `/companies/${sample}`)) as {
    CompanyName: string;
    BestEstimateTurnover?: number;
  };
  const row = 4 + 17;
  expect(
    await session.current.sim((api, r) => [api.cell(`Companies!B${r}`).value, api.cell(`Companies!I${r}`)], row),
  ).toEqual([
    record.CompanyName,
    expect.objectContaining({
      value: record.BestEstimateTurnover ?? "",
      ...(record.BestEstimateTurnover !== undefined ? { numberFormat: "#,##0" } : {}),
    }),
  ]);
  const formats = await session.current.sim((api) =>
    ["D4", "I4", "J4"].map((cell) => api.cell(`Companies!${cell}`).numberFormat),
  );
  expect(formats).toEqual(["d mmm yyyy", "#,##0", "#,##0"]);
  expect(await session.current.sim((api) => api.cell("Companies!A1").value)).toMatch(
    new RegExp(`^UK company data as of .* UTC · Nations: Scotland · ${count.toLocaleString("en-GB")} companies$`),
  );
  await session.current.screenshot("pane-import-done");
  await expectFitsAndAccessible(session.current);
});

test("cancelling a 50,000-row import midway keeps the rows written so far and says so above the table", async () => {
  const { page } = session.current;
  const view = await openView(page, "Import companies");
  await view.getByRole("list", { name: "Chosen Nations" }).getByRole("button", { name: "Remove Scotland" }).click();
  await chooseCodes(view, "Company status", /^Active$/);
  // Scotland alone matched under 10,000; the count for every active company has five digits or more.
  const count = await waitForCount(view, /^\d{2,3},\d{3} companies match\.$/);
  expect(count).toBeGreaterThan(50_000);
  await view.getByRole("button", { name: /^Import .* companies to a new sheet$/ }).click();
  const progress = view.getByTestId("import-progress");
  await progress.getByText(/^[3-9],\d{3} of|^\d{2},\d{3} of/).waitFor({ timeout: 50_000 });
  await session.current.screenshot("pane-import-progress");
  await progress.getByRole("button", { name: "Cancel" }).click();
  const done = view.getByTestId("done-bar").getByText(/^Cancelled after/);
  const message = await done.innerText({ timeout: 30_000 });
  const kept = Number(/Cancelled after ([\d,]+)/.exec(message)![1]!.replace(/,/g, ""));
  expect(kept).toBeGreaterThanOrEqual(3_000);
  expect(kept).toBeLessThan(count);
  const table = (await session.current.sim((api) => api.tables())).find((t) => t.name === "UKCO_Import_2")!;
  expect(table).toMatchObject({ sheet: "Companies (2)", rowCount: kept });
  expect(await session.current.sim((api) => api.cell("'Companies (2)'!A1").value)).toMatch(
    new RegExp(`cancelled after ${kept.toLocaleString("en-GB")} of ${count.toLocaleString("en-GB")} companies$`),
  );
  const last = await session.current.sim((api, r) => api.cell(`'Companies (2)'!A${r}`).value, 3 + kept);
  expect(last).toMatch(/^\w{8}$/);
  await expectFitsAndAccessible(session.current);
});

test("refreshing a table after the sandbox's data changed shows the new value in place; a formula beside it keeps working", async () => {
  const firstNumber = (await session.current.sim((api) => api.cell("Companies!A4").value)) as string;
  await session.current.sim((api) => api.setCell("Companies!L4", '=UKCO.FIELD(A4,"CompanyNumber")'));
  await session.current.sim((api) => api.whenCalculated(20_000));
  expect(await session.current.sim((api) => api.cell("Companies!L4").value)).toBe(firstNumber);
  await admin(session.current, `/companies/${firstNumber}`, {
    BestEstimateTurnover: 987_654_321,
    CompanyStatus: "Liquidation",
  });
  expect(await refreshTable("UKCO_Import_1")).toMatch(/; 2 values changed in 1 row\./);
  expect(await session.current.sim((api) => [api.cell("Companies!A4").value, api.cell("Companies!I4")])).toEqual([
    firstNumber,
    expect.objectContaining({ value: 987_654_321, numberFormat: "#,##0", text: "987,654,321" }),
  ]);
  expect((await session.current.sim((api) => api.tables())).find((t) => t.name === "UKCO_Import_1")!.headers).toEqual(
    LABELS,
  );
  const formula = await session.current.sim((api) => api.cell("Companies!L4"));
  expect(formula).toMatchObject({ formula: '=UKCO.FIELD(A4,"CompanyNumber")', value: firstNumber });
  expect(await session.current.sim((api) => api.cell("Companies!A1").value)).toMatch(/^UK company data as of /);
  await session.current.screenshot("pane-workbook-refreshed");
  expect(await session.current.axe({ include: ["#root"] })).toEqual([]);
  await admin(session.current, "/reset", {});
  await expectFitsAndAccessible(session.current);
});

test("a table imported when headers were field names refreshes with its changes counted, keeping the names a formula reads", async () => {
  // From the sandbox as it is now, so the refresh below meets one change only.
  await refreshTable("UKCO_Import_1");
  await session.current.sim(
    (api, names) => names.forEach((name, c) => api.setCell(`Companies!${"ABCDEFGHIJ"[c]}3`, name)),
    FIELD_NAMES,
  );
  const number = (await session.current.sim((api) => api.cell("Companies!A5").value)) as string;
  // A formula that reads a header cell as its field, as one beside an older import may.
  await session.current.sim((api) => api.setCell("Companies!L5", "=UKCO.FIELD(A5,I$3)"));
  await session.current.sim((api) => api.whenCalculated(20_000));
  const turnover = await session.current.sim((api) => api.cell("Companies!I5").value);
  expect(await session.current.sim((api) => api.cell("Companies!L5").value)).toBe(turnover);
  // Both estimates, as the sandbox gives a company without estimates both at once.
  await admin(session.current, `/companies/${number}`, {
    BestEstimateTurnover: 123_456_789,
    BestEstimateEmployees: 4_321,
  });

  expect(await refreshTable("UKCO_Import_1")).toMatch(/; 2 values changed in 1 row\./);
  expect((await session.current.sim((api) => api.tables())).find((t) => t.name === "UKCO_Import_1")!.headers).toEqual(
    FIELD_NAMES,
  );
  expect(await session.current.sim((api) => ["I5", "J5"].map((cell) => api.cell(`Companies!${cell}`)))).toEqual([
    expect.objectContaining({ value: 123_456_789, numberFormat: "#,##0" }),
    expect.objectContaining({ value: 4_321, numberFormat: "#,##0" }),
  ]);
  expect(await session.current.sim((api) => api.cell("Companies!L5"))).toMatchObject({
    formula: "=UKCO.FIELD(A5,I$3)",
    value: turnover,
  });
  await admin(session.current, "/reset", {});
});

test("an import by RTIC names the code beside it in the line above its table, and the name stays after a refresh", async () => {
  const { page } = session.current;
  const name = SAMPLE_RTICS.find((r) => r.Code === "RTIC-0042")!.Description;
  const view = await openView(page, "Import companies");
  await view
    .getByRole("list", { name: "Chosen Company status" })
    .getByRole("button", { name: "Remove Active" })
    .click();
  await chooseCodes(view, "Nations", /Wales/);
  // Typed to narrow: the list shows only the first codes of the catalogue.
  const rtics = view.getByRole("combobox", { name: /^RTIC/ });
  await rtics.click();
  await rtics.pressSequentially("RTIC-0042");
  await page.getByRole("option", { name: /^RTIC-0042 / }).click();
  await page.keyboard.press("Escape");
  const expected = await sandboxNumbers(session.current, { rtics: ["RTIC-0042"], Nations: ["Wales"] });
  const count = await waitForCount(view, expected.length);
  await view
    .getByRole("button", {
      name: `Import ${count.toLocaleString("en-GB")} compan${count === 1 ? "y" : "ies"} to a new sheet`,
    })
    .click();
  await view
    .getByTestId("done-bar")
    .getByText(/^Imported/)
    .waitFor({ timeout: 50_000 });
  const table = (await session.current.sim((api) => api.tables())).find((t) => t.name === "UKCO_Import_3")!;
  const line = `RTICs: RTIC-0042 ${name}; Nations: Wales · `;
  const asOf = (sheet: string) => session.current.sim((api, s) => api.cell(`'${s}'!A1`).value, sheet);
  expect(await asOf(table.sheet)).toContain(line);

  await refreshTable("UKCO_Import_3");
  expect(await asOf(table.sheet)).toContain(line);
  await expectFitsAndAccessible(session.current);
});
