/**
 * Runs a pane action (save, sign in, test, insert) and keeps what it came to: a sentence, a
 * warning (it worked, but what it found needs the user's attention), or the error.
 */
import { useCallback, useState } from "react";

/** What an action may come to besides a plain sentence of success. */
export interface ActionWarning {
  warning: string;
}

export type ActionState =
  | { status: "idle" }
  | { status: "running" }
  | { status: "ok"; message: string }
  | { status: "warning"; message: string }
  | { status: "failed"; error: unknown };

type Check = () => Promise<string | ActionWarning>;

export function useAction(): [ActionState, (check: Check) => Promise<void>, () => void] {
  const [state, setState] = useState<ActionState>({ status: "idle" });
  const run = useCallback(async (check: Check) => {
    setState({ status: "running" });
    try {
      const outcome = await check();
      setState(
        typeof outcome === "string"
          ? { status: "ok", message: outcome }
          : { status: "warning", message: outcome.warning },
      );
    } catch (error) {
      setState({ status: "failed", error });
    }
  }, []);
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return [state, run, reset];
}
