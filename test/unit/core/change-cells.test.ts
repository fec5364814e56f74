/** Which cells show a changed value: cells of UKCO formulas, single or spilled, whose answer moved, read from their arguments. */
import { FUNCTIONS } from "../../support/function-table";
import type { StoredGroupRow, StoredMatch } from "../../../src/core/cache/snapshot";
import {
  answerChangeKey,
  cellsShowingChanges,
  changeKey,
  type SheetCells,
} from "../../../src/core/analysis/change-cells";
import { historyPath } from "../../../src/functions/history";
import { matchKey } from "../../../src/core/match-key";

/** Changes of company fields, as the engine reports them (the values do not matter to a FIELD cell). */
const fieldChanges = (...keys: [string, string][]) => ({
  changes: keys.map(([company, field]) => ({ company, field, before: 1, after: 2 })),
  answers: [],
});

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
    FUNCTIONS,
    sheets,
    fieldChanges(["01234567", "CompanyName"], ["01234567", "BestEstimateTurnover"], ["07654321", "CompanyName"]),
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
    FUNCTIONS,
    [table],
    fieldChanges(["01234567", "CompanyName"], ["07654321", "BestEstimateTurnover"]),
  );
  expect(Object.fromEntries(found)).toEqual({
    [changeKey("01234567", "CompanyName")]: ["Table!D2"],
    [changeKey("07654321", "BestEstimateTurnover")]: ["Table!E3"],
  });
});

test("a change no cell shows, and a range of fields that are not fields, are not placed", () => {
  expect(cellsShowingChanges(FUNCTIONS, sheets, fieldChanges(["09999999", "CompanyName"])).size).toBe(0);
});

/**
 * Functions that spill a table of their own from one answer list the cells whose value moved: a
 * restated year of a HISTORY table, a renamed member of a GROUP, a column of MATCH's "all".
 */
const turnover = historyPath("TURNOVER").text;
const filings = (...turnovers: [number, number][]) =>
  turnovers.map(([year, value]) => ({ YEAR: year, MADE_UPTO_DATE: `${year}-03-31`, TURNOVER: value }));
const match = (change: Partial<StoredMatch> = {}): StoredMatch => ({
  number: "01234567",
  name: "ACME LTD",
  status: "Active",
  confidence: "high",
  route: "name",
  postcode: "AB1 2CD",
  rigorous: false,
  ...change,
});
const acme = matchKey("Acme", null, null)!;
const group = (subsidiary: string): StoredGroupRow[] => [
  [0, "01234567", "ACME HOLDINGS LTD", ""],
  [1, "07654321", subsidiary, "01234567"],
];

/** One formula at Sheet1!C2 beside a company number in A2 and a name in B2. */
const withFormula = (formula: string): SheetCells[] => [
  {
    name: "Sheet1",
    row0: 0,
    column0: 0,
    formulas: [
      ["Number", "Name", ""],
      ["'01234567", "Acme", formula],
    ],
    values: [
      ["Number", "Name", ""],
      ["01234567", "Acme", ""],
    ],
  },
];
const companyChange = (field: string, before: unknown, after: unknown) => ({
  changes: [{ company: "01234567", field, before, after }],
  answers: [],
});
const answerChange = (kind: string, key: string, before: unknown, after: unknown) => ({
  changes: [],
  answers: [{ kind, key, before, after }],
});

