/**
 * What changed, end to end: the sandbox changes five of eight companies; after Refresh workbook the
 * view lists exactly the values that moved, old and new, and writes them as a change report;
 * Undo refresh puts every old value back in the cells without a request. The ribbon's Refresh
 * workbook ends with a notice of what changed that opens the view.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import {
  admin,
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

  const changed = [0, 2, 3, 5, 7].map((i) => numbers[i]!);
  for (const [i, number] of changed.entries())
    await admin(session.current, `/companies/${number}`, {
      CompanyName: `RENAMED ${i} LTD`,
      BestEstimateTurnover: 4242 + i,
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
    .getByText("8 companies refreshed: 10 values changed in 5 companies.")
    .waitFor({ timeout: 10_000 });
  const changedCells = changed.flatMap((number) => {
    const row = numbers.indexOf(number) + 2;
    return [`B${row}`, `C${row}`];
  });
  await view.getByRole("button", { name: `Go to Sheet1!${changedCells[0]}` }).waitFor({ timeout: 10_000 });
  const rows = await view.getByTestId("changes-table").locator("tbody tr").allInnerTexts();
  const listed = changed.flatMap((number, i) => {
    const row = numbers.indexOf(number);
    const turnover = before[row]![1] === "" ? "(empty)" : String(before[row]![1]);
    return [
      [number, "CompanyName", String(before[row]![0]), `RENAMED ${i} LTD`],
      [number, "BestEstimateTurnover", turnover, String(4242 + i)],
    ];
  });
  expect(rows.map((r) => r.split("\t").map((cell) => cell.trim()))).toEqual(
    listed.map((row, k) => [...row, changedCells[k]]),
  );

  // Highlight the changed cells and nothing else; clearing puts every fill back as it was.
  const fillOf = (cells: string[]) =>
    session.current.sim((api, list) => list.map((a) => api.cell(`Sheet1!${a}`).fill ?? null), cells);
  const untouched = ["B3", "C3", "B6"];
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

  await view.getByRole("button", { name: `Go to Sheet1!${changedCells[1]}` }).click();
  await expect(session.current.sim((api) => api.selectedAddress())).resolves.toMatch(new RegExp(`${changedCells[1]}$`));

  await view.getByRole("button", { name: "Write a change report" }).click();
  await view.getByText(/^Wrote the changes as table UKCO_Changes_1 at /).waitFor({ timeout: 10_000 });
  const report = await session.current.sim((api) => api.tables().find((t) => t.name === "UKCO_Changes_1"));
  expect(report).toMatchObject({ headers: ["CompanyNumber", "Field", "Before", "After"], rowCount: 10 });
  const reportRows = await session.current.sim((api, address) => api.values(address), report!.address);
  expect(reportRows.slice(1).map((r) => r.map(String))).toEqual(
    listed.map((row) => row.map((c) => (c === "(empty)" ? "" : c))),
  );
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
  expect(
    rows.map((r) =>
      r
        .split("\t")
        .slice(0, 2)
        .map((c) => c.trim()),
    ),
  ).toEqual([[number, "CompanyName"]]);
});
