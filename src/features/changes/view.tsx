/**
 * What changed: after a refresh (of the workbook, a sheet, the selection, or values older than N
 * days), each stored value that moved, in words (ValueChanges); the other answers that moved; the
 * companies the service no longer knows; and Undo refresh, which puts the old values back from memory.
 */
import { Button, Text } from "@fluentui/react-components";
import { useCallback, useMemo, type ReactNode } from "react";
import { answerChangeKey } from "@ukco/core/analysis/change-cells";
import { ActionOutcome } from "../../taskpane/components/ActionOutcome";
import { useCompanyNames } from "../../taskpane/hooks/useCompanyNames";
import { usePolled } from "../../taskpane/hooks/usePolled";
import { useRuntime } from "../../taskpane/runtime-context";
import { defineView, type ViewProps } from "../registry";
import { answerChangeRow } from "./answer-words";
import { changesSummary } from "./summary";
import { useChanges } from "./useChanges";
import { GoToCells, ValueChanges } from "./ValueChanges";

/** The other answers a refresh changed, each in one line with the cells that show it. */
function AnswerTable({ rows }: { rows: { key: string; cells: ReactNode[] }[] }) {
  if (rows.length === 0) return null;
  return (
    // Fixed columns of the pane's width: a long name or "decided by …" wraps inside them, never past 320 px.
    <table
      data-testid="answer-changes-table"
      style={{ borderCollapse: "collapse", fontSize: 12, width: "100%", tableLayout: "fixed" }}
    >
      <caption style={{ textAlign: "left" }}>Other answers changed by the last refresh</caption>
      <thead>
        <tr>
          {["Function", "Input", "Before", "After", "Cells"].map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) => (
              <td key={i} style={{ overflowWrap: "anywhere" }}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Changes({ active }: ViewProps) {
  const { engine } = useRuntime();
  const changes = usePolled(
    useCallback(() => engine.changes(), [engine]),
    active,
  );
  const names = useCompanyNames(
    engine,
    useMemo(() => [...changes.changes.map((c) => c.company), ...changes.noLongerFound], [changes]),
  );
  const { cells, action, highlight, clear, report, undo } = useChanges(engine, active, changes, names);
  const nothing = changes.changes.length === 0 && changes.noLongerFound.length === 0;
  const restorable = changes.companies > 0 || changes.answers.length > 0;
  const busy = action.status === "running";
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Text block data-testid="changes-summary">
        {changesSummary(changes)}
      </Text>
      <ValueChanges changes={changes.changes} names={names} cells={cells} />
      <AnswerTable
        rows={changes.answers.map(({ kind, key, before, after }) => ({
          key: `${kind} ${key}`,
          cells: [
            ...answerChangeRow(kind, key, before, after),
            <GoToCells key="cells" cells={cells.get(answerChangeKey(kind, key)) ?? []} />,
          ],
        }))}
      />
      {changes.noLongerFound.length > 0 && (
        <Text block data-testid="changes-gone">
          No longer found: {changes.noLongerFound.map((n) => (names.get(n) ? `${names.get(n)} (${n})` : n)).join(", ")}
        </Text>
      )}
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button disabled={busy || cells.size === 0} onClick={() => void highlight()}>
          Highlight changed cells
        </Button>
        <Button disabled={busy} onClick={() => void clear()}>
          Clear highlight
        </Button>
        <Button disabled={busy || nothing} onClick={() => void report()}>
          Write a change report
        </Button>
        <Button disabled={busy || !restorable} onClick={() => void undo()}>
          Undo refresh
        </Button>
      </div>
      <ActionOutcome state={action} failedTitle="That did not work" />
    </div>
  );
}

export const changesView = defineView({
  id: "changes",
  title: "What changed",
  description: "The values the last refresh changed, and Undo refresh.",
  group: "Keep it current",
  Component: Changes,
});
