/**
 * The imported tables of this workbook (their saved queries travel with the file), each with
 * "Refresh this table": the query runs again and the rows are replaced in place.
 */
import { Button, Text } from "@fluentui/react-components";
import { useCallback, useEffect, useState } from "react";
import type { SavedImport } from "@ukco/core/import/saved-imports";
import { describeSource } from "@ukco/core/import/sources";
import { formatWhen } from "@ukco/core/import/table-layout";
import { refreshImportedTable } from "../../host/import-actions";
import { listImportedTables, type ImportedTables as Listed } from "../../host/imported-tables";
import { ErrorBar } from "../../taskpane/components/ErrorBar";
import { ImportRunPanel } from "../../taskpane/components/ImportRunPanel";
import { useImportRun } from "../../taskpane/hooks/useImportRun";
import { useRuntime } from "../../taskpane/runtime-context";

export function ImportedTables({ active }: { active: boolean }) {
  const { clients } = useRuntime();
  const [listed, setListed] = useState<Listed>();
  const [error, setError] = useState<unknown>();
  const [refreshing, setRefreshing] = useState<string>();
  const run = useImportRun();
  const load = useCallback(() => {
    listImportedTables().then(
      (found) => (setListed(found), setError(undefined)),
      (caught: unknown) => setError(caught),
    );
  }, []);
  useEffect(() => {
    if (active && run.state.status !== "running") load();
  }, [active, run.state.status, load]);

  const refresh = (saved: SavedImport) => {
    setRefreshing(saved.table);
    void run.run((options) => refreshImportedTable(clients, saved, options));
  };
  const running = run.state.status === "running";
  return (
    <section
      aria-labelledby="tables-title"
      style={{ display: "flex", flexDirection: "column", gap: 8 }}
      data-testid="imported-tables"
    >
      <Text as="h3" weight="semibold" id="tables-title" block>
        Imported tables
      </Text>
      {error !== undefined && <ErrorBar title="Could not read the imported tables" error={error} />}
      {listed?.problems.map((problem) => (
        <ErrorBar key={problem} title="A saved query could not be read" error={new Error(problem)} />
      ))}
      {listed && listed.tables.length === 0 && <Text>No imported tables in this workbook yet.</Text>}
      <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 8 }}>
        {listed?.tables.map((saved) => (
          <li key={saved.table} data-table={saved.table}>
            <Text weight="semibold" block>{`${saved.table} (${saved.sheet})`}</Text>
            <Text
              size={200}
              block
            >{`${describeSource(saved.source)} · ${saved.rows.toLocaleString("en-GB")} rows ${saved.status === "complete" ? "" : `(${saved.status}) `}as of ${formatWhen(new Date(saved.importedAt))}`}</Text>
            <Button
              size="small"
              disabled={running}
              onClick={() => refresh(saved)}
              aria-label={`Refresh this table (${saved.table})`}
            >
              Refresh this table
            </Button>
            {refreshing === saved.table && <ImportRunPanel state={run.state} verb="Refreshed" onCancel={run.cancel} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
