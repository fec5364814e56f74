import { reportChangesWhenIdle, reportCommand } from "../host/command-reports";
import { estimateRefreshOf, refreshScope, scopeOf, type RefreshRequest } from "../host/refresh";
import { getRuntime } from "../host/runtime";

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

/**
 * A ribbon refresh: estimated first, as the pane's are. A large one is not run but put to the user in
 * the pane (a ribbon button cannot hold a question open); a small one runs, and once its values
 * have arrived the pane hears what changed.
 */
function ribbonRefresh(command: string, request: RefreshRequest) {
  return async () => {
    const { engine } = await getRuntime();
    const scope = await scopeOf(request);
    const estimate = await estimateRefreshOf(engine, scope);
    if (estimate.needsConfirmation) return void (await reportCommand({ command, confirm: { scope, estimate } }));
    await refreshScope(engine, scope);
    return () => reportChangesWhenIdle(command, engine);
  };
}

/** The commands, under the labels the ribbon shows them with. */
export function refreshWorkbookCommand(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, "Refresh workbook", ribbonRefresh("Refresh workbook", { kind: "workbook" }));
}

export function refreshSelectionCommand(event: Office.AddinCommands.Event): Promise<void> {
  return runCommand(event, "Refresh selection", ribbonRefresh("Refresh selection", { kind: "selection" }));
}

Office.onReady(() => {
  Office.actions.associate("refreshWorkbook", refreshWorkbookCommand);
  Office.actions.associate("refreshSelection", refreshSelectionCommand);
});
