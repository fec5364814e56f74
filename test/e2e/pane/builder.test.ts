/**
 * Build a table, end to end in a 320 px pane: the builder reads a column of company numbers,
 * finds fields by words, previews three rows, and inserts one spilled UKCO.FIELD formula whose
 * table equals the same fields asked cell by cell (and the names the sandbox sends); it refuses
 * to write over data; and an existing formula opened from the selection, edited and written
 * back changes as expected.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import { fieldLabel } from "../../../src/core/field-labels";
import {
  expectFitsAndAccessible,
  openView,
  sandboxNumbers,
  sandboxRecords as recordsOf,
  signInWithSandbox,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({
  sandbox: { companies: 2_000, seed: 42 },
  simConfig: { ui: false },
  viewport: { width: 320, height: 1_000 },
});

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

const sandboxRecords = (numbers: string[]) => recordsOf(session.current, numbers);

const FIELDS = ["CompanyName", "BestEstimateTurnover", "CompanyFinancials_Vendor[0].TURNOVER"];
const LABELS = FIELDS.map(fieldLabel);
/** The table's formula as the builder writes it: the field names in it, the labels in the header. */
const spilled = (numbers: string, fields: readonly string[]) =>
  `=UKCO.FIELD(${numbers},{${fields.map((f) => `"${f}"`).join(",")}})`;

