/**
 * A ribbon command that fails tells the user, not only the console. Excel gives add-ins no
 * notification of their own (Outlook's notification messages have no Excel counterpart), so the
 * failure goes to the pane's message bar: the pane runs in this same shared runtime and listens
 * here, and the pane is shown (Office.addin, SharedRuntime 1.1, which the manifest requires) so the
 * message is where the user looks. A failure reported before the pane listens waits for it.
 */
export interface CommandFailure {
  /** What the user pressed, as the ribbon labels it. */
  command: string;
  error: unknown;
}

const listeners = new Set<(failure: CommandFailure) => void>();
const waiting: CommandFailure[] = [];

/** The pane's subscription; failures reported before it subscribed are delivered at once. */
export function onCommandFailure(listener: (failure: CommandFailure) => void): () => void {
  waiting.splice(0).forEach(listener);
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export async function reportCommandFailure(failure: CommandFailure): Promise<void> {
  if (listeners.size === 0) waiting.push(failure);
  for (const listener of listeners) listener(failure);
  try {
    await Office.addin.showAsTaskpane();
  } catch (error) {
    // The message still waits in the pane for the next time it is opened.
    console.error("UK Companies: the task pane could not be shown:", (error as Error).message);
  }
}
