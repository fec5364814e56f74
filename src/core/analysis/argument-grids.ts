/**
 * A UKCO formula's arguments as grids of values, read from the formula's text and the sheets'
 * cells: a literal is a 1×1 grid, an array constant (`{"A","B";"C","D"}`: commas part columns,
 * semicolons rows) its items, a reference the values of its cells (of any sheet). An argument
 * that is an expression cannot be read without Excel: undefined, never guessed.
 *
 * And where a spilled call's cells get their inputs: an argument of one cell applies to every cell
 * of the spill; a column of cells gives the one of the cell's row, a row the one of its column
 * (=UKCO.FIELD(A2:A500, C1:H1): row r, column c reads A(2+r) and the field in column c).
 */
import type { RangeRef } from "../address";
import { argumentOf, arrayConstantOf, referenceOf, type Grid } from "../formula-text";

export type { Grid } from "../formula-text";

/** A sheet's used range: where it starts (0-based) and its formulas and values. */
export interface SheetCells {
  name: string;
  row0: number;
  column0: number;
  formulas: readonly (readonly unknown[])[];
  values: readonly (readonly unknown[])[];
}

/** The values of a range of `sheet`, read from its used range (cells outside it are empty). */
function valuesOf(sheet: SheetCells | undefined, range: RangeRef): Grid {
  const rows: unknown[][] = [];
  for (let r = range.firstRow; r <= range.lastRow; r++) {
    const row: unknown[] = [];
    for (let c = range.firstColumn; c <= range.lastColumn; c++)
      row.push(sheet?.values[r - 1 - sheet.row0]?.[c - 1 - sheet.column0] ?? "");
    rows.push(row);
  }
  return rows;
}

/** An argument as a grid of values; undefined when it is an expression. */
export function argumentGrid(
  text: string,
  home: SheetCells,
  byName: ReadonlyMap<string, SheetCells>,
): Grid | undefined {
  const literal = argumentOf(text);
  if (literal && "value" in literal) return [[literal.value]];
  const constant = arrayConstantOf(text);
  if (constant) return constant;
  const reference = referenceOf(text);
  if (!reference) return undefined;
  return valuesOf(reference.sheet ? byName.get(reference.sheet.toLowerCase()) : home, reference.range);
}

const isOne = (grid: Grid) => grid.length === 1 && grid[0]!.length === 1;

/** The inputs of the spill's cell `row`, `column` cells from its anchor (the rule at the top). */
export function inputsAt(grids: readonly Grid[], row: number, column: number): unknown[] {
  return grids.map((grid) => {
    if (isOne(grid)) return grid[0]![0];
    if (grid.every((cells) => cells.length === 1)) return grid[row]?.[0];
    if (grid.length === 1) return grid[0]![column];
    return grid[row]?.[column];
  });
}

/** How many rows and columns the arguments spread over by the rule at the top (1×1 for scalars). */
export function spreadOf(grids: readonly Grid[]): { rows: number; columns: number } {
  let rows = 1;
  let columns = 1;
  for (const grid of grids) {
    if (isOne(grid)) continue;
    if (grid.every((cells) => cells.length === 1)) rows = Math.max(rows, grid.length);
    else if (grid.length === 1) columns = Math.max(columns, grid[0]!.length);
    else {
      rows = Math.max(rows, grid.length);
      columns = Math.max(columns, grid[0]!.length);
    }
  }
  return { rows, columns };
}