test("inserts a spilled table equal to the fields asked cell by cell, and edits it back", async () => {
  const { page } = session.current;
  const sim = session.current.sim.bind(session.current);
  const numbers = (await sandboxNumbers(session.current, { Nations: ["Wales"] })).slice(0, 5);
  await sim((api, n) => {
    api.setCell("Sheet1!A1", [["Company number"], ...n.map((x) => [`'${x}`])]);
    api.select("Sheet1!A1:A6");
  }, numbers);

  const view = await openView(page, "Build a table");
  await view.getByRole("button", { name: "Use the selected column" }).click();
  await view.getByText("Using Sheet1!A1:A6: 5 rows of company numbers, below a header cell.").waitFor();

  // "turnover" lists the best estimate first, by its label with its unit; the growth rate is
  // there too, and the filings' TURNOVER (read through a list) waits under "More fields".
  const search = view.getByRole("searchbox", { name: "Search fields" });
  await search.fill("turnover");
  const results = view.getByTestId("builder-results");
  expect(await results.getByRole("checkbox").first().getAttribute("id")).toBe(
    await results.getByRole("checkbox", { name: "Turnover, best estimate (£)", exact: true }).getAttribute("id"),
  );
  await results.getByRole("checkbox", { name: "Turnover growth a year (%)", exact: true }).waitFor();
  expect(await results.getByText(/BestEstimateTurnover · a whole number · /).count()).toBe(1);
  expect(await results.getByRole("checkbox", { name: LABELS[2], exact: true }).count()).toBe(0);
  await results.getByRole("button", { name: /^More fields: \d+ from lists/ }).click();
  await results.getByRole("checkbox", { name: LABELS[2], exact: true }).waitFor();
  await search.fill("registered name");
  await results.getByRole("checkbox", { name: LABELS[0], exact: true }).check();
  await search.fill("turnover");
  await results.getByRole("checkbox", { name: LABELS[2], exact: true }).check();
  await results.getByRole("checkbox", { name: LABELS[1], exact: true }).check();
  // Chosen fields can be reordered: the filings' turnover moves after the best estimate.
  const chosen = view.getByTestId("builder-chosen");
  await chosen.getByRole("button", { name: `Move ${LABELS[1]} up` }).click();
  expect(await chosen.locator("li").allInnerTexts()).toEqual(LABELS.map((l) => expect.stringContaining(l)));

  const preview = view.getByTestId("builder-preview");
  await preview.locator("tbody tr").nth(2).waitFor({ timeout: 30_000 });
  const previewRows = (await preview.locator("tbody tr").allInnerTexts()).map((r) =>
    r.split("\t").map((c) => c.trim()),
  );

  // Data just right of the column moves the table to the first empty columns after it.
  await sim((api) => api.setCell("Sheet1!B4", [["my note"]]));
  await view.getByRole("button", { name: "Insert table" }).click();
  await view
    .getByText(`Inserted the table at Sheet1!C1:E6: ${spilled("A2:A6", FIELDS)} in C2.`)
    .waitFor({ timeout: 10_000 });
  expect((await sim((api) => api.cell("Sheet1!C2"))).formula).toBe(spilled("A2:A6", FIELDS));

  // The same fields, one formula per cell, far to the right.
  await sim((api, fields) => {
    api.setCell(
      "Sheet1!J2",
      [0, 1, 2, 3, 4].map((r) => fields.map((f) => `=UKCO.FIELD(A${r + 2},"${f}")`)),
    );
  }, FIELDS);
  await sim((api) => api.whenCalculated(30_000));
  const table = await sim((api) => api.values("Sheet1!C1:E6"));
  // The header speaks the analyst's words; money shows as the tearsheet shows it.
  expect(table[0]).toEqual(LABELS);
  expect(LABELS).toEqual(["Registered name", "Turnover, best estimate (£)", "Filed accounts: turnover (£)"]);
  const turnover = await sim((api) => api.cell("Sheet1!D3"));
  expect(turnover.numberFormat).toBe("#,##0");
  if (typeof turnover.value === "number" && turnover.value >= 1000) expect(turnover.text).toMatch(/^\d{1,3}(,\d{3})+$/);
  expect(table.slice(1)).toEqual(await sim((api) => api.values("Sheet1!J2:L6")));
  const records = await sandboxRecords(numbers);
  expect(table.slice(1).map((row) => row[0])).toEqual(records.map((r) => r.CompanyName));
  expect(table.slice(1).every((row) => row.every((cell) => !String(cell).startsWith("#")))).toBe(true);
  expect(previewRows).toEqual(table.slice(1, 4).map((row, r) => [numbers[r], ...row.map(String)]));
  expect(await sim((api) => api.values("Sheet1!B4"))).toEqual([["my note"]]);

  // At a chosen cell that holds data, nothing is written and the view says which cells.
  await view.getByRole("radio", { name: "At a cell (the header row goes there)" }).check();
  await view.getByRole("textbox", { name: "Cell for the table" }).fill("J1");
  await view.getByRole("button", { name: "Insert table" }).click();
  await view
    .getByTestId("error-bar")
    .getByText(/Nothing was written: Sheet1!J1:L6 holds data \(J2, K2, L2, J3, K3, …\)/)
    .waitFor();
  expect((await sim((api) => api.cell("Sheet1!J1"))).value).toBe("");

  await page.evaluate(() => window.scrollTo(0, 0));
  await session.current.screenshot("pane-builder-320");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  expect(await session.current.axe({ include: ["#root"] })).toEqual([]);

  // Edit: open the table's formula, swap the filings' TURNOVER for the postcode, add the status.
  await sim((api) => api.select("Sheet1!C2"));
  await view.getByRole("button", { name: "Edit selected formula" }).click();
  await view.getByText("Editing Sheet1!C2: 3 fields from the formula.", { exact: false }).waitFor();
  await view.getByRole("button", { name: `Remove ${LABELS[2]}` }).click();
  await search.fill("postcode");
  await results.getByRole("checkbox", { name: "Registered postcode", exact: true }).check();
  await search.fill("company status");
  await results.getByRole("checkbox", { name: "Status", exact: true }).check();
  await view.getByRole("button", { name: "Write back" }).click();
  const edit = ["CompanyName", "BestEstimateTurnover", "RegisteredPostcode", "CompanyStatus"];
  await view.getByText(`Wrote ${spilled("A2:A6", edit)} to Sheet1!C2.`).waitFor({ timeout: 10_000 });
  await sim((api) => api.whenCalculated(30_000));
  expect((await sim((api) => api.cell("Sheet1!C2"))).formula).toBe(spilled("A2:A6", edit));
  // The labels above the table follow the edit.
  const edited = await sim((api) => api.values("Sheet1!C1:F6"));
  expect(edited[0]).toEqual(edit.map(fieldLabel));
  expect(edited.slice(1).map((row) => row.slice(0, 2))).toEqual(table.slice(1).map((row) => row.slice(0, 2)));
  expect(edited.slice(1).map((row) => row.slice(2))).toEqual(
    records.map((r) => [r.RegisteredPostcode ?? "", r.CompanyStatus ?? ""]),
  );

  // An edit that would spill over data is refused, as is one to a cell changed since it was opened.
  await sim((api) => api.setCell("Sheet1!G3", [["keep me"]]));
  await search.fill("ipo");
  await results.getByRole("checkbox", { name: "Has listed (IPO)", exact: true }).check();
  await view.getByRole("button", { name: "Write back" }).click();
  await view
    .getByTestId("error-bar")
    .getByText(/Nothing was written: a cell the edited table would fill holds data \(G3\)/)
    .waitFor();
  expect((await sim((api) => api.cell("Sheet1!C2"))).formula).toBe(spilled("A2:A6", edit));
  expect((await sim((api) => api.cell("Sheet1!G1"))).value).toBe("");
  await sim((api) => api.setCell("Sheet1!C2", [["=UKCO.FIELD(A2:A6,C1:D1)"]]));
  await view.getByRole("button", { name: "Write back" }).click();
  await view
    .getByTestId("error-bar")
    .getByText(/Sheet1!C2 changed since it was opened/)
    .waitFor();
  expect((await sim((api) => api.cell("Sheet1!C2"))).formula).toBe("=UKCO.FIELD(A2:A6,C1:D1)");

  // A formula with its field names written in it keeps them there.
  await sim((api) => {
    api.setCell("Sheet1!N2", [['=UKCO.FIELD(A2,{"CompanyName","SICs"})']]);
    api.select("Sheet1!N2");
  });
  await view.getByRole("button", { name: "Edit selected formula" }).click();
  await view.getByText("Editing Sheet1!N2: 2 fields from the formula.", { exact: false }).waitFor();
  await view.getByRole("button", { name: "Remove SIC codes" }).click();
  // The preview follows the numbers: one company, then two once A2:A3 is typed.
  await preview.locator("tbody tr").nth(1).waitFor({ state: "detached", timeout: 10_000 });
  await view.getByRole("textbox", { name: "Company numbers" }).fill("A2:A3");
  await preview.locator("tbody tr").nth(1).waitFor({ timeout: 10_000 });
  expect(await preview.locator("tbody th").allInnerTexts()).toEqual(numbers.slice(0, 2));
  await view.getByRole("button", { name: "Write back" }).click();
  await view.getByText('Wrote =UKCO.FIELD(A2:A3,"CompanyName") to Sheet1!N2.').waitFor({ timeout: 10_000 });
  await sim((api) => api.whenCalculated(30_000));
  expect(await sim((api) => api.values("Sheet1!N2:N3"))).toEqual(table.slice(1, 3).map((row) => [row[0]]));
  expect(session.current.takePageErrors()).toEqual([]);
  await expectFitsAndAccessible(session.current);
});

