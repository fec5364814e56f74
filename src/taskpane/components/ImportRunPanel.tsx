/** Progress of the running import (rows, rows a second, time left) with Cancel, then what it came to. */
import { Button, Field, ProgressBar, Text } from "@fluentui/react-components";
import { describeProgress } from "@ukco/core/import/progress";
import { DoneBar, ErrorBar } from "./ErrorBar";
import type { TableChanges } from "@ukco/core/import/table-diff";
import type { ImportResult } from "../../host/import-actions";
import type { RunState } from "../hooks/useImportRun";

const n = (value: number) => value.toLocaleString("en-GB");

const count = (value: number, one: string, many = `${one}s`) => `${n(value)} ${value === 1 ? one : many}`;

/** " 3 rows added, 2 removed; 57 values changed in 41 rows." after a refresh. */
function changed(changes: TableChanges | undefined): string {
  if (!changes) return "";
  const { added, removed, changedValues, changedRows } = changes;
  if (added + removed + changedValues === 0) return " Nothing changed since the last import.";
  const rows = `${count(added, "row")} added, ${n(removed)} removed`;
  const values = changedValues
    ? `${count(changedValues, "value")} changed in ${count(changedRows, "row")}`
    : "no value changed in the other rows";
  return ` ${rows}; ${values}.`;
}

function Outcome({ result, verb }: { result: ImportResult; verb: string }) {
  const { outcome, table, sheet } = result;
  const where = `table ${table} on the sheet ${sheet}`;
  const invalid = outcome.invalidRecords
    ? ` ${n(outcome.invalidRecords)} record${outcome.invalidRecords === 1 ? "" : "s"} could not be read; their rows say why.`
    : "";
  if (outcome.status === "complete")
    return (
      <DoneBar>{`${verb} ${n(outcome.rows)} companies into ${where}.${changed(result.changes)}${invalid}`}</DoneBar>
    );
  if (outcome.status === "cancelled") {
    return (
      <DoneBar intent="warning">{`Cancelled after ${n(outcome.rows)}${outcome.total !== undefined ? ` of ${n(outcome.total)}` : ""} companies: ${where} keeps the rows that arrived. Refresh it (Workbook data) to complete it.`}</DoneBar>
    );
  }
  return (
    <>
      <ErrorBar title="The import stopped" error={outcome.error} />
      <Text block>{`${where[0]!.toUpperCase()}${where.slice(1)} keeps the ${n(outcome.rows)} rows that arrived.`}</Text>
    </>
  );
}

/** `verb`: what a finished run did, "Imported" or "Refreshed". */
export function ImportRunPanel({ state, verb, onCancel }: { state: RunState; verb: string; onCancel(): void }) {
  if (state.status === "idle") return null;
  if (state.status === "failed") return <ErrorBar title="It could not start" error={state.error} />;
  if (state.status === "done") return <Outcome result={state.result} verb={verb} />;
  const progress = state.progress;
  const text = progress ? describeProgress(progress) : "Starting…";
  return (
    <div data-testid="import-progress" style={{ display: "flex", flexDirection: "column", gap: 6 }}>
      <Field
        label={state.table ? `Writing ${state.table}` : "Starting"}
        validationMessage={text}
        validationState="none"
      >
        <ProgressBar value={progress?.fraction} max={1} aria-valuetext={text} thickness="large" />
      </Field>
      <Button onClick={onCancel} disabled={state.cancelling}>
        {state.cancelling ? "Cancelling…" : "Cancel"}
      </Button>
    </div>
  );
}
