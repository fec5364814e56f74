/**
 * A short list of results (search hits, companies for one website, a market's name search) shown
 * as a table in the pane, with "Insert at the selection". Service text is rendered as text.
 */
import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
} from "@fluentui/react-components";
import { shownValue, type SheetValue } from "@ukco/core/import/columns";
import { insertRowsAtSelection } from "../../host/import-actions";
import { useAction } from "../hooks/useAction";
import { ActionOutcome } from "./ActionOutcome";

const useStyles = makeStyles({
  // The table's columns share the pane's width: a long unbroken value (a website's domain) or
  // header would otherwise push past the pane's edge and make it scroll sideways at 320 px.
  value: { overflowWrap: "anywhere" },
});

interface Props {
  /** Accessible name of the table, e.g. "Search results". */
  label: string;
  /** Field names, one a column. */
  header: readonly string[];
  /** The columns' headers in the pane and in the inserted table (the fields' labels, as an import's); default the field names. */
  headerLabels?: readonly string[];
  rows: SheetValue[][];
  numberFormats?: (string | undefined)[];
  /** Columns shown in the 320 px pane (all go into the sheet). */
  shown?: readonly number[];
  testId: string;
}

export function ResultList({ label, header, headerLabels = header, rows, numberFormats, shown, testId }: Props) {
  const styles = useStyles();
  const [state, run] = useAction();
  const columns = shown ?? header.map((_, i) => i);
  const insert = () =>
    run(async () => {
      const { table, address } = await insertRowsAtSelection(headerLabels, rows, numberFormats);
      return `Inserted ${rows.length.toLocaleString("en-GB")} row${rows.length === 1 ? "" : "s"} as the table ${table} (${address}).`;
    });
  if (rows.length === 0) return null;
  return (
    <div data-testid={testId} style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Table size="extra-small" aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c} className={styles.value}>
                {headerLabels[c]}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, r) => (
            <TableRow key={r}>
              {columns.map((c) => (
                <TableCell key={c}>
                  <Text size={200} className={styles.value}>
                    {shownValue(row[c])}
                  </Text>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div>
        <Button onClick={insert} disabled={state.status === "running"}>
          Insert at the selection
        </Button>
      </div>
      <ActionOutcome state={state} failedTitle="The results were not inserted" />
    </div>
  );
}
