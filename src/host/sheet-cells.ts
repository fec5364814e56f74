/**
 * Every sheet's used range, formulas and values, read in one batch: what the pane needs to find the
 * UKCO formulas of the workbook and the inputs they name (changed cells, refresh estimates).
 */
import type { SheetCells } from "../core/change-cells";

export async function readSheetCells(): Promise<SheetCells[]> {
  return Excel.run(async (context) => {
    const worksheets = context.workbook.worksheets;
    worksheets.load("items/name");
    await context.sync();
    const used = worksheets.items.map((sheet) => {
      const range = sheet.getUsedRangeOrNullObject(true);
      range.load(["formulas", "values", "rowIndex", "columnIndex"]);
      return { name: sheet.name, range };
    });
    await context.sync();
    return used
      .filter(({ range }) => !range.isNullObject)
      .map(({ name, range }): SheetCells => ({
        name,
        row0: range.rowIndex,
        column0: range.columnIndex,
        formulas: range.formulas,
        values: range.values,
      }));
  });
}
