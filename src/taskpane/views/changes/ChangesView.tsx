/**
 * What changed: after a refresh (of the workbook, a sheet, the selection, or values older than N
 * days), each stored value that moved, with the company, field, old and new value; the companies
 * the service no longer knows; and Undo refresh, which puts the old values back from memory.
 */
import { Button, Text } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { changeKey } from "../../../core/change-cells";
import { selectCell } from "../../../host/change-cells";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useRuntime } from "../../runtime-context";
import type { PaneView, ViewProps } from "../registry";
import { answerChangeRow } from "./answer-words";
import { changesSummary } from "./summary";
import { useChanges } from "./useChanges";

const shown = (value: unknown) => (value === null || value === undefined || value === "" ? "(empty)" : String(value));

/** A table of changes under its caption; nothing when there are none. */
function ChangeTable({
  testId,
  caption,
  headers,
  rows,
}: {
  testId: string;
  caption: string;
  headers: readonly string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  if (rows.length === 0) return null;
  return (
    <table data-testid={testId} style={{ borderCollapse: "collapse", fontSize: 12 }}>
      <caption style={{ textAlign: "left" }}>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
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
              <td key={i} style={{ wordBreak: "break-word" }}>
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
  const { changes, cells, action, highlight, clear, report, undo } = useChanges(engine, active);
  const nothing = changes.changes.length === 0 && changes.noLongerFound.length === 0;
  const restorable = changes.companies > 0 || changes.answers.length > 0;
  const busy = action.status === "running";
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Text block data-testid="changes-summary">
        {changesSummary(changes)}
      </Text>
      <ChangeTable
        testId="changes-table"
        caption="Values changed by the last refresh"
        headers={["Company", "Field", "Before", "After", "Cells"]}
        rows={changes.changes.map((change) => ({
          key: `${change.company} ${change.field}`,
          cells: [
            change.company,
            change.field,
            shown(change.before),
            shown(change.after),
            (cells.get(changeKey(change.company, change.field)) ?? []).map((address) => (
              <Button
                key={address}
                appearance="transparent"
                size="small"
                aria-label={`Go to ${address}`}
                onClick={() => void selectCell(address)}
              >
                {address.slice(address.lastIndexOf("!") + 1)}
              </Button>
            )),
          ],
        }))}
      />
      <ChangeTable
        testId="answer-changes-table"
        caption="Other answers changed by the last refresh"
        headers={["Function", "Input", "Before", "After"]}
        rows={changes.answers.map(({ kind, key, before, after }) => ({
          key: `${kind} ${key}`,
          cells: answerChangeRow(kind, key, before, after),
        }))}
      />
      {changes.noLongerFound.length > 0 && (
        <Text block data-testid="changes-gone">
          No longer found: {changes.noLongerFound.join(", ")}
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

export const changesView: PaneView = {
  id: "changes",
  title: "What changed",
  description: "The values the last refresh changed, and Undo refresh.",
  group: "Workbook",
  Component: Changes,
};
