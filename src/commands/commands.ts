import { getRuntime } from "../host/runtime";
import { refreshSelection, refreshWorkbook } from "../host/refresh";

/**
 * Ribbon commands of the "UK Companies" tab (manifest.xml: FunctionName elements).
 * Each command must call event.completed(), whatever happens, or Office keeps the button busy.
 */
async function runCommand(event: Office.AddinCommands.Event, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    console.error("UK Companies command failed:", (error as Error).message);
  } finally {
    event.completed();
  }
}

export function refreshWorkbookCommand(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, async () => refreshWorkbook((await getRuntime()).engine));
}

export function refreshSelectionCommand(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, async () => refreshSelection((await getRuntime()).engine));
}

Office.onReady(() => {
  Office.actions.associate("refreshWorkbook", refreshWorkbookCommand);
  Office.actions.associate("refreshSelection", refreshSelectionCommand);
});
