/**
 * Match names: a column of company names (with optional postcode and website columns) matched in
 * batch jobs, the results written beside them, and the names matched with less confidence than
 * the user's threshold queued for review. The state lives in the hooks; this file only renders.
 */
import { Button, Checkbox, Field, ProgressBar, Radio, RadioGroup, Select, Text } from "@fluentui/react-components";
import { useCallback } from "react";
import { UnavailableError } from "@ukco/core/errors";
import { THRESHOLDS } from "@ukco/core/match-names/queue";
import { OUTPUT_KINDS, type OutputKind } from "@ukco/core/match-names/session";
import { DoneBar, ErrorBar } from "../../taskpane/components/ErrorBar";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { useHandoff, type Handoff } from "../../taskpane/handoff";
import { useRuntime } from "../../taskpane/runtime-context";
import { defineView } from "../registry";
import { ReviewPanel } from "./ReviewPanel";
import { useMatchRun, type MatchRunState } from "./useMatchRun";
import { useMatchSession } from "./useMatchSession";
import { useReview } from "./useReview";
import { queueSummary } from "./words";

const n = (value: number) => value.toLocaleString("en-GB");
const OUTPUT_LABELS: Record<OutputKind, string> = { values: "Values", formulas: "UKCO.MATCH formulas" };

/** Each failed job by name; the rows of the other jobs have their results. */
function JobFailures({ failures }: { failures: readonly string[] }) {
  return (
    <>
      {failures.map((failure) => (
        <ErrorBar
          key={failure}
          title="A matching job failed"
          error={new UnavailableError("service-down", failure, "matching")}
        />
      ))}
    </>
  );
}

function RunStatus({ state, onCancel, onDismiss }: { state: MatchRunState; onCancel(): void; onDismiss(): void }) {
  if (state.status === "idle") return null;
  if (state.status === "failed")
    return <ErrorBar title="Match names did not run" error={state.error} onDismiss={onDismiss} />;
  if (state.status === "done")
    return (
      <>
        <DoneBar intent={state.cancelled ? "warning" : "success"}>
          {state.cancelled
            ? `Cancelled. ${state.message} Names whose job did not finish say so in their row.`
            : state.message}
        </DoneBar>
        <JobFailures failures={state.failures} />
        {state.teamProblem !== undefined && (
          <ErrorBar
            title="Your team's decisions could not be read, so every name went to the matching service"
            error={state.teamProblem}
          />
        )}
      </>
    );
  const p = state.progress;
  const text = p
    ? `${n(p.processed)} of ${n(p.total)} names processed; ${n(p.jobsDone)} of ${n(p.jobs)} job${p.jobs === 1 ? "" : "s"} done.`
    : "Starting…";
  return (
    <div data-testid="match-progress" style={{ display: "flex", flexDirection: "column", gap: 6 }}>
      <Field label="Matching" validationMessage={text} validationState="none">
        <ProgressBar
          value={p && p.total ? p.processed / p.total : undefined}
          max={1}
          aria-valuetext={text}
          thickness="large"
        />
      </Field>
      <Button onClick={onCancel} disabled={state.cancelling}>
        {state.cancelling ? "Cancelling…" : "Cancel"}
      </Button>
    </div>
  );
}

function MatchNames() {
  const { clients, engine, credentials } = useRuntime();
  const sessions = useMatchSession();
  const run = useMatchRun(clients, engine, credentials, sessions);
  const review = useReview(engine, clients, sessions);
  // The home page's suggestion ("20 names selected: match them") hands the selection over.
  useHandoff(
    matchNamesView.id,
    useCallback((request: Handoff) => request === "use-selection" && void run.takeSelection(), [run.takeSelection]),
  );
  const running = run.state.status === "running";
  const column = (value: string) => (value === "" ? undefined : Number(value));

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <RateLimitNotice service="matching" />
      <Field label="Company names" hint="Select the column of names (a header cell is recognised), then use it.">
        <Button onClick={() => void run.takeSelection()} disabled={running}>
          Use the selected cells
        </Button>
      </Field>
      {run.readError !== undefined && <ErrorBar title="Could not read the selection" error={run.readError} />}
      {run.block && (
        <>
          <Text block data-testid="match-source">
            {`${n(run.rows.length)} names from ${run.block.sheet}, rows ${n(run.block.top + 1)} to ${n(run.block.top + run.block.values.length)}` +
              (run.rows.length > run.distinct ? ` (${n(run.distinct)} distinct, each matched once)` : "") +
              "."}
          </Text>
          <Checkbox
            label="The first row is a header"
            checked={run.choice.header}
            onChange={(_, data) => run.setChoice({ ...run.choice, header: data.checked === true })}
          />
          {(["postcode", "website"] as const).map((hint) => (
            <Field key={hint} label={`${hint === "postcode" ? "Postcode" : "Website"} column (optional)`}>
              <Select
                value={String(run.choice[`${hint}Column`] ?? "")}
                onChange={(_, data) => run.setChoice({ ...run.choice, [`${hint}Column`]: column(data.value) })}
              >
                <option value="">None</option>
                {run.options.map((option) => (
                  <option key={option.index} value={option.index}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </>
      )}
      <Field label="Review matches less sure than">
        <RadioGroup
          layout="horizontal"
          value={run.threshold}
          onChange={(_, data) => run.setThreshold(data.value as (typeof THRESHOLDS)[number])}
        >
          {THRESHOLDS.map((level) => (
            <Radio key={level} value={level} label={level} />
          ))}
        </RadioGroup>
      </Field>
      <Field label="Write the results as">
        <RadioGroup
          layout="horizontal"
          value={run.output}
          onChange={(_, data) => run.setOutput(data.value as OutputKind)}
        >
          {OUTPUT_KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={OUTPUT_LABELS[kind]} />
          ))}
        </RadioGroup>
      </Field>
      <Button
        appearance="primary"
        disabled={!run.block || running || run.distinct === 0}
        onClick={() => void run.start()}
      >
        Match names
      </Button>
      <Text block size={200} data-testid="match-team-note">
        {review.teamShared
          ? "Your review decisions are shared with your team through its gateway, and your team's decisions answer their names before any batch job."
          : "Your review decisions are kept in this workbook. A team gateway would share them with your colleagues, so a name one of you has decided needs no second review."}
      </Text>
      <RunStatus state={run.state} onCancel={run.cancel} onDismiss={run.dismiss} />
      {run.state.status === "idle" && review.session && <JobFailures failures={review.session.failures} />}
      {sessions.problem !== undefined && (
        <ErrorBar title="The review queue was not kept" error={sessions.problem} onDismiss={sessions.dismissProblem} />
      )}
      {review.summary && review.session && (
        <Text block data-testid="match-summary" role="status">
          {queueSummary(review.summary)}
        </Text>
      )}
      {review.session && review.session.queue.length > 0 && <ReviewPanel review={review} />}
    </div>
  );
}

export const matchNamesView = defineView({
  id: "match-names",
  title: "Match names",
  description: "Find the company numbers for a column of names; review the unsure ones.",
  group: "Add data to a sheet",
  Component: MatchNames,
});
