/**
 * Import companies: filters from the catalogue, company numbers from the selection, columns,
 * the match count (and insights) before importing, then the import onto a new sheet with
 * progress and Cancel.
 */
import { Button, Switch, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useCallback, useMemo, useState } from "react";
import { DEFAULT_COLUMNS } from "@ukco/core/import/columns";
import { FILTER_FIELDS, hasCriteria, type FilterField, type ImportQuery } from "@ukco/core/import/query";
import { LookupStatus } from "../../taskpane/components/LookupStatus";
import { ImportRunPanel } from "../../taskpane/components/ImportRunPanel";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { useHandoff, type Handoff } from "../../taskpane/handoff";
import { useImportRun } from "../../taskpane/hooks/useImportRun";
import { importToNewSheet } from "../../host/import-actions";
import { useRuntime } from "../../taskpane/runtime-context";
import { defineView, type ViewProps } from "../registry";
import { CodePicker } from "../../taskpane/components/CodePicker";
import { ColumnChooser } from "../../taskpane/components/ColumnChooser";
import { InsightsPanel } from "./InsightsPanel";
import { NumbersFromSelection, type NumbersSource } from "./NumbersFromSelection";
import { TypedCodes } from "./TypedCodes";
import { useFilterCatalogue, type PickerGroup } from "./useFilterCatalogue";
import { useMatchCount } from "./useMatchCount";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

/** The catalogue's name of each chosen code that has one, for the line the import writes above its table. */
function chosenNames(
  filters: Partial<Record<FilterField, string[]>>,
  groups: readonly PickerGroup[] | undefined,
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const group of groups ?? []) {
    for (const { code, description } of group.values)
      if (filters[group.field]?.includes(code) && description !== code) names[code] = description;
  }
  return names;
}

function ImportCompanies({ active }: ViewProps) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const catalogue = useFilterCatalogue(active);
  const groups = catalogue.state.status === "done" ? catalogue.state.result : undefined;
  const [filters, setFilters] = useState<Partial<Record<FilterField, string[]>>>({});
  // List summary's "Import these companies": its model's code as the one filter.
  useHandoff(
    importView.id,
    useCallback(
      (request: Handoff) => typeof request === "object" && setFilters({ [request.filter]: request.codes }),
      [],
    ),
  );
  const [numbers, setNumbers] = useState<NumbersSource>();
  const [columns, setColumns] = useState<string[]>([...DEFAULT_COLUMNS]);
  const [showInsights, setShowInsights] = useState(false);
  const criteria = useMemo(() => ({ filters, companyNumbers: numbers?.numbers ?? [] }), [filters, numbers]);
  const run = useImportRun();
  const running = run.state.status === "running";
  const [count, recount] = useMatchCount(criteria, active && !running);
  const counted = count.status === "done" ? count.result : undefined;

  const startImport = () => {
    if (!counted) return;
    const query: ImportQuery = { ...criteria, columns, codeNames: chosenNames(filters, groups) };
    const { request, total } = counted;
    void run.run((options) => importToNewSheet(clients, query, request, total, options));
  };

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <LookupStatus
        state={catalogue.state}
        busy="Loading the filters…"
        failedTitle="Could not load the filters"
        onDismiss={catalogue.reset}
      />
      {catalogue.state.status === "failed" && <Button onClick={() => void catalogue.run()}>Try again</Button>}
      {groups?.length === 0 && (
        <Text data-testid="no-filter-groups">
          The product API offered no filter groups. Type codes by hand below, or import by company numbers.
        </Text>
      )}
      {groups &&
        FILTER_FIELDS.map((field) => {
          const group = groups.find((g) => g.field === field);
          return group ? (
            <CodePicker
              key={field}
              group={group}
              selected={filters[field] ?? []}
              onChange={(codes) => setFilters((f) => ({ ...f, [field]: codes }))}
            />
          ) : null;
        })}
      {(catalogue.state.status === "failed" || groups) && (
        <TypedCodes
          fields={FILTER_FIELDS.filter((field) => !groups?.some((g) => g.field === field))}
          onChange={(field, codes) => setFilters((f) => ({ ...f, [field]: codes }))}
        />
      )}
      <NumbersFromSelection source={numbers} onChange={setNumbers} />
      <ColumnChooser columns={columns} onChange={setColumns} />
      {!hasCriteria(criteria) && (
        <Text>Choose at least one filter, or company numbers, to see how many companies match.</Text>
      )}
      <LookupStatus
        state={count}
        busy="Counting matches…"
        failedTitle="Could not count the matches"
        done={({ total }) => (
          <Text weight="semibold">{`${total.toLocaleString("en-GB")} compan${total === 1 ? "y matches" : "ies match"}.`}</Text>
        )}
        testId="match-count"
        onDismiss={recount}
      />
      <Switch
        label="Show insights (companies by RTIC, turnover and employee bands)"
        checked={showInsights}
        onChange={(_, data) => setShowInsights(data.checked)}
      />
      {showInsights && counted && <InsightsPanel insights={counted.insights} />}
      <Button appearance="primary" disabled={running || !counted || counted.total === 0} onClick={startImport}>
        {counted ? `Import ${counted.total.toLocaleString("en-GB")} companies to a new sheet` : "Import to a new sheet"}
      </Button>
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} />
    </div>
  );
}

export const importView = defineView({
  id: "import",
  title: "Import companies",
  description: "Filter by RTIC, SIC, status, place or your own numbers; import onto a new sheet.",
  group: "Find companies",
  Component: ImportCompanies,
});
