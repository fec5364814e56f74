/**
 * What changed, end to end: the sandbox changes five of eight companies; after Refresh workbook the
 * view lists exactly the values that moved, old and new, and writes them as a change report;
 * Undo refresh puts every old value back in the cells without a request. The ribbon's Refresh
 * workbook ends with a notice of what changed that opens the view.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import {
  admin,
  expectFitsAndAccessible,
  numbersWithFormulas,
  openView,
  sandboxNumbers,
  signInWithSandbox,
  view as paneView,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

afterAll(async () => {
  await admin(session.current, "/reset", {}).catch(() => undefined);
});

test("lists the changed values after a refresh, and Undo refresh restores them with no request", async () => {
  const { page } = session.current;
  const numbers = (await sandboxNumbers(session.current, { Nations: ["Wales"] })).slice(0, 8);
  await numbersWithFormulas(session.current, numbers, (row) => [
    `=UKCO.FIELD(A${row},"CompanyName")`,
    `=UKCO.FIELD(A${row},"BestEstimateTurnover")`,
  ]);
  const before = await session.current.sim((api) => api.values("Sheet1!B2:C9"));

  // A field a formula fetched but no sheet shows any more.
  await session.current.sim((api) => api.setCell("Sheet1!D2", [['=UKCO.FIELD(A2,"BestEstimateUKEmployees")']]));
  await session.current.sim((api) => api.whenCalculated(30_000));
  await session.current.sim((api) => api.clear("Sheet1!D2"));

  const changed = [0, 2, 3, 5, 7].map((i) => numbers[i]!);
  for (const [i, number] of changed.entries())
    await admin(session.current, `/companies/${number}`, {
      CompanyName: `RENAMED ${i} LTD`,
      BestEstimateTurnover: 4242 + i,
      ...(i === 0 ? { BestEstimateUKEmployees: 777 } : {}),
    });

  const workbook = await openView(page, "Workbook data");
  await workbook.getByRole("button", { name: "Refresh workbook" }).click();
  await workbook.getByText("Refreshing every UKCO formula in the workbook.").waitFor();
  await session.current.sim((api) => api.whenCalculated(30_000));
  const after = await session.current.sim((api) => api.values("Sheet1!B2:C9"));
  expect(after[0]).toEqual(["RENAMED 0 LTD", 4242]);

  const view = await openView(page, "What changed");
  await view
    .getByTestId("changes-summary")
    .getByText("8 companies refreshed: 11 values changed in 5 companies.")
    .waitFor({ timeout: 10_000 });
  const changedCells = changed.flatMap((number) => {
    const row = numbers.indexOf(number) + 2;
    return [`Sheet1!B${row}`, `Sheet1!C${row}`];
  });
  // Go to names the cell with its sheet.
  await view.getByRole("button", { name: `Go to ${changedCells[0]}`, exact: true }).waitFor({ timeout: 10_000 });
  expect(await view.getByRole("button", { name: `Go to ${changedCells[0]}`, exact: true }).innerText()).toBe(
    changedCells[0],
  );
  // Each row: the company by its (new) name, the field by its label, short figures, the difference.
  const table = view.getByTestId("changes-table");
  await table.getByTestId("change-company").getByText("RENAMED 0 LTD").first().waitFor({ timeout: 10_000 });
  const rows = await table
    .getByTestId("change-row")
    .evaluateAll((trs) =>
      trs.map((tr) =>
        ["change-company", "change-field", "change-before", "change-after"].map(
          (id) => (tr.querySelector(`[data-testid="${id}"]`) as HTMLElement | null)?.innerText.trim() ?? "",
        ),
      ),
    );
  const figure = (value: unknown) => (value === "" ? "(empty)" : Number(value).toLocaleString("en-GB"));
  const short = (value: unknown) =>
    value === "" ? "(empty)" : Number(value) >= 1e4 ? expect.stringMatching(/^[\d.]+(k|m|bn)$/) : figure(value);
  const listed = changed.flatMap((number, i) => {
    const row = numbers.indexOf(number);
    return [
      [`RENAMED ${i} LTD`, "Registered name", String(before[row]![0]), `RENAMED ${i} LTD`],
      [`RENAMED ${i} LTD`, "Turnover, best estimate (£)", short(before[row]![1]), figure(4242 + i)],
    ];
  });
  expect(rows).toEqual(listed);
  const differences = await table.getByTestId("change-difference").allInnerTexts();
  changed.forEach((number, i) => {
    const was = before[numbers.indexOf(number)]![1];
    if (typeof was === "number") expect(differences[2 * i + 1]).toMatch(/^[+−][\d.,]+(k|m|bn)?\n[+−][\d.,]+%$/);
  });
  // The field no sheet shows waits behind its toggle.
  const toggle = view.getByTestId("changes-unshown-toggle");
  expect(await toggle.innerText()).toBe("Fields no sheet shows (1)");
  await toggle.click();
  const unshown = await view.getByTestId("changes-unshown-table").getByTestId("change-row").allInnerTexts();
  expect(unshown).toEqual([expect.stringContaining("UK employees, best estimate")]);
  expect(await view.innerText()).not.toContain("[object");

  // Highlight the changed cells and nothing else; clearing puts every fill back as it was.
  const fillOf = (cells: string[]) =>
    session.current.sim((api, list) => list.map((a) => api.cell(a).fill ?? null), cells);
  const untouched = ["Sheet1!B3", "Sheet1!C3", "Sheet1!B6"];
  const fillsBefore = await fillOf([...untouched, ...changedCells]);
  await view.getByRole("button", { name: "Highlight changed cells" }).click();
  await view.getByText("Highlighted 10 changed cells.").waitFor({ timeout: 10_000 });
  const highlighted = await fillOf(changedCells);
  expect(new Set(highlighted).size).toBe(1);
  expect(highlighted[0]).not.toBeNull();
  expect(await fillOf(untouched)).toEqual(fillsBefore.slice(0, untouched.length));
  await view.getByRole("button", { name: "Clear highlight" }).click();
  await view.getByText("Cleared the highlight; 10 cells back as they were.").waitFor({ timeout: 10_000 });
  expect(await fillOf([...untouched, ...changedCells])).toEqual(fillsBefore);

  await view.getByRole("button", { name: `Go to ${changedCells[1]}`, exact: true }).click();
  await expect(session.current.sim((api) => api.selectedAddress())).resolves.toMatch(
    new RegExp(`${changedCells[1]!.split("!")[1]}$`),
  );

  // The report uses the same words; numbers stay numbers.
  await view.getByRole("button", { name: "Write a change report" }).click();
  await view.getByText(/^Wrote the changes as table UKCO_Changes_1 at /).waitFor({ timeout: 10_000 });
  const report = await session.current.sim((api) => api.tables().find((t) => t.name === "UKCO_Changes_1"));
  expect(report).toMatchObject({
    headers: ["Company number", "Company name", "Field", "Before", "After", "Difference", "Change"],
    rowCount: 11,
  });
  const reportRows = (await session.current.sim((api, address) => api.values(address), report!.address)).slice(1);
  expect(reportRows.map((r) => r.slice(0, 3).map(String))).toEqual(
    expect.arrayContaining(
      changed.flatMap((number, i) => [
        [number, `RENAMED ${i} LTD`, "Registered name"],
        [number, `RENAMED ${i} LTD`, "Turnover, best estimate (£)"],
      ]),
    ),
  );
  const turnoverRow = reportRows.find((r) => r[0] === changed[1] && r[2] === "Turnover, best estimate (£)")!;
  expect(turnoverRow[4]).toBe(4243);
  if (typeof turnoverRow[3] === "number") expect(turnoverRow[5]).toBe(4243 - turnoverRow[3]);
  expect(JSON.stringify(reportRows)).not.toContain("[object");
  await session.current.screenshot("pane-what-changed");
  expect(await session.current.axe({ include: ["#root"] })).toEqual([]);

  let requests = 0;
  page.on("request", (request) => {
    if (request.url().includes("/sandbox/product/")) requests += 1;
  });
  await view.getByRole("button", { name: "Undo refresh" }).click();
  await view.getByText(/^Put back the values of 8 companies from before the refresh/).waitFor({ timeout: 10_000 });
  await session.current.sim((api) => api.whenCalculated(30_000));
  expect(await session.current.sim((api) => api.values("Sheet1!B2:C9"))).toEqual(before);
  expect(requests).toBe(0);
  await expectFitsAndAccessible(session.current);
});

test("the ribbon's Refresh workbook ends with a notice of what changed, which opens What changed", async () => {
  const { page } = session.current;
  const number = String((await session.current.sim((api) => api.values("Sheet1!A3")))[0]![0]);
  // The workbook holds the values from before the undone refresh: the sandbox goes back to them too.
  await admin(session.current, "/reset", {});
  await admin(session.current, `/companies/${number}`, { CompanyName: "RENAMED BY RIBBON LTD" });
  await openView(page, "Workbook data");

  const run = await session.current.sim((api) => api.clickRibbon("Refresh workbook"));
  expect(run).toMatchObject({ completed: true });
  const notice = page.getByTestId("refresh-notice");
  await notice.getByText("Refresh workbook").waitFor({ timeout: 30_000 });
  await expect(notice.innerText()).resolves.toContain("8 companies refreshed: 1 value changed in 1 company.");
  await notice.getByRole("button", { name: "Show what changed" }).click();
  const changes = paneView(page, "changes");
  await changes.getByTestId("changes-summary").getByText("1 value changed in 1 company").waitFor({ timeout: 10_000 });
  const rows = await changes.getByTestId("changes-table").locator("tbody tr").allInnerTexts();
  expect(rows).toEqual([expect.stringContaining("Registered name")]);
  expect(rows[0]).toContain("RENAMED BY RIBBON LTD");
  expect(rows[0]).toContain(number);
  await expectFitsAndAccessible(session.current);
});
