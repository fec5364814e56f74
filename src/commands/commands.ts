import { reportCommandFailure } from "../host/command-failures";
import { getRuntime } from "../host/runtime";
import { refreshSelection, refreshWorkbook } from "../host/refresh";

/**
 * Ribbon commands of the "UK Companies" tab (manifest.xml: FunctionName elements).
 * Each command must call event.completed(), whatever happens, or Office keeps the button busy;
 * a failure is told to the user (the pane's message bar), not only to the console.
 */
async function runCommand(
  event: Office.AddinCommands.Event,
  command: string,
  action: () => Promise<unknown>,
): Promise<void> {
  try {
    await action();
  } catch (error) {
    console.error(`UK Companies: ${command} failed:`, (error as Error).message);
    await reportCommandFailure({ command, error });
  } finally {
    event.completed();
  }
}

/** The commands, under the labels the ribbon shows them with. */
export function refreshWorkbookCommand(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, "Refresh workbook", async () => refreshWorkbook((await getRuntime()).engine));
}

export function refreshSelectionCommand(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, "Refresh selection", async () => refreshSelection((await getRuntime()).engine));
}

Office.onReady(() => {
  Office.actions.associate("refreshWorkbook", refreshWorkbookCommand);
  Office.actions.associate("refreshSelection", refreshSelectionCommand);
});
