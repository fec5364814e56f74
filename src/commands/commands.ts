import { recalculateSelection, recalculateWorkbook } from "../host/recalculate";

/**
 * Ribbon commands of the "UK Companies" tab (manifest.xml: FunctionName elements).
 * Each command must call event.completed(), whatever happens, or Office keeps the button busy.
 */
async function runCommand(event: Office.AddinCommands.Event, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    console.error("UK Companies command failed:", (error as Error).message);
  } finally {
    event.completed();
  }
}

export function refreshWorkbook(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, recalculateWorkbook);
}

export function refreshSelection(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, recalculateSelection);
}

Office.onReady(() => {
  Office.actions.associate("refreshWorkbook", refreshWorkbook);
  Office.actions.associate("refreshSelection", refreshSelection);
});
