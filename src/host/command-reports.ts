/**
 * What a ribbon command came to reaches the user in the pane, not only the console. Excel gives
 * add-ins no notification of their own (Outlook's notification messages have no Excel counterpart),
 * so a report goes to the pane's message bar: the pane runs in this same shared runtime and listens
 * here. A failure, or a refresh that changed values, also shows the pane (Office.addin,
 * SharedRuntime 1.1, which the manifest requires), so the message is where the user looks; a
 * refresh that changed nothing waits there quietly. A report made before the pane listens waits for it.
 */
import type { RefreshChanges } from "../core/engine";

/** What the user pressed, as the ribbon labels it, and what came of it. */
export type CommandReport = { command: string } & (
  | { error: unknown }
  /** A refresh finished (`settled`), or stopped waiting for its values (false): what the values did. */
  | { refreshed: RefreshChanges; settled: boolean }
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
  "error" in report ||
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
