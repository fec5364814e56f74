/**
 * What the last refresh changed, read again every few seconds while the view is shown; the cells
 * that show each change; and the actions on them: highlight, clear, report, undo.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { answerChangeKey, changeKey } from "@ukco/core/analysis/change-cells";
import type { Engine, RefreshChanges } from "@ukco/core/engine";
import { clearHighlight, highlightCells, locateChangedCells } from "./host";
import { writeChangeReport } from "../../host/import-actions";
import { undoRefresh } from "../../host/refresh";
import { useAction } from "../../taskpane/hooks/useAction";

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** `changes` is what the view polls (engine.changes()); `names` the companies' names, for the report. */
export function useChanges(
  engine: Engine,
  active: boolean,
  changes: RefreshChanges,
  names: ReadonlyMap<string, string>,
) {
  // The workbook is scanned again only when the list of changes itself changes.
  const listed = useMemo(
    () =>
      [
        ...changes.changes.map((c) => changeKey(c.company, c.field)),
        ...changes.answers.map((a) => answerChangeKey(a.kind, a.key)),
      ].join("\n"),
    [changes],
  );
  const [cells, setCells] = useState<Map<string, string[]>>(new Map());
  useEffect(() => {
    if (!active) return;
    let live = true;
    locateChangedCells(engine.changes()).then(
      (found) => live && setCells(found),
      () => live && setCells(new Map()),
    );
    return () => {
      live = false;
    };
  }, [engine, listed, active]);

  const [action, run] = useAction();
  const highlight = useCallback(
    () => run(async () => `Highlighted ${count(await highlightCells([...cells.values()].flat()), "changed cell")}.`),
    [run, cells],
  );
  const clear = useCallback(
    () => run(async () => `Cleared the highlight; ${count(await clearHighlight(), "cell")} back as they were.`),
    [run],
  );
  const report = useCallback(
    () =>
      run(async () => {
        const { table, address } = await writeChangeReport(engine.changes(), names);
        return `Wrote the changes as table ${table} at ${address}.`;
      }),
    [engine, run, names],
  );
  const undo = useCallback(
    () =>
      run(async () => {
        const { companies, answers } = await undoRefresh(engine);
        if (companies + answers === 0)
          return "There is nothing to undo: no value has been fetched again since the last refresh.";
        const what = [
          ...(companies ? [`the values of ${count(companies, "company", "companies")}`] : []),
          ...(answers ? [count(answers, "other answer")] : []),
        ].join(" and ");
        return `Put back ${what} from before the refresh; no request was sent.`;
      }),
    [engine, run],
  );
  return { cells, action, highlight, clear, report, undo };
}
