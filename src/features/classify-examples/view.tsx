/**
 * Classify from examples: company numbers to include and to exclude, read from ranges of the
 * sheet; `POST /v2/classification/classify` finds companies like the included ones and unlike the
 * excluded; they are imported with their scores, best first, as a table that refreshes in place.
 */
import { Button, Field, SpinButton, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { MAX_RETURN_COUNT } from "@ukco/core/api-values";
import { parseCompanyNumber } from "@ukco/core/company-number";
import { DEFAULT_COLUMNS } from "@ukco/core/import/columns";
import type { CellParse } from "@ukco/core/import/collect-cells";
import { MAX_EXAMPLES } from "@ukco/core/import/sources/classify";
import { importSourceToNewSheet } from "../../host/import-actions";
import { CellsFromSelection, type CellsSource } from "../../taskpane/components/CellsFromSelection";
import { ImportRunPanel } from "../../taskpane/components/ImportRunPanel";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { useImportRun } from "../../taskpane/hooks/useImportRun";
import { useRuntime } from "../../taskpane/runtime-context";
import { ColumnChooser } from "../../taskpane/components/ColumnChooser";
import { defineView } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

/** INFERRED (ours): companies asked for unless the user says otherwise. */
const DEFAULT_RETURN_COUNT = 100;

export function parseNumberCell(value: unknown): CellParse {
  const parsed = parseCompanyNumber(value);
  return parsed.ok ? { ok: true, value: parsed.number } : parsed;
}

function ClassifyFromExamples() {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [include, setInclude] = useState<CellsSource>();
  const [exclude, setExclude] = useState<CellsSource>();
  const [returnCount, setReturnCount] = useState(DEFAULT_RETURN_COUNT);
  const [columns, setColumns] = useState<string[]>([
    "CompanyNumber",
    "CompanyName",
    ...DEFAULT_COLUMNS.filter((c) => c !== "CompanyNumber" && c !== "CompanyName").slice(0, 4),
  ]);
  const run = useImportRun();
  const numbers = { noun: "company number", plural: "company numbers", parse: parseNumberCell, max: MAX_EXAMPLES };

  const start = () => {
    if (!include?.values.length) return;
    const excluded = new Set(include.values);
    // A number in both ranges is an example to include: the exclusion would contradict it.
    const source = {
      kind: "classify" as const,
      include: include.values,
      exclude: (exclude?.values ?? []).filter((n) => !excluded.has(n)),
      returnCount,
      columns,
    };
    void run.run((options) => importSourceToNewSheet(clients, source, options, "Classified"));
  };

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <CellsFromSelection
        label="Include: companies like these"
        hint="Select the cells with example company numbers, then press the button."
        source={include}
        onChange={setInclude}
        testId="include-summary"
        {...numbers}
      />
      <CellsFromSelection
        label="Exclude: companies unlike these"
        hint="Optional. Select the cells with counter-examples, then press the button."
        source={exclude}
        onChange={setExclude}
        testId="exclude-summary"
        {...numbers}
      />
      <Field label="Companies to find" hint={`1 to ${MAX_RETURN_COUNT.toLocaleString("en-GB")}, best scores first.`}>
        <SpinButton
          value={returnCount}
          min={1}
          max={MAX_RETURN_COUNT}
          onChange={(_, data) => {
            const next = data.value ?? Number(data.displayValue);
            if (Number.isInteger(next) && next >= 1 && next <= MAX_RETURN_COUNT) setReturnCount(next);
          }}
        />
      </Field>
      <ColumnChooser columns={columns} onChange={setColumns} />
      <Button appearance="primary" disabled={run.state.status === "running" || !include?.values.length} onClick={start}>
        Classify and import to a new sheet
      </Button>
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} />
    </div>
  );
}

export const classifyExamplesView = defineView({
  id: "classify-examples",
  title: "Classify from examples",
  description: "Companies like the ones you list (and unlike others), with their scores.",
  group: "Find companies",
  Component: ClassifyFromExamples,
});
