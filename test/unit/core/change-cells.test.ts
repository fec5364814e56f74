/** Which cells show a changed value: FIELD cells, single or spilled, whose company and field match, read from their arguments. */
import { cellsShowingChanges, changeKey, type SheetCells } from "../../../src/core/change-cells";

const sheets: SheetCells[] = [
  {
    name: "Sheet1",
    row0: 0,
    column0: 0,
    formulas: [
      ["Number", "Name", "Turnover"],
      ["'01234567", '=UKCO.FIELD(A2,"CompanyName")', '=UKCO.FIELD($A$2,"bestestimateturnover")'],
      [1234567, '=IFERROR(UKCO.FIELD(A3,"CompanyName"),"")', "=UKCO.FIELD(A2:A3,C1)"],
      ["'07654321", "=UKCO.FIELD(A4,Lists!A1)", '=UKCO.MATCH("ACME")'],
    ],
    values: [
      ["Number", "Name", "Turnover"],
      ["01234567", "ACME", 100],
      [1234567, "ACME", 100],
      ["07654321", "STEADY", ""],
    ],
  },
  { name: "Lists", row0: 0, column0: 0, formulas: [["CompanyName"]], values: [["CompanyName"]] },
  {
    name: "Q3 list",
    row0: 4,
    column0: 1,
    formulas: [['=UKCO.FIELD("01234567","CompanyName")']],
    values: [["ACME"]],
  },
];

test("finds every cell of a changed company and field, by literal, by reference, on other sheets, in any case", () => {
  const found = cellsShowingChanges(
    sheets,
    new Set([
      changeKey("01234567", "CompanyName"),
      changeKey("01234567", "BestEstimateTurnover"),
      changeKey("07654321", "CompanyName"),
    ]),
  );
  expect(Object.fromEntries(found)).toEqual({
    [changeKey("01234567", "CompanyName")]: ["Sheet1!B2", "Sheet1!B3", "'Q3 list'!B5"],
    [changeKey("01234567", "BestEstimateTurnover")]: ["Sheet1!C2"],
    [changeKey("07654321", "CompanyName")]: ["Sheet1!B4"],
  });
});

test.each([
  ["a header of field names", "=UKCO.FIELD(A2:A3,B1:C1)"],
  [
    "the fields named in the formula, as Build a table writes them",
    '=UKCO.FIELD(A2:A3,{"CompanyName","BestEstimateTurnover"})',
  ],
])("each cell of a spilled table shows its row's company and its column's field, with %s", (_, formula) => {
  const table: SheetCells = {
    name: "Table",
    row0: 0,
    column0: 0,
    formulas: [
      ["Number", "CompanyName", "BestEstimateTurnover", ""],
      ["'01234567", "", "", formula],
      ["'07654321", "", "", ""],
    ],
    values: [
      ["Number", "CompanyName", "BestEstimateTurnover", ""],
      ["01234567", "", "", "ACME"],
      ["07654321", "", "", "STEADY"],
    ],
  };
  const found = cellsShowingChanges(
    [table],
    new Set([changeKey("01234567", "CompanyName"), changeKey("07654321", "BestEstimateTurnover")]),
  );
  expect(Object.fromEntries(found)).toEqual({
    [changeKey("01234567", "CompanyName")]: ["Table!D2"],
    [changeKey("07654321", "BestEstimateTurnover")]: ["Table!E3"],
  });
});

test("a change no cell shows, and a range of fields that are not fields, are not placed", () => {
  expect(cellsShowingChanges(sheets, new Set([changeKey("09999999", "CompanyName")])).size).toBe(0);
});
