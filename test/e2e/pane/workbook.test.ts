/**
 * The workbook view end to end: what the workbook's store holds, refresh actions, Convert to
 * values (spilled results included) and Clear with its confirmation, asked in place.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import { expectFitsAndAccessible, openView, sandboxNumbers, signInWithSandbox } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 5_000, seed: 42 } });

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

test("Convert selection to values replaces UKCO formulas, spilled results included, and leaves other cells alone", async () => {
  const { page } = session.current;
  const numbers = (await sandboxNumbers(session.current, { Nations: ["Wales"] })).slice(0, 3);
  await session.current.sim((api, n) => {
    api.setCell(
      "Sheet1!A2",
      n.map((x) => [`'${x}`]),
    );
    api.setCell("Sheet1!B2", '=UKCO.FIELD(A2:A4,"CompanyName")');
    api.setCell("Sheet1!C2", '=UKCO.FIELD(A2,"CompanyNation")');
    api.setCell("Sheet1!D2", "my note");
  }, numbers);
  await session.current.sim((api) => api.whenCalculated(30_000));
  const before = await session.current.sim((api) => api.values("Sheet1!B2:D4"));
  expect(before[0]![1]).toBe("Wales");
  expect(before.map((r) => r[0])).toEqual([expect.any(String), expect.any(String), expect.any(String)]);

  const view = await openView(page, "Workbook data");
  await view
    .getByTestId("stat-companies")
    .getByText(/^[1-9]/)
    .waitFor({ timeout: 10_000 });
  await session.current.sim((api) => api.select("Sheet1!B2:D2"));
  await view.getByRole("button", { name: "Convert selection to values" }).click();
  await view.getByText("Converted 2 UKCO formulas to values (4 cells).").waitFor({ timeout: 20_000 });
  const after = await session.current.sim((api) => ["B2", "B3", "B4", "C2", "D2"].map((a) => api.cell(`Sheet1!${a}`)));
  expect(after.map((c) => c.formula)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  expect(after.map((c) => c.value)).toEqual([before[0]![0], before[1]![0], before[2]![0], "Wales", "my note"]);
  expect(after.map((c) => c.spilledFrom)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  await session.current.screenshot("pane-workbook-converted");
  await expectFitsAndAccessible(session.current);
});

test("refreshes the workbook, the sheet and the selection, saying how many formulas it re-entered", async () => {
  const { page } = session.current;
  await session.current.sim((api) => api.setCell("Sheet1!F2", '=UKCO.FIELD(A2,"CompanyName")'));
  await session.current.sim((api) => api.whenCalculated(30_000));
  const view = await openView(page, "Workbook data");
  await view.getByRole("button", { name: "Refresh this sheet" }).click();
  await view.getByText("Refreshed 1 UKCO formula on this sheet.").waitFor();
  await session.current.sim((api) => api.select("Sheet1!A1:B5"));
  await view.getByRole("button", { name: "Refresh selection" }).click();
  await view.getByText("Refreshed 0 UKCO formulas in the selection.").waitFor();
  await view.getByRole("button", { name: "Refresh workbook" }).click();
  await view.getByText("Refreshing every UKCO formula in the workbook.").waitFor();
  await session.current.sim((api) => api.whenCalculated(30_000));
  expect(await session.current.sim((api) => api.cell("Sheet1!F2").error)).toBeUndefined();
  await expectFitsAndAccessible(session.current);
});

test("shows what the store holds, and Clear empties it only after confirmation", async () => {
  const { page } = session.current;
  const view = await openView(page, "Workbook data");
  const companies = view.getByTestId("stat-companies");
  await companies.getByText(/^[1-9]/).waitFor({ timeout: 10_000 });
  expect(await view.getByTestId("stat-size").innerText()).toMatch(/^\d+ KB$/);
  expect(await view.getByTestId("stat-oldest-fetch").innerText()).toMatch(/UTC$/);
  // The question is asked in place, with focus on it; Keep it changes nothing and gives focus back.
  const clearButton = view.getByRole("button", { name: "Clear stored data…" });
  await clearButton.click();
  const question = view.getByTestId("confirm-clear");
  await question.getByText("Clear the add-in's data in this workbook?").waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
    "Clear the add-in's data in this workbook?",
  );
  await question.getByRole("button", { name: "Keep it" }).click();
  await question.waitFor({ state: "detached" });
  expect(await clearButton.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await companies.innerText()).not.toBe("0");
  // Escape closes it too.
  await clearButton.click();
  await question.waitFor();
  await page.keyboard.press("Escape");
  await question.waitFor({ state: "detached" });
  await clearButton.click();
  await session.current.screenshot("pane-workbook-clear-question");
  expect(await session.current.axe({ include: ["#root"] })).toEqual([]);
  await question.getByRole("button", { name: "Clear", exact: true }).click();
  await view.getByText("Cleared: the workbook's store is empty.").waitFor();
  await companies.getByText("0", { exact: true }).waitFor({ timeout: 10_000 });
  await session.current.screenshot("pane-workbook");
  await expectFitsAndAccessible(session.current);
});
