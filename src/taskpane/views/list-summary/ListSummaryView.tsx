/** List summary: what a classifier model finds at a cutoff, in a sentence and charts. */
import { Button, Field, Input, Spinner, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { ListSummary } from "../../../api/product/responses";
import { parseListSummaryRequest, summaryCharts, summaryText } from "../../../core/explore/list-summary";
import { BarChart } from "../../components/BarChart";
import { ErrorBar } from "../../components/ErrorBar";
import { RateLimitNotice } from "../../components/RateLimitNotice";
import { useRuntime } from "../../runtime-context";
import type { PaneView, ViewProps } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

type State =
  { status: "idle" | "loading" } | { status: "done"; summary: ListSummary } | { status: "failed"; error: unknown };

function ListSummaryPanel({ navigate }: ViewProps) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [modelCode, setModelCode] = useState("");
  const [cutoff, setCutoff] = useState("0.7");
  const [state, setState] = useState<State>({ status: "idle" });

  const show = async () => {
    try {
      const request = parseListSummaryRequest(modelCode, cutoff);
      setState({ status: "loading" });
      setState({ status: "done", summary: await clients.product.listSummary(request) });
    } catch (error) {
      setState({ status: "failed", error });
    }
  };

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <form
        className={styles.stack}
        onSubmit={(event) => {
          event.preventDefault();
          void show();
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
          <Button type="submit" appearance="primary" disabled={state.status === "loading"}>
            Show the summary
          </Button>
        </div>
      </form>
      <div role="status" aria-live="polite" data-testid="summary-status">
        {state.status === "loading" && <Spinner size="tiny" label="Loading the summary…" />}
        {state.status === "done" && <Text weight="semibold">{summaryText(state.summary)}</Text>}
      </div>
      {state.status === "failed" && (
        <ErrorBar
          title="No summary"
          error={state.error}
          onSignIn={() => navigate("sign-in")}
          onDismiss={() => setState({ status: "idle" })}
        />
      )}
      {state.status === "done" &&
        summaryCharts(state.summary).map((chart) => <BarChart key={chart.id} chart={chart} />)}
    </div>
  );
}

export const listSummaryView: PaneView = {
  id: "list-summary",
  title: "List summary",
  description: "How many companies a classifier model finds at a cutoff, and what they are like.",
  group: "Explore",
  Component: ListSummaryPanel,
};