test.each([
  [
    "a restated year of a HISTORY table: that year's value",
    '=UKCO.HISTORY(A2,"TURNOVER")',
    companyChange(
      turnover,
      filings([2021, 100], [2022, 200], [2023, 300]),
      filings([2021, 100], [2022, 250], [2023, 300]),
    ),
    ["Sheet1!D4"],
  ],
  [
    "a new year in a table of the last two: every year and value, which all moved up a row",
    '=UKCO.HISTORY(A2,"TURNOVER",2)',
    companyChange(turnover, filings([2022, 200], [2023, 300]), filings([2022, 200], [2023, 300], [2024, 400])),
    ["Sheet1!C3", "Sheet1!D3", "Sheet1!C4", "Sheet1!D4"],
  ],
  [
    "a restated year of a HISTORY row for a sparkline: that year's cell",
    '=UKCO.HISTORY(A2,"TURNOVER",,"row")',
    companyChange(
      turnover,
      filings([2021, 100], [2022, 200], [2023, 300]),
      filings([2021, 100], [2022, 200], [2023, 333]),
    ),
    ["Sheet1!E2"],
  ],
  [
    "a HISTORY table inside an expression: the formula's cell, as where the table goes is Excel's to say",
    '=IFERROR(UKCO.HISTORY(A2,"TURNOVER"),"")',
    companyChange(turnover, filings([2021, 100]), filings([2021, 150])),
    ["Sheet1!C2"],
  ],
  [
    "a history that was empty and now has a year: the table where the error was",
    '=UKCO.HISTORY(A2,"TURNOVER")',
    companyChange(turnover, null, filings([2021, 100])),
    ["Sheet1!C2", "Sheet1!D2", "Sheet1!C3", "Sheet1!D3"],
  ],
  [
    "a renamed member of a GROUP: its name",
    "=UKCO.GROUP(A2)",
    answerChange("groups", "01234567", group("ACME TRADING LTD"), group("ACME RETAIL LTD")),
    ["Sheet1!E4"],
  ],
  [
    "a MATCH of every column whose company was dissolved: its status",
    '=UKCO.MATCH(B2,,,"all")',
    answerChange("matches", acme, match(), match({ status: "Dissolved" })),
    ["Sheet1!E2"],
  ],
  [
    "a MATCH of the number whose company changed",
    "=UKCO.MATCH(B2)",
    answerChange("matches", acme, match(), match({ number: "07654321" })),
    ["Sheet1!C2"],
  ],
  [
    "a MATCH of the number when only its confidence moved: no cell, the number it shows is the same",
    "=UKCO.MATCH(B2)",
    answerChange("matches", acme, match(), match({ confidence: "medium" })),
    [],
  ],
  [
    "a MATCH of the confidence when its confidence moved",
    '=UKCO.MATCH(B2,"","","confidence")',
    answerChange("matches", acme, match(), match({ confidence: "medium" })),
    ["Sheet1!C2"],
  ],
  [
    "the fetch time of a field whose value moved: no cell, ASOF shows when, not what",
    '=UKCO.ASOF(A2,"CompanyName")',
    companyChange("CompanyName", "ACME LTD", "ACME PLC"),
    [],
  ],
])("%s", (_, formula, changes, cells) => {
  const found = cellsShowingChanges(FUNCTIONS, withFormula(formula), changes);
  expect([...found.values()].flat()).toEqual(cells);
});

test("a group's and a match's cells are listed under their own change, beside a field's", () => {
  const sheets: SheetCells[] = [
    {
      name: "Sheet1",
      row0: 0,
      column0: 0,
      formulas: [["'01234567", "=UKCO.GROUP(A1)", "", "", "", '=UKCO.MATCH("Acme")', '=UKCO.FIELD(A1,"CompanyName")']],
      values: [["01234567", "Level", "", "", "", "01234567", "ACME LTD"]],
    },
  ];
  const found = cellsShowingChanges(FUNCTIONS, sheets, {
    changes: [{ company: "01234567", field: "CompanyName", before: "ACME", after: "ACME LTD" }],
    answers: [
      { kind: "groups", key: "01234567", before: group("A LTD"), after: group("B LTD") },
      { kind: "matches", key: acme, before: match({ number: null }), after: match() },
    ],
  });
  expect(Object.fromEntries(found)).toEqual({
    [changeKey("01234567", "CompanyName")]: ["Sheet1!G1"],
    [answerChangeKey("groups", "01234567")]: ["Sheet1!D3"],
    [answerChangeKey("matches", acme)]: ["Sheet1!F1"],
  });
});