test("a column of names gets a helper column of matches; a name without one spoils only its row", async () => {
  const { page } = session.current;
  const sim = session.current.sim.bind(session.current);
  await sim((api) => api.addSheet("Names"));
  const numbers = (await sandboxNumbers(session.current, { Nations: ["Scotland"] })).slice(0, 3);
  const names = (await sandboxRecords(numbers)).map((r) => String(r.CompanyName));
  const list = [names[0]!, "Zzqx Qwv Nonexistent Widgets", names[1]!, names[2]!];
  await sim((api, l) => {
    api.setCell("Names!A1", [["Company name"], ...l.map((x) => [x])]);
    api.activate("Names");
    api.select("Names!A1:A5");
  }, list);

  const view = await openView(page, "Build a table");
  await view.getByRole("button", { name: "Use the selected column" }).click();
  await view.getByText("Using Names!A1:A5: 4 rows of company names, below a header cell.").waitFor();
  await expect(view.getByRole("radio", { name: "A formula in each cell" }).isChecked()).resolves.toBe(true);
  for (const label of ["Registered name", "Status"]) {
    await view.getByRole("searchbox", { name: "Search fields" }).fill(label);
    await view.getByTestId("builder-results").getByRole("checkbox", { name: label, exact: true }).check();
  }
  // The view keeps the fields chosen before (the first test's); keep only these two.
  const chosen = view.getByTestId("builder-chosen");
  const keep = ["Remove Registered name", "Remove Status"];
  for (;;) {
    const labels = await chosen.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.ariaLabel ?? ""));
    const extra = labels.find((label) => label.startsWith("Remove ") && !keep.includes(label));
    if (extra === undefined) break;
    await chosen.getByRole("button", { name: extra, exact: true }).click();
  }
  await view.getByRole("radio", { name: "In the first empty columns right of the column" }).check();
  await view.getByRole("button", { name: "Insert table" }).click();
  await view
    .getByText(/^Inserted the table at Names!B1:D5: formulas from C2, such as =UKCO\.FIELD\(\$B2,"CompanyName"\)\./)
    .waitFor({
      timeout: 10_000,
    });
  await sim((api) => api.whenCalculated(30_000));
  const table = await sim((api) => api.values("Names!B1:D5"));
  expect(table[0]).toEqual(["Company number", "Registered name", "Status"]);
  expect((await sim((api) => api.cell("Names!B3"))).formula).toBe("=UKCO.MATCH(A3)");
  expect(table[2]).toEqual(["#N/A", "#N/A", "#N/A"]);
  for (const r of [1, 3, 4]) {
    expect(String(table[r]![0])).toMatch(/^[A-Z0-9]{8}$/);
    expect(table[r]![2]).not.toMatch(/^#/);
  }
  expect([1, 3, 4].map((r) => table[r]![1])).toEqual(names);
  await expectFitsAndAccessible(session.current);
});
