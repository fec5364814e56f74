/**
 * What a ribbon command came to reaches the user in the pane, not only the console. Excel gives
 * add-ins no notification of their own (Outlook's notification messages have no Excel counterpart),
 * so a report goes to the pane's message bar: the pane runs in this same shared runtime and listens
 * here. A failure, or a refresh that changed values, also shows the pane (Office.addin,
 * SharedRuntime 1.1, which the manifest requires), so the message is where the user looks; a
 * refresh that changed nothing waits there quietly. A report made before the pane listens waits for it.
 */
import type { Engine, RefreshChanges } from "@ukco/core/engine";
import type { RefreshEstimate } from "@ukco/core/analysis/refresh-estimate";
import type { RefreshScope } from "@ukco/core/refresh-scopes";
import { refreshScope } from "./refresh";

/** What the user pressed, as the ribbon labels it, and what came of it. */
export type CommandReport = { command: string } & (
  | { error: unknown }
  /** A refresh finished (`settled`), or stopped waiting for its values (false): what the values did. */
  | { refreshed: RefreshChanges; settled: boolean }
  /** A refresh large enough to ask first: it runs only if the user confirms in the pane. */
  | { confirm: { scope: RefreshScope; estimate: RefreshEstimate } }
);

const listeners = new Set<(report: CommandReport) => void>();
const waiting: CommandReport[] = [];

/** The pane's subscription; reports made before it subscribed are delivered at once. */
export function onCommandReport(listener: (report: CommandReport) => void): () => void {
  waiting.splice(0).forEach(listener);
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const worthShowing = (report: CommandReport): boolean =>
  !("refreshed" in report) ||
  report.refreshed.changes.length +
    report.refreshed.answers.length +
    report.refreshed.noLongerFound.length +
    report.refreshed.foundAgain.length >
    0;

export async function reportCommand(report: CommandReport): Promise<void> {
  if (listeners.size === 0) waiting.push(report);
  for (const listener of listeners) listener(report);
  if (!worthShowing(report)) return;
  try {
    await Office.addin.showAsTaskpane();
  } catch (error) {
    // The message still waits in the pane for the next time it is opened.
    console.error("UK Companies: the task pane could not be shown:", (error as Error).message);
  }
}

/** Once a refresh's values have arrived, tells the pane what they changed (What changed lists them). */
export async function reportChangesWhenIdle(command: string, engine: Engine): Promise<void> {
  const settled = await engine.whenIdle();
  await reportCommand({ command, refreshed: engine.changes(), settled });
}

/** Runs a refresh the user confirmed in the pane, then reports what it changed as the ribbon's would. */
export async function runConfirmedRefresh(command: string, engine: Engine, scope: RefreshScope): Promise<void> {
  try {
    await refreshScope(engine, scope);
    await reportChangesWhenIdle(command, engine);
  } catch (error) {
    await reportCommand({ command, error });
  }
}
