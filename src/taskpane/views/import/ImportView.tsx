/**
 * Import companies: filters from the catalogue, company numbers from the selection, columns,
 * the match count (and insights) before importing, then the import onto a new sheet with
 * progress and Cancel.
 */
import { Button, Spinner, Switch, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useMemo, useState } from "react";
import { DEFAULT_COLUMNS } from "../../../core/import/columns";
import { FILTER_FIELDS, hasCriteria, type FilterField, type ImportQuery } from "../../../core/import/query";
import { ErrorBar } from "../../components/ErrorBar";
import { ImportRunPanel } from "../../components/ImportRunPanel";
import { RateLimitNotice } from "../../components/RateLimitNotice";
import { useImportRun } from "../../hooks/useImportRun";
import { importToNewSheet } from "../../../host/import-actions";
import { useRuntime } from "../../runtime-context";
import type { PaneView, ViewProps } from "../registry";
import { CodePicker } from "./CodePicker";
import { ColumnChooser } from "./ColumnChooser";
import { InsightsPanel } from "./InsightsPanel";
import { NumbersFromSelection, type NumbersSource } from "./NumbersFromSelection";
import { TypedCodes } from "./TypedCodes";
import { useFilterCatalogue } from "./useFilterCatalogue";
import { useMatchCount } from "./useMatchCount";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

function ImportCompanies({ navigate, active }: ViewProps) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [catalogue, reloadCatalogue] = useFilterCatalogue(active);
  const [filters, setFilters] = useState<Partial<Record<FilterField, string[]>>>({});
  const [numbers, setNumbers] = useState<NumbersSource>();
  const [columns, setColumns] = useState<string[]>([...DEFAULT_COLUMNS]);
  const [showInsights, setShowInsights] = useState(false);
  const criteria = useMemo(() => ({ filters, companyNumbers: numbers?.numbers ?? [] }), [filters, numbers]);
  const run = useImportRun();
  const running = run.state.status === "running";
  const [count, recount] = useMatchCount(criteria, active && !running);
  const signIn = () => navigate("sign-in");

  const startImport = () => {
    if (count.status !== "ready") return;
    const query: ImportQuery = { ...criteria, columns };
    const { request, total } = count;
    void run.run((options) => importToNewSheet(clients, query, request, total, options));
  };

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      {catalogue.status === "loading" && <Spinner size="tiny" label="Loading the filters…" />}
      {catalogue.status === "failed" && (
        <ErrorBar
          title="Could not load the filters"
          error={catalogue.error}
          onSignIn={signIn}
          onDismiss={reloadCatalogue}
        />
      )}
      {catalogue.status === "failed" && <Button onClick={reloadCatalogue}>Try again</Button>}
      {catalogue.status === "ready" && catalogue.groups.length === 0 && (
        <Text data-testid="no-filter-groups">
          The product API offered no filter groups. Type codes by hand below, or import by company numbers.
        </Text>
      )}
      {catalogue.status === "ready" &&
        FILTER_FIELDS.map((field) => {
          const group = catalogue.groups.find((g) => g.field === field);
          return group ? (
            <CodePicker
              key={field}
              group={group}
              selected={filters[field] ?? []}
              onChange={(codes) => setFilters((f) => ({ ...f, [field]: codes }))}
            />
          ) : null;
        })}
      {(catalogue.status === "failed" || catalogue.status === "ready") && (
        <TypedCodes
          fields={FILTER_FIELDS.filter(
            (field) => catalogue.status === "failed" || !catalogue.groups.some((g) => g.field === field),
          )}
          onChange={(field, codes) => setFilters((f) => ({ ...f, [field]: codes }))}
        />
      )}
      <NumbersFromSelection source={numbers} onChange={setNumbers} />
      <ColumnChooser columns={columns} onChange={setColumns} />
      <div role="status" aria-live="polite" data-testid="match-count">
        {!hasCriteria(criteria) && (
          <Text>Choose at least one filter, or company numbers, to see how many companies match.</Text>
        )}
        {count.status === "counting" && <Spinner size="tiny" label="Counting matches…" />}
        {count.status === "ready" && (
          <Text weight="semibold">{`${count.total.toLocaleString("en-GB")} compan${count.total === 1 ? "y matches" : "ies match"}.`}</Text>
        )}
      </div>
      {count.status === "failed" && (
        <ErrorBar title="Could not count the matches" error={count.error} onSignIn={signIn} onDismiss={recount} />
      )}
      <Switch
        label="Show insights (companies by RTIC, turnover and employee bands)"
        checked={showInsights}
        onChange={(_, data) => setShowInsights(data.checked)}
      />
      {showInsights && count.status === "ready" && <InsightsPanel insights={count.insights} />}
      <Button
        appearance="primary"
        disabled={running || count.status !== "ready" || count.total === 0}
        onClick={startImport}
      >
        {count.status === "ready"
          ? `Import ${count.total.toLocaleString("en-GB")} companies to a new sheet`
          : "Import to a new sheet"}
      </Button>
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} onSignIn={signIn} />
    </div>
  );
}

export const importView: PaneView = {
  id: "import",
  title: "Import companies",
  description: "Filter by RTIC, SIC, status, place or your own numbers; import onto a new sheet.",
  group: "Companies",
  Component: ImportCompanies,
};
