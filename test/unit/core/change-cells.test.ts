/** Which cells show a changed value: single-cell FIELD formulas whose company and field match, read from their arguments. */
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

test("a change no cell shows, and formulas over ranges, are not placed", () => {
  expect(cellsShowingChanges(sheets, new Set([changeKey("09999999", "CompanyName")])).size).toBe(0);
});
