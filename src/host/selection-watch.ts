/**
 * Follows the selection for the pane (the group view shows the company in the selected cell):
 * the active cell's address and value now, and again whenever the selection moves on any sheet.
 */
export interface ActiveCell {
  address: string;
  value: unknown;
}

async function readActiveCell(): Promise<ActiveCell> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load(["address", "values"]);
    await context.sync();
    return { address: cell.address, value: cell.values[0]?.[0] };
  });
}

/** Calls `listener` with the active cell now and on every selection change; resolves to a function that stops it. */
export async function watchActiveCell(
  listener: (cell: ActiveCell) => void,
  onError: (error: unknown) => void = () => undefined,
): Promise<() => Promise<void>> {
  return onSelectionChanged(() => readActiveCell().then(listener, onError));
}

/** Runs `tell` now and on every selection change, on any sheet; resolves to a function that stops it. */
export async function onSelectionChanged(tell: () => Promise<void>): Promise<() => Promise<void>> {
  await tell();
  // WorksheetCollection.onSelectionChanged (ExcelApi 1.9) covers every sheet, including ones added later.
  const registration = await Excel.run(async (context) => {
    const handler = context.workbook.worksheets.onSelectionChanged.add(async () => tell());
    await context.sync();
    return handler;
  });
  // Removed inside an Excel.run on the context that added it, as Office.js requires.
  return async () => {
    await Excel.run(registration.context, async (context) => {
      registration.remove();
      await context.sync();
    });
  };
}
