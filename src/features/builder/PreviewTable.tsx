/** The preview: the chosen fields for the column's first companies, as the table will show them. */
import { Spinner, Text } from "@fluentui/react-components";
import { ErrorBar } from "../../taskpane/components/ErrorBar";
import { fieldLabel } from "@ukco/core/field-labels";
import type { PreviewState } from "./usePreview";

export function PreviewTable({ state, fields }: { state: PreviewState; fields: readonly string[] }) {
  if (state.status === "idle") return null;
  if (state.status === "loading") return <Spinner size="tiny" label="Previewing…" />;
  if (state.status === "failed") return <ErrorBar title="Could not preview" error={state.error} />;
  return (
    // The table scrolls sideways inside a narrow pane rather than widening it.
    <div style={{ overflowX: "auto", maxWidth: "100%" }}>
      <table data-testid="builder-preview" style={{ borderCollapse: "collapse", fontSize: 12 }}>
        <caption style={{ textAlign: "left" }}>
          <Text size={200}>Preview of the first {state.result.length} rows</Text>
        </caption>
        <thead>
          <tr>
            <th scope="col">Company</th>
            {fields.map((field) => (
              <th key={field} scope="col" style={{ overflowWrap: "break-word" }}>
                {fieldLabel(field)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.result.map((row, r) => (
            <tr key={r}>
              <th scope="row" style={{ fontWeight: "normal" }}>
                {row.company}
              </th>
              {row.cells.map((cell, c) => (
                <td key={c} style={{ wordBreak: "break-word", verticalAlign: "top" }}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
