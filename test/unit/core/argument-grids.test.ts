/** Which inputs a cell of a spilled call reads, by its position from the anchor. */
import { inputsAt, spreadOf, type Grid } from "../../../src/core/analysis/argument-grids";
import { arrayConstantOf } from "../../../src/core/formula-text";

const numbers: Grid = [["00000001"], ["00000002"], ["00000003"]];
const fields: Grid = [["CompanyName", "SICs"]];
const one = (value: unknown): Grid => [[value]];

test.each<[string, Grid[], number, number, unknown[], { rows: number; columns: number }]>([
  [
    "a column of numbers × a row of fields: the row's number, the column's field",
    [numbers, fields],
    2,
    1,
    ["00000003", "SICs"],
    { rows: 3, columns: 2 },
  ],
  ["one number × a row of fields", [one("00000001"), fields], 0, 1, ["00000001", "SICs"], { rows: 1, columns: 2 }],
  [
    "a column of numbers × one field",
    [numbers, one("CompanyName")],
    1,
    0,
    ["00000002", "CompanyName"],
    { rows: 3, columns: 1 },
  ],
  [
    "a row of numbers × one field",
    [[["00000001", "00000002"]], one("CompanyName")],
    0,
    1,
    ["00000002", "CompanyName"],
    { rows: 1, columns: 2 },
  ],
  // GROUP, HISTORY, MATCH: scalar arguments, so every cell of the spill reads the one answer.
  [
    "scalars: every cell reads the same inputs",
    [one("00000001"), one("TURNOVER")],
    4,
    2,
    ["00000001", "TURNOVER"],
    { rows: 1, columns: 1 },
  ],
  [
    "outside the arguments' cells: nothing",
    [numbers, fields],
    5,
    0,
    [undefined, "CompanyName"],
    { rows: 3, columns: 2 },
  ],
])("%s", (_, grids, row, column, inputs, spread) => {
  expect(inputsAt(grids, row, column)).toEqual(inputs);
  expect(spreadOf(grids)).toEqual(spread);
});

// The builder names a table's fields in an array constant, so a spilled cell's field is read from it.
test.each<[string, Grid | undefined]>([
  ['{"CompanyName","BestEstimateTurnover"}', [["CompanyName", "BestEstimateTurnover"]]],
  ['{"A";"B"}', [["A"], ["B"]]],
  [
    "{1,2;3,4}",
    [
      [1, 2],
      [3, 4],
    ],
  ],
  ['{ "Say ""hi"", then", TRUE }', [['Say "hi", then', true]]],
  ['{"A",B1}', undefined],
  ['{"A",}', undefined],
  ["{1,2;3}", undefined],
  ['"A"', undefined],
])("the array constant %s reads as %j", (text, grid) => expect(arrayConstantOf(text)).toEqual(grid));
