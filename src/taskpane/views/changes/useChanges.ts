/** What the last refresh changed, read again every few seconds while the view is shown, and its undo. */
import { useCallback } from "react";
import type { Engine } from "../../../core/engine";
import { writeChangeReport } from "../../../host/import-actions";
import { undoRefresh } from "../../../host/refresh";
import { useAction } from "../../hooks/useAction";
import { usePolled } from "../../hooks/usePolled";

export function useChanges(engine: Engine, active: boolean) {
  const changes = usePolled(
    useCallback(() => engine.changes(), [engine]),
    active,
  );
  const [undo, run] = useAction();
  const undoNow = useCallback(
    () =>
      run(async () => {
        const restored = await undoRefresh(engine);
        return restored === 0
          ? "There is nothing to undo: no value has been fetched again since the last refresh."
          : `Put back the values of ${restored.toLocaleString("en-GB")} ${restored === 1 ? "company" : "companies"} from before the refresh; no request was sent.`;
      }),
    [engine, run],
  );
  const [report, runReport] = useAction();
  const writeReport = useCallback(
    () =>
      runReport(async () => {
        const { table, address } = await writeChangeReport(engine.changes());
        return `Wrote the changes as table ${table} at ${address}.`;
      }),
    [engine, runReport],
  );
  return { changes, undo, undoNow, report, writeReport };
}
