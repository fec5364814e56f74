/** The table builder's formulas: built and read back, laid out beside a column, and rewritten after an edit. */
import {
  planRewrite,
  planTable,
  firstEmptyColumns,
  occupiedCells,
  type SourceColumn,
} from "../../../src/core/builder-layout";
import { guessSource, sourceColumn } from "../../../src/core/builder-source";
import {
  buildFieldFormula,
  parseFieldFormula,
  resizeRowReference,
  type FieldFormulaSpec,
} from "../../../src/core/formula-builder";

describe("build and parse round-trip", () => {
  test.each<[string, FieldFormulaSpec]>([
    ["=UKCO.FIELD(B2:B500,C1:H1)", { numbers: "B2:B500", fields: { range: "C1:H1" } }],
    ["=UKCO.FIELD($E2,F$1)", { numbers: "$E2", fields: { range: "F$1" } }],
    ['=UKCO.FIELD(B2:B9,"CompanyName")', { numbers: "B2:B9", fields: { names: ["CompanyName"] } }],
    [
      '=UKCO.FIELD(B1:B9,{"CompanyName","CompanyFinancials_Vendor[0].TURNOVER"})',
      { numbers: "B1:B9", fields: { names: ["CompanyName", "CompanyFinancials_Vendor[0].TURNOVER"] } },
    ],
    [
      "=UKCO.FIELD('Q3 list'!$B$2:$B$9,'Q3 list'!C1:D1,\"n/a\")",
      { numbers: "'Q3 list'!$B$2:$B$9", fields: { range: "'Q3 list'!C1:D1" }, ifEmpty: '"n/a"' },
    ],
    ['=UKCO.FIELD(B2,"Say ""hi""",0)', { numbers: "B2", fields: { names: ['Say "hi"'] }, ifEmpty: "0" }],
  ])("%s", (formula, spec) => {
    expect(buildFieldFormula(spec)).toBe(formula);
    expect(parseFieldFormula(formula)).toEqual({ ok: true, spec });
  });

  test.each([
    // written by hand: spaces, lower case, a column array constant
    [
      '=ukco.field( B2:B5 , { "CompanyName" ; "SICs" } )',
      { numbers: "B2:B5", fields: { names: ["CompanyName", "SICs"] } },
    ],
    ["= UKCO.FIELD(Sheet2!A2:A3, Sheet2!B1:C1)", { numbers: "Sheet2!A2:A3", fields: { range: "Sheet2!B1:C1" } }],
  ])("reads %s", (formula, spec) => {
    expect(parseFieldFormula(formula)).toEqual({ ok: true, spec });
  });

  test.each([
    [42, /no formula/],
    ["CompanyName", /no formula/],
    ["=SUM(A1:A3)", /not a UKCO formula/],
    ['=UKCO.MATCH("Tesco")', /holds UKCO\.MATCH/],
    ['=UKCO.FIELD("01234567","CompanyName")', /not a cell or a range/],
    ["=UKCO.FIELD(B2:B5,C1:D3)", /not one row/],
    ["=UKCO.FIELD(B2,C1:C3)", /a column/],
    ['=UKCO.FIELD(B2:B5,{"CompanyName",1})', /neither header cells nor names/],
    ["=UKCO.FIELD(B2:B5,UPPER(C1))", /neither header cells nor names/],
    ["=UKCO.FIELD(B2)", /takes a company number, a field/],
  ])("refuses %s with a reason", (formula, reason) => {
    const parsed = parseFieldFormula(formula);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });

  test.each([
    ["C1:H1", 3, "C1:E1"],
    ["C$1:H$1", 1, "C$1"],
    ["$C$1", 4, "$C$1:$F$1"],
    ["'Q3 list'!Y1:Z1", 4, "'Q3 list'!Y1:AB1"],
  ])("resizes %s to %i cells: %s", (text, width, expected) => {
    expect(resizeRowReference(text, width)).toBe(expected);
  });
});

const numbers: SourceColumn = { sheet: "Sheet1", column: 1, firstRow: 1, rowCount: 5, kind: "numbers" };

