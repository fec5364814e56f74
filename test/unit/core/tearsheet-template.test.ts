/**
 * The tearsheet template: every row is a UKCO formula Excel can run (a function the add-in
 * declares, with as many arguments as it takes, a field or measure it knows, inputs that are
 * literals or one cell); a new row is one line; each chart reads its history's reserved cells.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { companyInCell } from "../../../src/core/company-in-cell";
import { resolveFieldPath } from "../../../src/core/field-path";
import { findMeasure } from "../../../src/core/history-series";
import { argumentOf, findUkcoCall } from "../../../src/core/formula-text";
import {
  field,
  layoutTearsheet,
  SHEET_TEMPLATES,
  TEARSHEET,
  tearsheetSheetName,
  type TearsheetCell,
  type TearsheetLayout,
} from "../../../src/core/tearsheet-template";

/** Each function's parameters, read from the JSDoc that becomes functions.json. */
const SIGNATURES: ReadonlyMap<string, { required: number; total: number }> = (() => {
  const dir = join(__dirname, "../../../src/functions");
  const found = new Map<string, { required: number; total: number }>();
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), "utf8");
    const name = /@customfunction\s+([A-Z]+)/.exec(text)?.[1];
    if (!name) continue;
    const params = [...text.matchAll(/@param\s+(\[?)\w+/g)];
    found.set(name, { required: params.filter((p) => p[1] === "").length, total: params.length });
  }
  return found;
})();

const unquote = (arg: string) => {
  const parsed = argumentOf(arg);
  return parsed && "value" in parsed ? parsed.value : undefined;
};

/** What each function's arguments must be, beyond their count. */
const ARGUMENT_CHECKS: Record<string, (args: string[]) => void> = {
  FIELD: ([, path]) => void resolveFieldPath(unquote(path!)),
  ASOF: () => undefined,
  HISTORY: ([, measure, years]) => {
    findMeasure(unquote(measure!));
    expect(Number(years)).toBeGreaterThan(0);
  },
  GROUP: () => undefined,
  CLASSIFY: () => undefined,
};

const NUMBER = "01234567";
const formulaCells = (layout: TearsheetLayout) => layout.cells.filter((c) => c.value.startsWith("=") && !c.style);
const rowOf = (address: string) => Number(/\d+$/.exec(address)![0]);
const columnOf = (address: string) => /^[A-Z]+/.exec(address)![0];

