/**
 * A spilled table is as first-class as single cells: =UKCO.FIELD(A2:A5, B1:C1) spills one formula
 * over a table, and About this value on any cell of it names that cell's company (its row) and
 * field (its column); after a refresh that moves some of its values, What changed lists those very
 * cells, highlights them and nothing else, and Undo refresh puts the old values back. A table a
 * function spills of its own (UKCO.HISTORY's years) is read the same way, down to the year.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import { expectFitsAndAccessible, admin, openView, sandboxNumbers, signInWithSandbox } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

afterAll(async () => {
  await admin(session.current, "/reset", {}).catch(() => undefined);
});

test("a spilled FIELD table's cells are described, listed, highlighted and undone like single cells", async () => {
  const { page } = session.current;
  const numbers = (await sandboxNumbers(session.current, { Nations: ["Wales"] })).slice(0, 4);
  await session.current.sim((api, list) => {
    list.forEach((n, i) => api.setCell(`Sheet1!A${i + 2}`, `'${n}`));
    api.setCell("Sheet1!B1", "CompanyName");
    api.setCell("Sheet1!C1", "BestEstimateTurnover");
    api.setCell("Sheet1!E2", "=UKCO.FIELD(A2:A5,B1:C1)");
  }, numbers);
  await session.current.sim((api) => api.whenCalculated(30_000));
  const before = await session.current.sim((api) => api.values("Sheet1!E2:F5"));
  expect(before.map((row) => typeof row[0])).toEqual(["string", "string", "string", "string"]);

  // Inside the spill, not its anchor: the third company's turnover.
  await session.current.sim((api) => api.select("Sheet1!F4"));
  const about = await openView(page, "About this value");
  await about.getByTestId("about-company").getByText(numbers[2]!).waitFor({ timeout: 10_000 });
  expect(await about.getByTestId("about-field").innerText()).toBe("BestEstimateTurnover");
  await session.current.sim((api) => api.select("Sheet1!E2"));
  await about.getByTestId("about-company").getByText(numbers[0]!).waitFor({ timeout: 10_000 });
  expect(await about.getByTestId("about-field").innerText()).toBe("CompanyName");

  await admin(session.current, `/companies/${numbers[1]}`, { CompanyName: "RENAMED IN A SPILL LTD" });
  await admin(session.current, `/companies/${numbers[3]}`, { BestEstimateTurnover: 4343 });
  const workbook = await openView(page, "Workbook data");
  await workbook.getByRole("button", { name: "Refresh workbook" }).click();
  await workbook.getByText("Refreshing every UKCO formula in the workbook.").waitFor();
  await session.current.sim((api) => api.whenCalculated(30_000));
  const after = await session.current.sim((api) => api.values("Sheet1!E2:F5"));
  expect(after[1]![0]).toBe("RENAMED IN A SPILL LTD");
  expect(after[3]![1]).toBe(4343);

  const view = await openView(page, "What changed");
  const changedCells = ["E3", "F5"];
  for (const cell of changedCells)
    await view.getByRole("button", { name: `Go to Sheet1!${cell}` }).waitFor({ timeout: 10_000 });
  const fillOf = (cells: string[]) =>
    session.current.sim((api, list) => list.map((a) => api.cell(`Sheet1!${a}`).fill ?? null), cells);
  const untouched = ["E2", "F2", "E4", "F4", "E5", "F3"];
  const fillsBefore = await fillOf(untouched);
  await view.getByRole("button", { name: "Highlight changed cells" }).click();
  await view.getByText("Highlighted 2 changed cells.").waitFor({ timeout: 10_000 });
  const highlighted = await fillOf(changedCells);
  expect(highlighted[0]).not.toBeNull();
  expect(highlighted[1]).toBe(highlighted[0]);
  expect(await fillOf(untouched)).toEqual(fillsBefore);
  await view.getByRole("button", { name: "Clear highlight" }).click();
  await view.getByText(/^Cleared the highlight/).waitFor({ timeout: 10_000 });

  await view.getByRole("button", { name: "Undo refresh" }).click();
  await view.getByText(/^Put back the values of 4 companies from before the refresh/).waitFor({ timeout: 10_000 });
  await session.current.sim((api) => api.whenCalculated(30_000));
  expect(await session.current.sim((api) => api.values("Sheet1!E2:F5"))).toEqual(before);
  await expectFitsAndAccessible(session.current);
});

type Filing = Record<string, unknown>;

/** A company whose last three filed years each show a turnover, from the sandbox's own records. */
async function companyWithTurnovers(): Promise<{ number: string; filings: Filing[] }> {
  for (const number of (await sandboxNumbers(session.current, { Nations: ["Scotland"] })).slice(0, 200)) {
    const record = (await admin(session.current, `/companies/${number}`)) as { CompanyFinancials_Vendor?: Filing[] };
    const filings = record.CompanyFinancials_Vendor ?? [];
    const years = [...new Set(filings.map((f) => Number(f.YEAR)))].sort((a, b) => a - b).slice(-3);
    const turnovers = years.flatMap((year) => filings.filter((f) => Number(f.YEAR) === year).map((f) => f.TURNOVER));
    if (years.length === 3 && turnovers.every((t) => typeof t === "number")) return { number, filings };
  }
  throw new Error("the sandbox has no company with three years of turnover");
}

