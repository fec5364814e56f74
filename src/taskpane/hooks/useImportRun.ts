/**
 * An import or table refresh in progress, owned by the view that started it (views stay mounted,
 * so it carries on while the user looks elsewhere): progress as rows arrive, Cancel (an
 * AbortSignal into the page iterator), and the outcome.
 */
import { useCallback, useRef, useState } from "react";
import type { Progress } from "@ukco/core/import/progress";
import type { ImportOptions, ImportResult } from "../../host/import-actions";

export type RunState =
  | { status: "idle" }
  | { status: "running"; progress?: Progress; table?: string; sheet?: string; cancelling: boolean }
  | { status: "done"; result: ImportResult }
  | { status: "failed"; error: unknown };

export type ImportAction = (options: ImportOptions) => Promise<ImportResult>;

export function useImportRun(): { state: RunState; run(action: ImportAction): Promise<void>; cancel(): void } {
  const [state, setState] = useState<RunState>({ status: "idle" });
  const controller = useRef<AbortController | undefined>(undefined);

  const run = useCallback(async (action: ImportAction) => {
    const stop = new AbortController();
    controller.current = stop;
    setState({ status: "running", cancelling: false });
    const update = (patch: Partial<Extract<RunState, { status: "running" }>>) =>
      setState((current) => (current.status === "running" ? { ...current, ...patch } : current));
    try {
      const result = await action({
        signal: stop.signal,
        onProgress: (progress) => update({ progress }),
        onStarted: (table, sheet) => update({ table, sheet }),
      });
      setState({ status: "done", result });
    } catch (error) {
      setState({ status: "failed", error });
    } finally {
      controller.current = undefined;
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState((current) => (current.status === "running" ? { ...current, cancelling: true } : current));
  }, []);
  return { state, run, cancel };
}
