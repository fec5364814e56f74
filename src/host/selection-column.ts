/**
 * The selected column as the home page suggests work from it: its address, and the values of its
 * first column (a few hundred rows at most: enough to tell names from numbers), read now and again
 * whenever the selection moves.
 */
import { onSelectionChanged } from "./selection-watch";
import { readBlock } from "./sized-sync";

export interface SelectedColumn {
  address: string;
  /** Rows selected in all (the values hold at most the first `SAMPLE_ROWS`). */
  rowCount: number;
  values: unknown[];
}

/** INFERRED (ours): enough rows to tell a column of names from one of numbers, cheap to read on every move. */
const SAMPLE_ROWS = 500;

async function readSelectedColumn(): Promise<SelectedColumn> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    selected.load(["address", "rowIndex", "columnIndex", "rowCount"]);
    const used = selected.worksheet.getUsedRangeOrNullObject(true);
    used.load(["rowIndex", "rowCount"]);
    await context.sync();
    // A whole column selected counts only the rows in use.
    const rows = used.isNullObject ? 0 : Math.min(selected.rowCount, used.rowIndex + used.rowCount);
    if (rows === 0) return { address: selected.address, rowCount: 0, values: [] };
    // A slice at a time, sized in bytes: 500 cells of long text can be megabytes.
    const { values } = await readBlock(
      context,
      selected.worksheet,
      {
        rowIndex: selected.rowIndex,
        columnIndex: selected.columnIndex,
        rowCount: Math.min(rows, SAMPLE_ROWS),
        columnCount: 1,
      },
      ["values"],
    );
    return { address: selected.address, rowCount: rows, values: values.map((row) => row[0]) };
  });
}

/** Calls `listener` with the selected column now and on every selection change; resolves to a function that stops it. */
export async function watchSelectedColumn(
  listener: (column: SelectedColumn) => void,
  onError: (error: unknown) => void = () => undefined,
): Promise<() => Promise<void>> {
  return onSelectionChanged(() => readSelectedColumn().then(listener, onError));
}
