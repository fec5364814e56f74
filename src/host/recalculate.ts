/**
 * Makes Excel rerun UKCO formulas. Calculate Now skips custom functions whose inputs did not
 * change, so a workbook refresh needs a full rebuild; a selection refresh recalculates its range.
 */
export async function recalculateWorkbook(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.fullRebuild);
    await context.sync();
  });
}

export async function recalculateSelection(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.getSelectedRange().calculate();
    await context.sync();
  });
}
