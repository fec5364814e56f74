/**
 * The company tearsheet end to end in the simulated Excel against the sandbox: one click on a
 * selected company number makes a sheet of UKCO formulas whose values equal the record the sandbox
 * sends (read here straight from its API), with a native chart of each history pointed at the cells
 * its UKCO.HISTORY table spills into; a UKCO formula's company makes a second, numbered sheet; an
 * empty selection is named in the pane's message bar and makes no sheet.
 */
import { SANDBOX_CREDENTIALS } from "../../../sandbox/credentials";
import type { Dataset } from "../../../sandbox/data/dataset";
import { buildRecord } from "../../../sandbox/data/record";
import { layoutTearsheet, TEARSHEET, type TearsheetEntry } from "../../../src/core/tearsheet-template";
import { assertDistBuilt, useAddinSession, type AddinSession } from "../harness";
import { expectFitsAndAccessible, openView, signInWithSandbox } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 2_000, seed: 42 } });

type Item = Record<string, unknown>;
type SandboxRecord = Record<string, unknown> & {
  CompanyNumber: string;
  CompanyFinancials_Vendor?: Item[] | null;
  Investment?: Item[] | null;
  SICs?: string[] | null;
};

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
});

async function sandboxRecords(current: AddinSession, numbers: string[]): Promise<SandboxRecord[]> {
  const response = await fetch(`${current.sandbox!.urls.product}/v2/companies`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${SANDBOX_CREDENTIALS.productToken}` },
    body: JSON.stringify({ CompanyNumbers: numbers, returnCount: numbers.length, skip: 0 }),
  });
  return ((await response.json()) as { companies: SandboxRecord[] }).companies;
}

/** A company with something in every section: accounts, a funding round, a group, SIC codes (found in the sandbox's data, read over HTTP). */
async function wellFilledCompany(current: AddinSession): Promise<SandboxRecord> {
  const ds = (current.sandbox as unknown as { state: { ds: Dataset } }).state.ds;
  for (let i = 0; i < ds.size; i++) {
    const r = buildRecord(ds, i) as SandboxRecord;
    if (
      (r.CompanyFinancials_Vendor?.length ?? 0) >= 3 &&
      (r.Investment?.length ?? 0) > 0 &&
      typeof r.GroupCompanyId === "string" &&
      (r.SICs?.length ?? 0) > 0 &&
      typeof r.BestEstimateTurnover === "number"
    )
      return (await sandboxRecords(current, [r.CompanyNumber]))[0]!;
  }
  throw new Error("the sandbox has no company with accounts, funding, a group and SIC codes");
}

/** Turnover (or another item) a year, oldest first; the latest filing of a year wins. */
function yearly(filings: Item[], item: string): [number, unknown][] {
  const byYear = new Map<number, Item>();
  for (const filing of filings) {
    const held = byYear.get(Number(filing.YEAR));
    if (!held || String(filing.MADE_UPTO_DATE) >= String(held.MADE_UPTO_DATE)) byYear.set(Number(filing.YEAR), filing);
  }
  return [...byYear.entries()].sort(([a], [b]) => a - b).map(([year, f]) => [year, f[item] ?? ""]);
}

/** Excel's serial number of an ISO date (days since 1899-12-30). */
const serial = (iso: string) => (Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

/** Where the template put the row with this label. */
function cellOf(label: string, entries: readonly TearsheetEntry[] = TEARSHEET): string {
  const cells = layoutTearsheet("00000000", entries).cells;
  const labelCell = cells.find((c) => c.value === label && c.style === "label");
  if (!labelCell) throw new Error(`no row "${label}"`);
  return labelCell.address.replace(/^A/, "B");
}

test("one click makes the selected company's tearsheet: the record's values, and a chart on each history's cells", async () => {
  const { page } = session.current;
  const record = await wellFilledCompany(session.current);
  const number = record.CompanyNumber;
  const sheet = `Tearsheet ${number}`;
  await session.current.sim((api, n) => {
    api.setCell("Sheet1!A2", `'${n}`);
    api.select("Sheet1!A2");
  }, number);

  const view = await openView(page, "Company tearsheet");
  await view.getByTestId("tearsheet-selection").getByText(`Sheet1!A2: company ${number}.`).waitFor({ timeout: 10_000 });
  const started = Date.now();
  await view.getByRole("button", { name: "Make tearsheet" }).click();
  await view
    .getByText(`Made the sheet "${sheet}" for company ${number}`, { exact: false })
    .waitFor({ timeout: 30_000 });
  await session.current.sim((api) => api.whenCalculated(60_000));
  const madeMs = Date.now() - started;

  const sheets = await session.current.sim((api) => api.sheets());
  expect(sheets.find((s) => s.active)?.name).toBe(sheet);
  const at = (label: string) => `'${sheet}'!${cellOf(label)}`;
  const value = (address: string) => session.current.sim((api, a) => api.values(a)[0]![0], address);

  expect(await value(`'${sheet}'!B2`)).toBe(number);
  const expected: [string, unknown][] = [
    ["Name", record.CompanyName],
    ["Status", record.CompanyStatus],
    ["Incorporated", serial(String(record.IncorporationDate))],
    ["Registered address", record.RegisteredAddress],
    ["Postcode", record.RegisteredPostcode],
    ["Turnover (best estimate, GBP)", record.BestEstimateTurnover],
    ["Employees (best estimate)", record.BestEstimateEmployees ?? ""],
    ["Round", record.LatestRoundType],
    ["Amount (GBP)", record.LatestRoundAmount],
    ["Valuation (GBP)", record.LatestRoundValuation ?? ""],
    ["Total raised (GBP m)", record.Investment![0]!.TotalInvestmentRaised_GBP_Million],
    ["Ultimate parent number", record.UltimateLinkedCompanyNumber],
    ["Group id", record.GroupCompanyId],
  ];
  const shown = await Promise.all(expected.map(([label]) => value(at(label))));
  expect(expected.map(([label], i) => [label, shown[i]])).toEqual(expected);
  const sics = record.SICs!;
  const sicRow = cellOf("SIC codes").slice(1);
  const lastSicColumn = String.fromCharCode("B".charCodeAt(0) + sics.length - 1);
  expect(
    await session.current.sim((api, a) => api.values(a)[0], `'${sheet}'!B${sicRow}:${lastSicColumn}${sicRow}`),
  ).toEqual(sics);
  // The funding round's date is a date, as FIELD shows every date.
  expect(await value(at("Date"))).toBeCloseTo(serial(String(record.LatestRoundDate)), 0);

  // Each history spills Year | value oldest first into its reserved cells, and its chart reads them.
  const layout = layoutTearsheet(number);
  const charts = await session.current.sim((api) => api.charts());
  expect(charts.map((c) => [c.sheet, c.type, c.title])).toEqual([
    [sheet, "ColumnClustered", "Turnover (filed accounts)"],
    [sheet, "Line", "Employees (filed accounts)"],
  ]);
  for (const [i, item] of ["TURNOVER", "NUMBER_OF_EMPLOYEES"].entries()) {
    const spec = layout.charts[i]!;
    const quoted = `'${sheet}'`;
    const absolute = (range: string) => range.replace(/([A-Z]+)(\d+)/g, "$$$1$$$2");
    expect(charts[i]!.series).toEqual([
      { name: spec.title, values: `${quoted}!${absolute(spec.values)}`, xValues: `${quoted}!${absolute(spec.years)}` },
    ]);
    const years = yearly(record.CompanyFinancials_Vendor!, item);
    const [first] = spec.years.split(":");
    const firstRow = Number(first!.slice(1));
    const header = await session.current.sim(
      (api, a) => api.values(a)[0],
      `${quoted}!A${firstRow - 1}:B${firstRow - 1}`,
    );
    expect(header).toEqual(["Year", item]);
    const block = await session.current.sim(
      (api, a) => api.values(a),
      `${quoted}!A${firstRow}:B${firstRow + years.length - 1}`,
    );
    expect(block).toEqual(years);
    expect(charts[i]!.top).toBeLessThan(charts[i]!.top + charts[i]!.height);
  }

  // The group table lists the company under its ultimate parent.
  const groupCell = layout.cells[layout.cells.length - 1]!.address;
  const groupRow = Number(groupCell.slice(1));
  const group = await session.current.sim((api, a) => api.values(a), `'${sheet}'!A${groupRow}:D${groupRow + 5000}`);
  expect(group[0]).toEqual(["Level", "Company number", "Company name", "Parent number"]);
  const members = group.slice(1).filter((r) => r[1] !== "");
  expect(members[0]![1]).toBe(record.UltimateLinkedCompanyNumber);
  expect(members.map((r) => r[1])).toContain(number);

  const errors = await session.current.sim((api, s) => api.errors(`'${s}'!B4:B40`).flat().filter(Boolean), sheet);
  expect(errors).toEqual([]);
  console.log(`tearsheet: made and calculated in ${madeMs} ms, ${members.length} group companies`);
  await session.current.screenshot("pane-tearsheet");
  await expectFitsAndAccessible(session.current);
});