describe("planTable", () => {
  test("a spilled table beside the numbers: a header of labels, one formula naming the fields, their formats", () => {
    const plan = planTable(
      numbers,
      ["CompanyName", "BestEstimateTurnover", "IncorporationDate"],
      "spill",
      { sheet: "Sheet1", row: 0, column: 2 },
      true,
    );
    expect(plan.formula).toBe('=UKCO.FIELD(B2:B6,{"CompanyName","BestEstimateTurnover","IncorporationDate"})');
    expect(plan.formulaCell).toBe("C2");
    expect(plan.area).toEqual({ row: 0, column: 2, rows: 6, columns: 3 });
    expect(plan.writes).toEqual([
      {
        sheet: "Sheet1",
        row: 0,
        column: 2,
        formulas: [["Registered name", "Turnover, best estimate (£)", "Incorporated on"]],
      },
      { sheet: "Sheet1", row: 1, column: 2, formulas: [[plan.formula]] },
    ]);
    expect(plan.formats).toEqual([
      { sheet: "Sheet1", block: { row: 1, column: 3, rows: 5, columns: 1 }, format: "#,##0" },
      { sheet: "Sheet1", block: { row: 1, column: 4, rows: 5, columns: 1 }, format: "d mmm yyyy" },
    ]);
  });

  test("without a row above the values there is no header; the names are in the formula as always", () => {
    const plan = planTable(
      { ...numbers, firstRow: 0 },
      ["CompanyName", "SICs"],
      "spill",
      { sheet: "Sheet1", row: 0, column: 2 },
      false,
    );
    expect(plan.formula).toBe('=UKCO.FIELD(B1:B5,{"CompanyName","SICs"})');
    expect(plan.area.rows).toBe(5);
  });

  test("per-cell formulas fill down and across, each naming its field", () => {
    const plan = planTable(
      { ...numbers, rowCount: 2 },
      ["CompanyName", "SICs"],
      "cells",
      { sheet: "Sheet1", row: 0, column: 4 },
      true,
    );
    expect(plan.writes[1]!.formulas).toEqual([
      ['=UKCO.FIELD($B2,"CompanyName")', '=UKCO.FIELD($B2,"SICs")'],
      ['=UKCO.FIELD($B3,"CompanyName")', '=UKCO.FIELD($B3,"SICs")'],
    ]);
  });

  test("names get a helper column of matches that the fields read; another sheet is named", () => {
    const names: SourceColumn = { sheet: "Names list", column: 0, firstRow: 1, rowCount: 2, kind: "names" };
    const plan = planTable(names, ["CompanyName"], "cells", { sheet: "Out", row: 3, column: 1 }, true);
    expect(plan.writes).toEqual([
      {
        sheet: "Out",
        row: 4,
        column: 1,
        formulas: [["=UKCO.MATCH('Names list'!A2)"], ["=UKCO.MATCH('Names list'!A3)"]],
      },
      { sheet: "Out", row: 3, column: 1, formulas: [["Company number", "Registered name"]] },
      {
        sheet: "Out",
        row: 4,
        column: 2,
        formulas: [['=UKCO.FIELD($B5,"CompanyName")'], ['=UKCO.FIELD($B6,"CompanyName")']],
      },
    ]);
    expect(plan.area).toEqual({ row: 3, column: 1, rows: 3, columns: 2 });
  });

  test("no field chosen is refused", () => {
    expect(() => planTable(numbers, [], "spill", { sheet: "Sheet1", row: 0, column: 2 }, true)).toThrow(
      /at least one field/,
    );
  });
});

describe("finding room and refusing to write over data", () => {
  test.each([
    [[["", "", ""]], 2, 0],
    [[["x", "", ""]], 2, 1],
    [
      [
        ["", "x", "", ""],
        ["", "", "", ""],
      ],
      2,
      2,
    ],
    [
      [
        ["", "", ""],
        ["", "", "=UKCO.X()"],
      ],
      3,
      3,
    ],
  ])("rows %j, %i columns wide: first free offset %i", (cells, width, offset) => {
    expect(firstEmptyColumns(cells, width)).toBe(offset);
  });

  test("occupied cells are named by address", () => {
    expect(
      occupiedCells("Sheet1", { row: 0, column: 2, rows: 2, columns: 2 }, [
        ["", 5],
        ["", ""],
      ]),
    ).toEqual(["Sheet1!D1"]);
  });
});

describe("the selected column", () => {
  test.each([
    [["Company number", "01234567", 1234567, "SC123456"], { kind: "numbers", header: true }],
    [["01234567", "SC123456"], { kind: "numbers", header: false }],
    [["Company name", "Tesco PLC", "Asda Stores"], { kind: "names", header: true }],
    [["Tesco PLC", "Asda Stores"], { kind: "names", header: false }],
    [["01234567"], { kind: "numbers", header: false }],
  ])("%j reads as %j", (values, guess) => {
    expect(guessSource(values)).toEqual(guess);
  });

  test("the header cell and trailing blanks are not rows", () => {
    expect(
      sourceColumn("Sheet1!B1:B9", ["Number", "01234567", "", "SC123456", "", ""], { kind: "numbers", header: true }),
    ).toEqual({
      sheet: "Sheet1",
      column: 1,
      firstRow: 1,
      rowCount: 3,
      kind: "numbers",
    });
    expect(() => sourceColumn("Sheet1!B1:C9", [], { kind: "numbers", header: false })).toThrow(/one column/);
  });
});

