import type { Engine } from "../core/engine";
import { reportCommand } from "../host/command-reports";
import { getRuntime } from "../host/runtime";
import { refreshSelection, refreshWorkbook } from "../host/refresh";

/**
 * Ribbon commands of the "UK Companies" tab (manifest.xml: FunctionName elements).
 * Each command must call event.completed(), whatever happens, or Office keeps the button busy; so
 * it completes once the work is asked for, and what takes longer (a refresh's values arriving)
 * follows. A failure is told to the user (the pane's message bar), not only to the console.
 */
async function runCommand(
  event: Office.AddinCommands.Event,
  command: string,
  action: () => Promise<(() => Promise<void>) | void>,
): Promise<void> {
  let followUp: (() => Promise<void>) | void = undefined;
  try {
    followUp = await action();
  } catch (error) {
    console.error(`UK Companies: ${command} failed:`, (error as Error).message);
    await reportCommand({ command, error });
  } finally {
    event.completed();
  }
  await followUp?.().catch((error: unknown) => reportCommand({ command, error }));
}

/** Once the refreshed values have arrived, tells the pane what they changed (What changed lists them). */
const reportChanges = (command: string, engine: Engine) => async () => {
  const settled = await engine.whenIdle();
  await reportCommand({ command, refreshed: engine.changes(), settled });
};

/** The commands, under the labels the ribbon shows them with. */
export function refreshWorkbookCommand(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, "Refresh workbook", async () => {
    const { engine } = await getRuntime();
    await refreshWorkbook(engine);
    return reportChanges("Refresh workbook", engine);
  });
}

export function refreshSelectionCommand(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, "Refresh selection", async () => {
    const { engine } = await getRuntime();
    await refreshSelection(engine);
    return reportChanges("Refresh selection", engine);
  });
}

Office.onReady(() => {
  Office.actions.associate("refreshWorkbook", refreshWorkbookCommand);
  Office.actions.associate("refreshSelection", refreshSelectionCommand);
});
