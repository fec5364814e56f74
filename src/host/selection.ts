/**
 * What the user has selected: its address and cell values, as the pane needs them. A large selection
 * of long text is many megabytes, so the values are read a slice of rows at a time, each sized in
 * bytes (sized-sync.ts).
 */
import { readBlock } from "./sized-sync";

export interface SelectionSnapshot {
  address: string;
  values: unknown[][];
}

/** Reads the selected range. Large selections are bounded by the caller's choice of maxCells. */
export async function readSelection(maxCells = 1_000_000): Promise<SelectionSnapshot> {
  return Excel.run(async (context) => {
    const range = context.workbook.getSelectedRange();
    range.load(["address", "rowIndex", "columnIndex", "rowCount", "columnCount"]);
    await context.sync();
    if (range.rowCount * range.columnCount > maxCells) {
      throw new RangeError(
        `The selection has ${range.rowCount * range.columnCount} cells; select at most ${maxCells}.`,
      );
    }
    const { values } = await readBlock(context, range.worksheet, range, ["values"]);
    return { address: range.address, values };
  });
}