describe("planRewrite", () => {
  const opened = {
    sheet: "Sheet1",
    row: 1,
    column: 2,
    spec: { numbers: "B2:B6", fields: { range: "C1:D1" } },
    fields: ["CompanyName", "SICs"],
  };

  test("a field added to header cells widens the header and the spill, checking the new cells", () => {
    const plan = planRewrite(opened, { numbers: "B2:B6", fields: ["CompanyName", "SICs", "BestEstimateTurnover"] });
    expect(plan.formula).toBe("=UKCO.FIELD(B2:B6,C1:E1)");
    expect(plan.writes).toEqual([
      { sheet: "Sheet1", row: 0, column: 2, formulas: [["CompanyName", "SICs", "BestEstimateTurnover"]] },
    ]);
    expect(plan.guards).toEqual([
      { sheet: "Sheet1", block: { row: 0, column: 4, rows: 1, columns: 1 } },
      { sheet: "Sheet1", block: { row: 1, column: 4, rows: 5, columns: 1 } },
    ]);
    expect(plan.clears).toEqual([]);
  });

  test("a field replaced keeps the formula and rewrites the header; a field removed empties its header cell", () => {
    expect(planRewrite(opened, { numbers: "B2:B6", fields: ["CompanyName", "RegisteredPostcode"] }).formula).toBe(
      "=UKCO.FIELD(B2:B6,C1:D1)",
    );
    const narrower = planRewrite(opened, { numbers: "B2:B6", fields: ["SICs"] });
    expect(narrower.formula).toBe("=UKCO.FIELD(B2:B6,C1)");
    expect(narrower.clears).toEqual([{ sheet: "Sheet1", block: { row: 0, column: 3, rows: 1, columns: 1 } }]);
  });

  test("names written in the formula stay there; more rows are checked below the table", () => {
    const literal = {
      ...opened,
      spec: { numbers: "B2:B6", fields: { names: ["CompanyName"] }, ifEmpty: '"-"' },
      fields: ["CompanyName"],
    };
    const plan = planRewrite(literal, { numbers: "B2:B8", fields: ["CompanyName", "SICs"] });
    expect(plan.formula).toBe('=UKCO.FIELD(B2:B8,{"CompanyName","SICs"},"-")');
    expect(plan.writes).toEqual([]);
    expect(plan.guards).toEqual([
      { sheet: "Sheet1", block: { row: 1, column: 3, rows: 7, columns: 1 } },
      { sheet: "Sheet1", block: { row: 6, column: 2, rows: 2, columns: 1 } },
    ]);
    expect(parseFieldFormula(plan.formula)).toEqual({
      ok: true,
      spec: { numbers: "B2:B8", fields: { names: ["CompanyName", "SICs"] }, ifEmpty: '"-"' },
    });
  });

  test("the labels the builder wrote above a formula naming its fields follow the edit", () => {
    const labelled = {
      ...opened,
      spec: { numbers: "B2:B6", fields: { names: ["CompanyName", "SICs"] } },
      labelsAbove: true,
    };
    const wider = planRewrite(labelled, { numbers: "B2:B6", fields: ["SICs", "CompanyName", "BestEstimateTurnover"] });
    expect(wider.writes).toEqual([
      {
        sheet: "Sheet1",
        row: 0,
        column: 2,
        formulas: [["SIC codes", "Registered name", "Turnover, best estimate (£)"]],
      },
    ]);
    expect(wider.guards[0]).toEqual({ sheet: "Sheet1", block: { row: 0, column: 4, rows: 1, columns: 1 } });
    const narrower = planRewrite(labelled, { numbers: "B2:B6", fields: ["SICs"] });
    expect(narrower.clears).toEqual([{ sheet: "Sheet1", block: { row: 0, column: 3, rows: 1, columns: 1 } }]);
  });

  test("bad numbers or no field are refused", () => {
    expect(() => planRewrite(opened, { numbers: "B2:", fields: ["SICs"] })).toThrow(/not a cell or a range/);
    expect(() => planRewrite(opened, { numbers: "B2:B6", fields: [] })).toThrow(/at least one field/);
  });
});
