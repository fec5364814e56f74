/** What the user has selected: its address and cell values, as the pane needs them. */
export interface SelectionSnapshot {
  address: string;
  values: unknown[][];
}

/** Reads the selected range. Large selections are bounded by the caller's choice of maxCells. */
export async function readSelection(maxCells = 1_000_000): Promise<SelectionSnapshot> {
  return Excel.run(async (context) => {
    const range = context.workbook.getSelectedRange();
    range.load(["address", "rowCount", "columnCount"]);
    await context.sync();
    if (range.rowCount * range.columnCount > maxCells) {
      throw new RangeError(
        `The selection has ${range.rowCount * range.columnCount} cells; select at most ${maxCells}.`,
      );
    }
    range.load("values");
    await context.sync();
    return { address: range.address, values: range.values };
  });
}
