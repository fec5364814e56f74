/** List summary: what a classifier model finds at a cutoff, in a sentence and charts. */
import { Button, Field, Input, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { ProductClient } from "@ukco/api/product/client";
import { parseListSummaryRequest, summaryCharts, summaryGaps, summaryText } from "@ukco/core/explore/list-summary";
import { BarChart } from "../../taskpane/components/BarChart";
import { LookupStatus } from "../../taskpane/components/LookupStatus";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { handOff } from "../../taskpane/handoff";
import { useLookup } from "../../taskpane/hooks/useLookup";
import { usePaneNavigation } from "../../taskpane/navigation";
import { useRuntime } from "../../taskpane/runtime-context";
import { defineView } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

interface SummaryAsked {
  modelCode: string;
  cutoff: string;
}

function askSummary({ modelCode, cutoff }: SummaryAsked, signal: AbortSignal, product: ProductClient) {
  return product.listSummary(parseListSummaryRequest(modelCode, cutoff), { signal });
}

function ListSummaryPanel() {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [modelCode, setModelCode] = useState("");
  const [cutoff, setCutoff] = useState("0.7");
  const summary = useLookup((asked: SummaryAsked, signal) => askSummary(asked, signal, clients.product));
  const navigation = usePaneNavigation();
  const importCompanies = (code: string) => {
    handOff("import", { filter: "rtics", codes: [code] });
    navigation?.navigate("import");
  };

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <form
        className={styles.stack}
        onSubmit={(event) => {
          event.preventDefault();
          void summary.run({ modelCode, cutoff });
        }}
      >
        <Field
          label="Classifier model code"
          hint="The model of an RTIC, such as RTIC-0001 (the Import view lists the RTICs)."
        >
          <Input value={modelCode} onChange={(_, data) => setModelCode(data.value)} />
        </Field>
        <Field
          label="Cutoff score"
          hint="From 0 to 1 (or 0% to 100%): companies scoring this or more count as in the list."
        >
          <Input value={cutoff} onChange={(_, data) => setCutoff(data.value)} />
        </Field>
        <div>
          <Button type="submit" appearance="primary" disabled={summary.state.status === "loading"}>
            Show the summary
          </Button>
        </div>
      </form>
      <LookupStatus
        state={summary.state}
        busy="Loading the summary…"
        failedTitle="No summary"
        done={(answer) => {
          const gaps = summaryGaps(answer);
          return (
            <>
              <Text weight="semibold">{summaryText(answer)}</Text>
              {gaps.length > 0 && (
                <Text data-testid="summary-gaps">{`The answer did not include ${gaps.join(", ")}.`}</Text>
              )}
            </>
          );
        }}
        testId="summary-status"
        onDismiss={summary.reset}
      />
      {summary.state.status === "done" && (
        <>
          <div>
            <Button
              onClick={() =>
                importCompanies(summary.state.status === "done" ? summary.state.query.modelCode.trim() : "")
              }
            >
              Import these companies
            </Button>
          </div>
          <Text size={200}>
            Import companies opens filtered by this RTIC; it counts every company with the code, as the product API
            offers no filter by score.
          </Text>
          {summaryCharts(summary.state.result).map((chart) => (
            <BarChart key={chart.id} chart={chart} />
          ))}
        </>
      )}
    </div>
  );
}

export const listSummaryView = defineView({
  id: "list-summary",
  title: "List summary",
  description: "How many companies a classifier model finds at a cutoff, and what they are like.",
  group: "Find companies",
  Component: ListSummaryPanel,
});