test("a UKCO formula's company makes a second tearsheet under a numbered name", async () => {
  const { page } = session.current;
  const number = await session.current.sim((api) => String(api.values("Sheet1!A2")[0]![0]));
  await session.current.sim((api) => {
    api.activate("Sheet1");
    api.setCell("Sheet1!C2", '=UKCO.FIELD(A2,"CompanyName")');
    api.select("Sheet1!C2");
  });
  const view = await openView(page, "Company tearsheet");
  // The view follows the selection: the formula's first argument is the cell holding the number.
  await view.getByTestId("tearsheet-selection").getByText(`Sheet1!C2: company ${number}.`).waitFor({ timeout: 10_000 });
  await view.getByRole("button", { name: "Make tearsheet" }).click();
  await view
    .getByText(`Made the sheet "Tearsheet ${number} (2)" for company ${number}`, { exact: false })
    .waitFor({ timeout: 30_000 });
  const names = (await session.current.sim((api) => api.sheets())).map((s) => s.name);
  expect(names.filter((n) => n.startsWith(`Tearsheet ${number}`))).toEqual([
    `Tearsheet ${number}`,
    `Tearsheet ${number} (2)`,
  ]);
  await expectFitsAndAccessible(session.current);
});

test("an empty selection is named in the message bar, and no sheet is made", async () => {
  const { page } = session.current;
  await session.current.sim((api) => {
    api.activate("Sheet1");
    api.select("Sheet1!F9");
  });
  const before = (await session.current.sim((api) => api.sheets())).length;
  const view = await openView(page, "Company tearsheet");
  await view.getByRole("button", { name: "Make tearsheet" }).click();
  const bar = view.getByTestId("error-bar");
  await bar.getByText("No tearsheet made").waitFor({ timeout: 10_000 });
  expect(await bar.innerText()).toContain("No company number in Sheet1!F9. The cell is empty.");
  expect((await session.current.sim((api) => api.sheets())).length).toBe(before);
  await expectFitsAndAccessible(session.current);
});
