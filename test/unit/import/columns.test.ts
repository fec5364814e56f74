import {
  cellValue,
  COLUMN_CHOICES,
  DEFAULT_COLUMNS,
  recordRow,
  resolveColumns,
} from "../../../src/core/import/columns";

const one = (path: string) => {
  const { columns, problems } = resolveColumns([path]);
  expect(problems).toEqual([]);
  return columns[0]!;
};

describe("import columns", () => {
  test("money is formatted in pounds, counts with separators, dates as dates; other numbers stay General", () => {
    const { columns } = resolveColumns([
      "BestEstimateTurnover",
      "BestEstimateEmployees",
      "IncorporationDate",
      "LatestRoundDate",
      "InnovationScore",
      "CompanyName",
      "CompanyFinancials_Vendor.PROFIT_AFTER_TAX",
      "CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear",
    ]);
    expect(columns.map((c) => [c.header, c.numberFormat])).toEqual([
      ["BestEstimateTurnover", "£#,##0"],
      ["BestEstimateEmployees", "#,##0"],
      ["IncorporationDate", "yyyy-mm-dd"],
      ["LatestRoundDate", "yyyy-mm-dd hh:mm"],
      ["InnovationScore", undefined],
      ["CompanyName", undefined],
      ["CompanyFinancials_Vendor.PROFIT_AFTER_TAX", "£#,##0"],
      ["CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear", undefined],
    ]);
  });

  test("spells paths as the catalogue does, drops repeats, and refuses a group of fields with a suggestion", () => {
    const { columns, problems } = resolveColumns(["companyname", "CompanyName", "Officers", "NoSuchField"]);
    expect(columns.map((c) => c.header)).toEqual(["CompanyName"]);
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
