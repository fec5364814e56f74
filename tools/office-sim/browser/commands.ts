/**
 * Runs the ribbon's buttons as Office does: ShowTaskpane shows the pane; ExecuteFunction calls the
 * function the page registered with Office.actions.associate, passing an event whose completed()
 * the function must call (Office keeps the button busy until then).
 */
import { type BrowserShell } from "./ui/layout";
import { type RibbonButton } from "./manifest";

export interface CommandRun {
  controlId: string;
  label: string;
  functionName?: string;
  completed: boolean;
  durationMs?: number;
  error?: string;
}

export class CommandRunner {
  readonly runs: CommandRun[] = [];

  constructor(
    private readonly actions: Map<string, (event: unknown) => unknown>,
    private readonly shell: BrowserShell,
  ) {}

  /** Resolves when the command has completed (at once for ShowTaskpane or a command that failed to start). */
  run(button: RibbonButton): Promise<CommandRun> {
    const run: CommandRun = { controlId: button.id, label: button.label, completed: false };
    this.runs.push(run);
    if (button.action.type === "ShowTaskpane") {
      this.shell.show();
      run.completed = true;
      return Promise.resolve(run);
    }
    const functionName = button.action.functionName;
    run.functionName = functionName;
    const action = this.actions.get(functionName);
    if (!action) {
      run.error = `No function is associated with "${functionName}": call Office.actions.associate("${functionName}", fn) when the page loads.`;
      console.error(`office-sim: ${run.error}`);
      return Promise.resolve(run);
    }
    const started = performance.now();
    return new Promise((resolve) => {
      const event = {
        source: { id: button.id },
        completed: () => {
          if (run.completed) return;
          run.completed = true;
          run.durationMs = Math.round(performance.now() - started);
          resolve(run);
        },
      };
      try {
        Promise.resolve(action(event)).catch((error: unknown) => {
          run.error = String(error);
          console.error(`office-sim: the command ${functionName} failed`, error);
        });
      } catch (error) {
        run.error = String(error);
        console.error(`office-sim: the command ${functionName} threw`, error);
        resolve(run);
      }
    });
  }
}
