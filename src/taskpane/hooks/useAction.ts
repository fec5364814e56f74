/** Runs a pane action (save, sign in, test, insert) and keeps what it came to: a sentence, or the error. */
import { useCallback, useState } from "react";

export type ActionState =
  { status: "idle" } | { status: "running" } | { status: "ok"; message: string } | { status: "failed"; error: unknown };

export function useAction(): [ActionState, (check: () => Promise<string>) => Promise<void>, () => void] {
  const [state, setState] = useState<ActionState>({ status: "idle" });
  const run = useCallback(async (check: () => Promise<string>) => {
    setState({ status: "running" });
    try {
      setState({ status: "ok", message: await check() });
    } catch (error) {
      setState({ status: "failed", error });
    }
  }, []);
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return [state, run, reset];
}