describe("every row of the tearsheet", () => {
  const layout = layoutTearsheet(NUMBER);
  const cells = formulaCells(layout);

  it("has a formula for each row, history and table of the template", () => {
    const formulaEntries = TEARSHEET.filter((e) => e.kind !== "heading").length;
    expect(cells).toHaveLength(formulaEntries);
  });

  test.each(cells.map((c) => [c.address, c.value]))("%s %s is one UKCO call Excel can run", (_, formula) => {
    const call = findUkcoCall(formula);
    expect(call).toBeDefined();
    // Nothing but the call: the simulated and real hosts run it as the cell's whole formula.
    expect(formula).toBe(`=UKCO.${call!.name}(${call!.args.join(",")})`);
    const signature = SIGNATURES.get(call!.name);
    expect(signature).toBeDefined();
    expect(call!.args.length).toBeGreaterThanOrEqual(signature!.required);
    expect(call!.args.length).toBeLessThanOrEqual(signature!.total);
    for (const arg of call!.args) expect(argumentOf(arg)).toBeDefined();
    // The first argument is the number's cell, or (for a classification) a cell of the sheet above.
    const first = argumentOf(call!.args[0]!);
    expect(first).toMatchObject({ reference: { cell: expect.stringMatching(/^[A-Z]+\d+$/) } });
    const check = ARGUMENT_CHECKS[call!.name];
    expect(check).toBeDefined();
    check!(call!.args);
  });

  it("reads the company number from the one cell that holds it, as text", () => {
    const numberCell = layout.cells.find((c) => c.address === layout.numberCell);
    expect(numberCell).toEqual({ address: "B2", value: NUMBER, style: "text" });
    const readers = cells.filter((c) => findUkcoCall(c.value)!.name !== "CLASSIFY");
    for (const cell of readers) expect(findUkcoCall(cell.value)!.args[0]).toBe("$B$2");
  });

  it("classifies the description the sheet shows, from a row above it", () => {
    const description = cells.find((c) => c.value === `=UKCO.FIELD($B$2,"CompanyDescription")`)!;
    const classify = cells.find((c) => findUkcoCall(c.value)!.name === "CLASSIFY")!;
    expect(classify.value).toBe(`=UKCO.CLASSIFY($${columnOf(description.address)}$${rowOf(description.address)})`);
    expect(rowOf(classify.address)).toBeGreaterThan(rowOf(description.address));
  });

  it("writes each cell once", () => {
    const addresses = layout.cells.map((c) => c.address);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});

describe("the history blocks and their charts", () => {
  const layout = layoutTearsheet(NUMBER);
  const histories = formulaCells(layout).filter((c) => findUkcoCall(c.value)!.name === "HISTORY");

  it("has a chart for turnover and one for employees", () => {
    expect(histories.map((c) => unquote(findUkcoCall(c.value)!.args[1]!))).toEqual(["TURNOVER", "NUMBER_OF_EMPLOYEES"]);
    expect(layout.charts.map((c) => c.type)).toEqual(["ColumnClustered", "Line"]);
  });

  test.each(histories.map((c, i) => [c.address, i]))(
    "the chart of %s reads the years and values its table spills",
    (address, i) => {
      const chart = layout.charts[i]!;
      const years = Number(findUkcoCall(histories[i]!.value)!.args[2]);
      const header = rowOf(address);
      // The table spills a header row, then Year | value rows: the chart skips the header.
      expect(chart.years).toBe(`A${header + 1}:A${header + years}`);
      expect(chart.values).toBe(`B${header + 1}:B${header + years}`);
      expect(columnOf(address)).toBe("A");
      // Nothing else is written where the table spills (Year, value, and an Estimated column), nor over the chart's rows.
      const inBlock = (cell: TearsheetCell) =>
        cell !== histories[i] && rowOf(cell.address) >= header && rowOf(cell.address) <= header + years;
      expect(layout.cells.filter(inBlock)).toEqual([]);
      expect(rowOf(chart.from)).toBeLessThanOrEqual(header);
      expect(rowOf(chart.to)).toBe(header + years);
      expect(columnOf(chart.from) > "C").toBe(true);
    },
  );

  it("puts the group table last, where its spill meets nothing", () => {
    const last = layout.cells[layout.cells.length - 1]!;
    expect(findUkcoCall(last.value)?.name).toBe("GROUP");
    expect(Math.max(...layout.cells.map((c) => rowOf(c.address)))).toBe(rowOf(last.address));
  });
});

test("adding a row is one line: it appears under its neighbour, and everything below moves down one row", () => {
  const at = TEARSHEET.findIndex((e) => e.kind === "row" && e.label === "Postcode") + 1;
  const longer = [...TEARSHEET.slice(0, at), field("Nation", "CompanyNation"), ...TEARSHEET.slice(at)];
  const before = layoutTearsheet(NUMBER);
  const after = layoutTearsheet(NUMBER, longer);
  const postcodeRow = rowOf(before.cells.find((c) => c.value === "Postcode")!.address);
  expect(after.cells.filter((c) => rowOf(c.address) === postcodeRow + 1)).toEqual([
    { address: `A${postcodeRow + 1}`, value: "Nation", style: "label" },
    { address: `B${postcodeRow + 1}`, value: `=UKCO.FIELD($B$2,"CompanyNation")` },
  ]);
  const moved = (address: string) =>
    rowOf(address) > postcodeRow ? `${columnOf(address)}${rowOf(address) + 1}` : address;
  const shiftRange = (range: string) => range.split(":").map(moved).join(":");
  expect(after.cells.filter((c) => c.value !== "Nation" && !c.value.includes("CompanyNation"))).toEqual(
    before.cells.map((c) => ({
      ...c,
      address: moved(c.address),
      // A formula reading a row below the new one follows it.
      value: c.value.replace(/\$([A-Z]+)\$(\d+)/g, (_, col: string, r: string) => {
        const shifted = moved(`${col}${r}`);
        return `$${columnOf(shifted)}$${rowOf(shifted)}`;
      }),
    })),
  );
  expect(after.charts).toEqual(
    before.charts.map((c) => ({
      ...c,
      values: shiftRange(c.values),
      years: shiftRange(c.years),
      from: moved(c.from),
      to: moved(c.to),
    })),
  );
});

test("a row reading a row that is not above it is a fault of the template, named", () => {
  expect(() =>
    layoutTearsheet(NUMBER, [
      { kind: "row", label: "Codes", formula: (refs) => `=UKCO.CLASSIFY(${refs.row("Blurb")})` },
    ]),
  ).toThrow('The tearsheet has no row "Blurb" above the row that reads it.');
});

test.each([
  [[], "Tearsheet 01234567"],
  [["Sheet1", "Tearsheet 01234567"], "Tearsheet 01234567 (2)"],
  [["TEARSHEET 01234567", "tearsheet 01234567 (2)"], "Tearsheet 01234567 (3)"],
  [["Tearsheet 01234567 (2)"], "Tearsheet 01234567"],
])("with sheets %j the new sheet is %s", (taken, name) => {
  expect(tearsheetSheetName(NUMBER, taken)).toBe(name);
});

describe("the company of the selected cell", () => {
  test.each([
    ["a number typed as text", undefined, "01234567", { number: "01234567" }],
    ["a number Excel made numeric", undefined, 1234567, { number: "01234567" }],
    ["a Scottish number", "SC123456", "SC123456", { number: "SC123456" }],
    [
      "a FIELD formula reading a cell",
      '=UKCO.FIELD(A2,"CompanyName")',
      "ACME LTD",
      { reference: { cell: "A2" }, call: "FIELD" },
    ],
    [
      "a formula reading another sheet",
      "=UKCO.GROUP('My list'!$C$9)",
      "",
      { reference: { sheet: "My list", cell: "C9" }, call: "GROUP" },
    ],
    ["a formula with the number written in", '=UKCO.FIELD("sc 1234","CompanyName")', "X LTD", { number: "SC001234" }],
    ["a formula with a number literal", "=UKCO.ASOF(1234567)", 45000, { number: "01234567" }],
  ])("%s gives the company", (_, formula, value, expected) => {
    expect(companyInCell(formula, value)).toEqual(expected);
  });

  test.each([
    ["an empty cell", undefined, "", /^The cell is empty\.$/],
    ["a name", undefined, "Acme Widgets", /^In the cell: "Acme Widgets" is not a company number/],
    ["a formula over a range", '=UKCO.FIELD(A2:A9,"CompanyName")', "", /"A2:A9" as its first argument/],
    ["a formula without arguments", "=UKCO.FIELDS()", "CompanyName", /no argument/],
    [
      "a formula whose first argument is a name",
      '=UKCO.MATCH("Tesco")',
      "00445790",
      /^In the first argument of its UKCO\.MATCH formula: /,
    ],
  ])("%s is a problem saying what the cell holds", (_, formula, value, message) => {
    const found = companyInCell(formula, value);
    expect(found).toEqual({ problem: expect.stringMatching(message) });
  });
});

describe("the peer comparison", () => {
  const layout = layoutTearsheet("01234567", SHEET_TEMPLATES.peers.entries, SHEET_TEMPLATES.peers.title);
  const at = (address: string) => layout.cells.filter((c) => c.address === address && c.style !== "format");

  test("the company's row, then each similar company's number and similarity read from its record", () => {
    const own = layout.cells.find((c) => c.value === '=UKCO.FIELD($B$2,"CompanyNumber")')!;
    const row = Number(own.address.slice(1));
    expect(at(`A${row + 1}`)[0]!.value).toBe('=UKCO.FIELD($B$2,"SimilarCompanies[0].CompanyTwo","")');
    expect(at(`H${row + 1}`)[0]!.value).toBe('=UKCO.FIELD($B$2,"SimilarCompanies[0].Similarity","")');
    // One spilled FIELD for the compared fields, over the company and its five peers.
    expect(at(`B${row}`)[0]!.value).toBe(
      `=UKCO.FIELD(A${row}:A${row + 5},{"CompanyName","BestEstimateTurnover","BestEstimateEmployees",` +
        `"CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear",` +
        `"CompanyGrowthTrends.BestEstimateEmployeeGrowthPercentagePerYear","IncorporationDate"},"")`,
    );
    expect(at(`B${row - 1}`)[0]!.value).toBe("Registered name");
    expect(layout.cells.find((c) => c.address === `C${row}` && c.style === "format")?.numberFormat).toBe("#,##0");
  });

  test("a chart of turnover and of its growth, by company name, below the table", () => {
    expect(layout.charts.map((c) => [c.title, c.years.startsWith("B")])).toEqual([
      ["Turnover, best estimate (£)", true],
      ["Turnover growth a year (%)", true],
    ]);
    expect(at("A1")[0]!.value).toBe("Peer comparison");
  });
});
