/**
 * The peer comparison at 320 px in the light and the dark theme: from one selected company number,
 * a new sheet of UKCO formulas showing it beside its similar companies (the record's
 * SimilarCompanies, most similar first), whose values equal the sandbox's records, with a chart of
 * turnover and one of turnover growth by company name. axe and the sideways check run after.
 */
import { assertDistBuilt, useAddinSession } from "../harness";
import {
  expectFitsAndAccessible,
  openInTheme,
  openView,
  PANE_WIDTH,
  sandboxNumbers,
  sandboxRecords,
  signInWithSandbox,
} from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({
  sandbox: { companies: 2_000, seed: 42 },
  simConfig: { ui: false },
  viewport: { width: PANE_WIDTH, height: 900 },
});

const growth = (record: Record<string, unknown>) =>
  (record.CompanyGrowthTrends as Record<string, unknown> | undefined)?.BestEstimateTurnoverGrowthPercentagePerYear;
/** A cell as Range.values gives a missing value: "". */
const cell = (value: unknown) => (value === undefined || value === null ? "" : value);

describe.each(["light", "dark"] as const)("the peer comparison at 320 px in the %s theme", (theme) => {
  beforeAll(async () => {
    await openInTheme(session.current, theme);
    await signInWithSandbox(session.current.page);
  });

  test("a sheet of the company and its similar companies whose values equal the sandbox's records", async () => {
    const s = session.current;
    // A company with at least two similar companies.
    const candidates = (await sandboxNumbers(s, { Nations: ["Wales"] })).slice(0, 40);
    const records = await sandboxRecords(s, candidates);
    const company = records.find((r) => Array.isArray(r.SimilarCompanies) && r.SimilarCompanies.length >= 2)!;
    const number = String(company.CompanyNumber);
    const similar = company.SimilarCompanies as { CompanyTwo: string; Similarity: number }[];
    const home = `Peers from ${theme}`;
    await s.sim(
      (api, { home, number }) => {
        api.addSheet(home);
        api.activate(home);
        api.setCell(`${home}!A1`, [[`'${number}`]]);
        api.select(`${home}!A1`);
      },
      { home, number },
    );
    const view = await openView(s.page, "Peer comparison");
    await view.getByTestId("tearsheet-selection").getByText(`company ${number}.`, { exact: false }).waitFor();
    await view.getByRole("button", { name: "Make peer comparison" }).click();
    const made = view.getByText(new RegExp(`^Made the sheet "Peers ${number}( \\(\\d+\\))?" for company ${number}`));
    await made.waitFor({ timeout: 20_000 }).catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe view showed: ${await view.innerText()}`);
    });
    const sheet = /"([^"]+)"/.exec(await made.innerText())![1]!;
    await s.sim((api) => api.whenCalculated(60_000));

    const grid = await s.sim((api, a) => api.values(a), `'${sheet}'!A1:H40`);
    const header = grid.findIndex((row) => row[0] === "Company number" && row[1] === "Registered name");
    expect(grid[header]).toEqual([
      "Company number",
      "Registered name",
      "Turnover, best estimate (£)",
      "Employees, best estimate",
      "Turnover growth a year (%)",
      "Employee growth a year (%)",
      "Incorporated on",
      "Similarity",
    ]);
    const shown = grid.slice(header + 1, header + 2 + similar.length);
    const peers = await sandboxRecords(
      s,
      similar.map((p) => p.CompanyTwo),
    );
    const expected = [company, ...peers].map((r, i) => [
      r.CompanyNumber,
      r.CompanyName,
      cell(r.BestEstimateTurnover),
      cell(r.BestEstimateEmployees),
      cell(growth(r)),
      i === 0 ? "" : similar[i - 1]!.Similarity,
    ]);
    expect(shown.map((row) => [row[0], row[1], row[2], row[3], row[4], row[7]])).toEqual(expected);
    // Rows for peers the record does not have stay empty, never an error.
    expect(grid[header + 2 + similar.length]!.every((v) => v === "")).toBe(true);
    // Every value is a UKCO formula.
    const formulas = await s.sim((api, a) => api.cell(a).formula, `'${sheet}'!B${header + 2}`);
    expect(formulas).toMatch(/^=UKCO\.FIELD\(A\d+:A\d+,\{"CompanyName",/);
    expect(await s.sim((api, a) => api.cell(a).numberFormat, `'${sheet}'!C${header + 2}`)).toBe("#,##0");

    const charts = (await s.sim((api) => api.charts())).filter((c) => c.sheet === sheet);
    expect(charts.map((c) => c.title)).toEqual(["Turnover, best estimate (£)", "Turnover growth a year (%)"]);
    await s.screenshot(`pane-peers-${theme}`);
    await expectFitsAndAccessible(s);
  }, 120_000);
});
