import {
  cellValue,
  COLUMN_CHOICES,
  DEFAULT_COLUMNS,
  recordRow,
  resolveColumns,
} from "../../../src/core/import/columns";
import { planTable, type SourceColumn } from "../../../src/core/builder-layout";

const SOURCE: SourceColumn = { sheet: "S", column: 0, firstRow: 1, rowCount: 3, kind: "numbers" };

const one = (path: string) => {
  const { columns, problems } = resolveColumns([path]);
  expect(problems).toEqual([]);
  return columns[0]!;
};

describe("import columns", () => {
  test.each([
    ["BestEstimateTurnover", "Turnover, best estimate (£)", "#,##0"],
    ["BestEstimateEmployees", "Employees, best estimate", "#,##0"],
    ["IncorporationDate", "Incorporated on", "d mmm yyyy"],
    ["LatestRoundDate", "Latest funding round: date", "d mmm yyyy"],
    ["InnovationScore", "Innovation score", "0.00"],
    ["CompanyName", "Registered name", undefined],
    ["CompanyNumber", "Company number", undefined],
    ["CompanyFinancials_Vendor[0].TURNOVER", "Filed accounts: turnover (£)", "#,##0"],
    ["CompanyFinancials_Vendor.PROFIT_AFTER_TAX", "Filed accounts: profit after tax (£)", "#,##0"],
    ["CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear", "Turnover growth a year (%)", "0.0"],
    // fields the label tables do not name: words of the name, a format from the catalogue's kind
    ["CompanyFinancials_Vendor.DEBTORS", "Filed accounts: debtors", "#,##0"],
    ["Officers.ResignationDate", "Officers: resignation date", "d mmm yyyy"],
  ])("an imported %s column is headed %p and shown as %p, as the table builder shows it", (path, label, format) => {
    const column = one(path);
    expect([column.header, column.numberFormat]).toEqual([label, format]);
    const built = planTable(SOURCE, [path], "spill", { sheet: "S", row: 0, column: 2 }, true);
    expect(built.writes.find((w) => w.row === 0)!.formulas[0]).toEqual([label]);
    expect(built.formats.map((f) => f.format)).toEqual(format ? [format] : []);
  });

  test("spells paths as the catalogue does, drops repeats, and refuses a group of fields with a suggestion", () => {
    const { columns, problems } = resolveColumns(["companyname", "CompanyName", "Officers", "NoSuchField"]);
    expect(columns.map((c) => c.path.text)).toEqual(["CompanyName"]);
    expect(problems[0]).toMatchObject({ path: "Officers", message: expect.stringContaining("Officers.") });
    expect(problems[1]!.message).toMatch(/Unknown field "NoSuchField"/);
  });

  test("text is written so Excel keeps it as text: no formula from a name, no lost leading zero", () => {
    expect(cellValue({ CompanyName: '=HYPERLINK("http://x")' }, one("CompanyName"))).toBe('\'=HYPERLINK("http://x")');
    expect(cellValue({ CompanyNumber: "01234567" }, one("CompanyNumber"))).toBe("'01234567");
  });

  test("numbers and booleans stay values, dates become Excel serial dates, missing values empty cells", () => {
    expect(cellValue({ BestEstimateTurnover: 1500000 }, one("BestEstimateTurnover"))).toBe(1500000);
    expect(cellValue({ HighGrowth: true }, one("HighGrowth"))).toBe(true);
    expect(cellValue({ IncorporationDate: "2020-01-31" }, one("IncorporationDate"))).toBe(43861);
    expect(cellValue({}, one("BestEstimateTurnover"))).toBe("");
  });

  test("lists are joined into one cell, and a list of objects fans out as in UKCO.FIELD", () => {
    expect(cellValue({ SICs: ["62012", "62020"] }, one("SICs"))).toBe("'62012; 62020");
    expect(cellValue({ SICs: ["62012"] }, one("SICs"))).toBe("'62012");
    expect(cellValue({ Officers: [{ Surname: "Smith" }, { Surname: "Jones" }] }, one("Officers.Surname"))).toBe(
      "'Smith; Jones",
    );
  });

  test("a value the record schema refuses says so in its own cell; the row's other cells stand", () => {
    const { columns } = resolveColumns(["CompanyNumber", "CompanyName", "BestEstimateTurnover"]);
    const row = recordRow({ CompanyNumber: "00000042", CompanyName: "ACME LTD", BestEstimateTurnover: 12.5 }, columns);
    expect(row.slice(0, 2)).toEqual(["'00000042", "'ACME LTD"]);
    expect(row[2]).toMatch(/^'⚠ This value could not be read \(BestEstimateTurnover: /);
  });

  test("a record that failed validation keeps its row, with its number and what was wrong", () => {
    const { columns } = resolveColumns(["CompanyNumber", "CompanyName", "BestEstimateTurnover"]);
    const row = recordRow(
      { invalid: true, CompanyNumber: "00000042", problem: "BestEstimateTurnover: expected int" },
      columns,
    );
    expect(row[0]).toBe("'00000042");
    expect(row[1]).toMatch(/could not be read \(BestEstimateTurnover: expected int\)/);
    expect(row[2]).toBe("");
  });

  test("the chooser offers the defaults and nested members, never a whole group", () => {
    const paths = COLUMN_CHOICES.map((c) => c.path);
    for (const path of DEFAULT_COLUMNS) expect(paths).toContain(path);
    expect(paths).toContain("CompanyGrowthTrends.CompanySizeEstimate");
    expect(paths).not.toContain("Officers");
    expect(resolveColumns(paths).problems).toEqual([]);
  });
});
