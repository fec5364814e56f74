/**
 * Runs a pane action (save, sign in, test, insert) and keeps what it came to: a sentence, a
 * warning (it worked, but what it found needs the user's attention), or the error.
 */
import { useMemo } from "react";
import { useLookup, type LookupState } from "./useLookup";

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

/** What the action's Lookup came to, in the words of an action. */
function actionState(state: LookupState<Check, string | ActionWarning>): ActionState {
  switch (state.status) {
    case "idle":
      return state;
    case "loading":
      return { status: "running" };
    case "failed":
      return { status: "failed", error: state.error };
    case "done":
      return typeof state.result === "string"
        ? { status: "ok", message: state.result }
        : { status: "warning", message: state.result.warning };
  }
}

/**
 * A Lookup whose question is the action itself: starting another action drops the outcome of the
 * one before, and leaving the view drops it too.
 */
export function useAction(): [ActionState, (check: Check) => Promise<void>, () => void] {
  const { state, run, reset } = useLookup<Check, string | ActionWarning>((check) => check());
  const shown = useMemo(() => actionState(state), [state]);
  return [shown, run, reset];
}
