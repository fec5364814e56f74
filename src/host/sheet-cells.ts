/**
 * Every sheet's used range, formulas and values: what the pane needs to find the UKCO formulas of
 * the workbook and the inputs they name (changed cells, refresh estimates). Read a slice of rows at
 * a time, each sized in bytes (sized-sync.ts), so no answer nears Excel on the web's 5 MB.
 */
import type { SheetCells } from "@ukco/core/analysis/change-cells";
import { readBlock } from "./sized-sync";

export async function readSheetCells(): Promise<SheetCells[]> {
  return Excel.run(async (context) => {
    const worksheets = context.workbook.worksheets;
    worksheets.load("items/name");
    await context.sync();
    const used = worksheets.items.map((sheet) => {
      const range = sheet.getUsedRangeOrNullObject(true);
      range.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
      return { sheet, range };
    });
    await context.sync();
    const sheets: SheetCells[] = [];
    for (const { sheet, range } of used) {
      if (range.isNullObject) continue;
      const { formulas, values } = await readBlock(context, sheet, range, ["formulas", "values"]);
      sheets.push({ name: sheet.name, row0: range.rowIndex, column0: range.columnIndex, formulas, values });
    }
    return sheets;
  });
}
