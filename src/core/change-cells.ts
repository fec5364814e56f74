/**
 * The cells that show each changed value: every cell of a `UKCO.FIELD` formula whose company and
 * field, read from its arguments (literals, or cells of any sheet), are those of a change. A formula
 * over ranges spills a table, and each cell of it shows its row's company and its column's field
 * (argument-grids.ts), so a spilled table's changed cells are found like single cells. Works on the
 * formulas and values of each sheet's used range, read once; a formula with an argument that is an
 * expression is not placed.
 */
import { argumentGrid, inputsAt, spreadOf, type Grid, type SheetCells } from "./argument-grids";
import { FUNCTION_ENTRIES } from "./function-entries";
import { cellAddress } from "./import/a1";
import { findUkcoCall } from "./provenance";

export type { SheetCells } from "./argument-grids";

export const changeKey = (company: string, field: string): string => `${company}\u0000${field}`;

/** Addresses (`Sheet1!B3`) by changeKey, for the keys asked about. */
export function cellsShowingChanges(sheets: readonly SheetCells[], keys: ReadonlySet<string>): Map<string, string[]> {
  const byName = new Map(sheets.map((sheet) => [sheet.name.toLowerCase(), sheet]));
  const found = new Map<string, string[]>();
  const entry = FUNCTION_ENTRIES.FIELD!;
  for (const sheet of sheets) {
    sheet.formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        if (typeof formula !== "string" || !/UKCO\.FIELD\s*\(/i.test(formula)) return;
        const call = findUkcoCall(formula);
        if (call?.name !== "FIELD" || call.args.length < 2) return;
        const grids = call.args.slice(0, 2).map((text) => argumentGrid(text, sheet, byName));
        if (grids.some((grid) => grid === undefined)) return;
        const { rows, columns } = spreadOf(grids as Grid[]);
        for (let dr = 0; dr < rows; dr++)
          for (let dc = 0; dc < columns; dc++) {
            const read = entry.key(inputsAt(grids as Grid[], dr, dc));
            if ("problem" in read || !read.field) continue;
            const key = changeKey(read.key, read.field.text);
            if (!keys.has(key)) continue;
            const address = cellAddress(sheet.name, sheet.row0 + r + dr, sheet.column0 + c + dc);
            found.set(key, [...(found.get(key) ?? []), address]);
          }
      }),
    );
  }
  return found;
}
