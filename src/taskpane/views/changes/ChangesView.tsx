/**
 * What changed: after a refresh (of the workbook, a sheet, the selection, or values older than N
 * days), each stored value that moved, with the company, field, old and new value; the companies
 * the service no longer knows; and Undo refresh, which puts the old values back from memory.
 */
import { Button, Text } from "@fluentui/react-components";
import { changeKey } from "../../../core/change-cells";
import { selectCell } from "../../../host/change-cells";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useRuntime } from "../../runtime-context";
import type { PaneView, ViewProps } from "../registry";
import { answerChangeRow } from "./answer-words";
import { changesSummary } from "./summary";
import { useChanges } from "./useChanges";

const shown = (value: unknown) => (value === null || value === undefined || value === "" ? "(empty)" : String(value));

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
      {changes.changes.length > 0 && (
        <table data-testid="changes-table" style={{ borderCollapse: "collapse", fontSize: 12 }}>
          <caption style={{ textAlign: "left" }}>Values changed by the last refresh</caption>
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
              <th scope="col">Cells</th>
            </tr>
          </thead>
          <tbody>
            {changes.changes.map((change) => (
              <tr key={`${change.company} ${change.field}`}>
                <td>{change.company}</td>
                <td style={{ wordBreak: "break-word" }}>{change.field}</td>
                <td style={{ wordBreak: "break-word" }}>{shown(change.before)}</td>
                <td style={{ wordBreak: "break-word" }}>{shown(change.after)}</td>
                <td>
                  {(cells.get(changeKey(change.company, change.field)) ?? []).map((address) => (
                    <Button
                      key={address}
                      appearance="transparent"
                      size="small"
                      aria-label={`Go to ${address}`}
                      onClick={() => void selectCell(address)}
                    >
                      {address.slice(address.lastIndexOf("!") + 1)}
                    </Button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {changes.answers.length > 0 && (
        <table data-testid="answer-changes-table" style={{ borderCollapse: "collapse", fontSize: 12 }}>
          <caption style={{ textAlign: "left" }}>Other answers changed by the last refresh</caption>
          <thead>
            <tr>
              <th scope="col">Function</th>
              <th scope="col">Input</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {changes.answers.map(({ kind, key, before, after }) => (
              <tr key={`${kind} ${key}`}>
                {answerChangeRow(kind, key, before, after).map((text, i) => (
                  <td key={i} style={{ wordBreak: "break-word" }}>
                    {text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
