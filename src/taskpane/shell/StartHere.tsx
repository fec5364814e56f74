/**
 * Where a new analyst starts: the path from a list of names to a refreshed table (match the
 * names, add fields, refresh and review what changed), and what the selection suggests now.
 */
import { Button, Text, makeStyles, tokens } from "@fluentui/react-components";
import { handOff } from "../handoff";
import type { Suggestion } from "./useSelectionSuggestion";

const useStyles = makeStyles({
  steps: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
  },
  box: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  heading: { margin: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase300 },
});

const STEPS: readonly { view: string; title: string; what: string }[] = [
  { view: "match-names", title: "Match a list", what: "company names to registered numbers" },
  { view: "builder", title: "Add fields", what: "turnover, employees, status… beside the numbers" },
  { view: "workbook", title: "Refresh and review changes", what: "when you choose; What changed lists what moved" },
];

const n = (value: number) => value.toLocaleString("en-GB");

function SuggestionLine({ suggestion, navigate }: { suggestion: Suggestion; navigate(id: string): void }) {
  const target = suggestion.kind === "names" ? "match-names" : "builder";
  const words =
    suggestion.kind === "names"
      ? `${n(suggestion.rows)} name${suggestion.rows === 1 ? "" : "s"} selected: match them`
      : `A column of ${n(suggestion.rows)} company number${suggestion.rows === 1 ? "" : "s"}: add fields`;
  return (
    <Button
      appearance="primary"
      data-testid="home-suggestion"
      onClick={() => {
        handOff(target, "use-selection");
        navigate(target);
      }}
    >
      {words}
    </Button>
  );
}

export function StartHere({ suggestion, navigate }: { suggestion?: Suggestion; navigate(id: string): void }) {
  const styles = useStyles();
  return (
    <section aria-labelledby="home-start" className={styles.box}>
      <h2 id="home-start" className={styles.heading}>
        Start here
      </h2>
      {suggestion && <SuggestionLine suggestion={suggestion} navigate={navigate} />}
      <ol className={styles.steps} data-testid="home-start-path">
        {STEPS.map((step) => (
          <li key={step.view}>
            <Button appearance="transparent" size="small" onClick={() => navigate(step.view)}>
              {step.title}
            </Button>
            <Text size={200}>{step.what}</Text>
          </li>
        ))}
      </ol>
    </section>
  );
}
