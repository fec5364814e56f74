/**
 * An import or table refresh in progress, owned by the view that started it (views stay mounted,
 * so it carries on while the user looks elsewhere): a Lookup whose question is the import, its
 * progress reported as rows arrive and the table is made, Cancel (its AbortSignal reaches the page
 * iterator, and the rows written so far are the outcome), and the outcome.
 */
import { useMemo } from "react";
import type { Progress } from "@ukco/core/import/progress";
import type { ImportOptions, ImportResult } from "../../host/import-actions";
import { useLookup, type LookupState } from "./useLookup";

/** What a running import has reported: its rows so far, and the table and sheet once made. */
interface Reported {
  progress?: Progress;
  table?: string;
  sheet?: string;
}

export type RunState =
  | { status: "idle" }
  | ({ status: "running"; cancelling: boolean } & Reported)
  | { status: "done"; result: ImportResult }
  | { status: "failed"; error: unknown };

export type ImportAction = (options: ImportOptions) => Promise<ImportResult>;

function runState(state: LookupState<ImportAction, ImportResult, Reported>): RunState {
  switch (state.status) {
    case "idle":
      return state;
    case "loading":
      return { status: "running", cancelling: state.cancelling === true, ...state.progress };
    case "done":
      return { status: "done", result: state.result };
    case "failed":
      return { status: "failed", error: state.error };
  }
}

export function useImportRun(): { state: RunState; run(action: ImportAction): Promise<void>; cancel(): void } {
  const { state, run, cancel } = useLookup<ImportAction, ImportResult, Reported>((action, signal, report) => {
    let reported: Reported = {};
    const add = (more: Reported) => report((reported = { ...reported, ...more }));
    return action({
      signal,
      onProgress: (progress) => add({ progress }),
      onStarted: (table, sheet) => add({ table, sheet }),
    });
  });
  const shown = useMemo(() => runState(state), [state]);
  return { state: shown, run, cancel };
}