test("a refreshed HISTORY table's restated year is the one cell listed, highlighted and undone; its cells name their company and year", async () => {
  const { page } = session.current;
  // Undo the first test's patches, so this refresh moves only what this test restates.
  await admin(session.current, "/reset", {});
  const { number, filings } = await companyWithTurnovers();
  await session.current.sim((api, n) => {
    api.addSheet("History");
    api.setCell("History!A1", `'${n}`);
    api.setCell("History!C2", '=UKCO.HISTORY(A1,"TURNOVER",3)');
  }, number);
  await session.current.sim((api) => api.whenCalculated(30_000));
  const before = await session.current.sim((api) => api.values("History!C2:D5"));
  expect(before[0]).toEqual(["Year", "TURNOVER"]);
  const [middleYear, newestYear] = [before[2]![0], before[3]![0]] as number[];

  // Inside the spill: the middle year's turnover.
  await session.current.sim((api) => api.select("History!D4"));
  const about = await openView(page, "About this value");
  await about.getByTestId("about-company").getByText(number).waitFor({ timeout: 10_000 });
  expect(await about.getByTestId("about-this-cell").innerText()).toBe(`TURNOVER in ${middleYear}`);

  // The newest year's accounts are restated: every filing of that year gets a new turnover.
  const restated = filings.map((f) =>
    Number(f.YEAR) === newestYear ? { ...f, TURNOVER: (f.TURNOVER as number) + 1_000 } : f,
  );
  await admin(session.current, `/companies/${number}`, { CompanyFinancials_Vendor: restated });
  const workbook = await openView(page, "Workbook data");
  await workbook.getByRole("button", { name: "Refresh workbook" }).click();
  await workbook.getByText("Refreshing every UKCO formula in the workbook.").waitFor();
  await session.current.sim((api) => api.whenCalculated(30_000));
  const after = await session.current.sim((api) => api.values("History!C2:D5"));
  expect(after[3]![1]).toBe((before[3]![1] as number) + 1_000);
  expect(after.slice(0, 3)).toEqual(before.slice(0, 3));

  const view = await openView(page, "What changed");
  await view.getByRole("button", { name: "Go to History!D5" }).waitFor({ timeout: 10_000 });
  const fillOf = (cells: string[]) =>
    session.current.sim((api, list) => list.map((a) => api.cell(`History!${a}`).fill ?? null), cells);
  const untouched = ["C2", "D2", "C3", "D3", "C4", "D4", "C5"];
  const fillsBefore = await fillOf(untouched);
  await view.getByRole("button", { name: "Highlight changed cells" }).click();
  await view.getByText("Highlighted 1 changed cell.").waitFor({ timeout: 10_000 });
  expect((await fillOf(["D5"]))[0]).not.toBeNull();
  expect(await fillOf(untouched)).toEqual(fillsBefore);
  await view.getByRole("button", { name: "Clear highlight" }).click();
  await view.getByText(/^Cleared the highlight/).waitFor({ timeout: 10_000 });

  await view.getByRole("button", { name: "Undo refresh" }).click();
  await view.getByText(/^Put back the values of/).waitFor({ timeout: 10_000 });
  await session.current.sim((api) => api.whenCalculated(30_000));
  expect(await session.current.sim((api) => api.values("History!C2:D5"))).toEqual(before);
});
