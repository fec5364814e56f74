/**
 * Reading many cells without tripping Excel's payload limit (5 MB an answer on the web): a range is
 * read a slice of rows at a time, each slice sized from its width. Every sheet's used range,
 * formulas and values, is what the pane needs to find the UKCO formulas of the workbook and the
 * inputs they name (changed cells, refresh estimates).
 */
import type { SheetCells } from "../core/analysis/change-cells";

/** INFERRED (ours): bytes of JSON one read aims at, well under the 5 MB limit. */
const READ_SLICE_BYTES = 2_000_000;
/** Generous bytes a cell may take in an answer, per property read, to size slices before reading. */
const CELL_BYTES = 64;

type CellProperty = "values" | "formulas";

/** The rows of a block of `sheet`, by property, read a slice at a time. */
export async function readBlock<P extends CellProperty>(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  block: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number },
  properties: readonly P[],
): Promise<Record<P, unknown[][]>> {
  const read = Object.fromEntries(properties.map((p) => [p, [] as unknown[][]])) as Record<P, unknown[][]>;
  const slice = Math.max(1, Math.floor(READ_SLICE_BYTES / (CELL_BYTES * properties.length * block.columnCount)));
  for (let start = 0; start < block.rowCount; start += slice) {
    const part = sheet.getRangeByIndexes(
      block.rowIndex + start,
      block.columnIndex,
      Math.min(slice, block.rowCount - start),
      block.columnCount,
    );
    part.load([...properties]);
    await context.sync();
    for (const p of properties) read[p].push(...(part[p] as unknown[][]));
  }
  return read;
}

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
