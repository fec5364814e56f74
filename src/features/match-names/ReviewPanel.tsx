/**
 * One queued name at a time: the input beside the proposed company and its register facts, a box
 * that finds other companies by name or number, and Accept (Enter), Reject (Delete), Skip (→) and
 * Back (←). The keys work anywhere in the card; in the box, Enter takes the highlighted suggestion
 * (down arrow to pick one) and Escape clears it. After each decision the card keeps the focus, so
 * the next key acts on the next name. A name the team decided shows who decided it and when: Enter
 * keeps it, Delete (or another company) overrides it. The queue ends with the next step: fields
 * for the companies, and a way to look through the team's decisions.
 */
import { Button, Field, Input, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import type { Alternative } from "@ukco/core/match-names/alternatives";
import { ErrorBar } from "../../taskpane/components/ErrorBar";
import { handOff } from "../../taskpane/handoff";
import { usePaneNavigation } from "../../taskpane/navigation";
import { selectBlock } from "./host";
import type { useReview } from "./useReview";
import { decisionWords, incorporatedOn, sheetRows, teamWords } from "./words";

type Review = ReturnType<typeof useReview>;

const useStyles = makeStyles({
  column: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  table: { borderCollapse: "collapse", fontSize: tokens.fontSizeBase200, width: "100%", tableLayout: "fixed" },
  rowHead: { textAlign: "left", whiteSpace: "nowrap", paddingRight: tokens.spacingHorizontalXS, width: "6.5em" },
  value: { overflowWrap: "anywhere", verticalAlign: "top" },
  buttons: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  list: { margin: 0, padding: 0, listStyle: "none", display: "flex", flexDirection: "column", gap: "2px" },
  option: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: "pointer",
    overflowWrap: "anywhere",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  chosen: {
    backgroundColor: tokens.colorBrandBackground2,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
  },
});

const shown = (value: string | null | undefined) => (value ? value : "—");
const LIST_ID = "review-alternatives";
const optionId = (i: number) => `${LIST_ID}-${i}`;

type Action = "accept" | "reject" | "skip" | "back";
/** The keys that decide, outside the search box. */
const CARD_KEYS: Readonly<Record<string, Action>> = {
  Enter: "accept",
  Delete: "reject",
  Backspace: "reject",
  ArrowRight: "skip",
  ArrowLeft: "back",
};

function onKeys(review: Review, act: (action: Action) => void, card: RefObject<HTMLDivElement | null>) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === "Escape") {
      review.clearTyped();
      card.current?.focus();
    } else if (target.tagName === "INPUT") {
      // The box keeps Delete and the side arrows for editing what is typed.
      if (event.key === "Enter") act("accept");
      else if (event.key === "ArrowDown") review.highlight(review.highlighted + 1);
      else if (event.key === "ArrowUp") review.highlight(review.highlighted - 1);
      else return;
    } else {
      const action = CARD_KEYS[event.key];
      // A focused button answers Enter (and Space) itself.
      if (!action || (target.tagName === "BUTTON" && event.key === "Enter")) return;
      act(action);
    }
    event.preventDefault();
  };
}

function AlternativeOption({ hit, chosen, onPick }: { hit: Alternative; chosen: boolean; onPick(): void }) {
  const styles = useStyles();
  const since = incorporatedOn(hit.incorporated);
  const facts = [hit.postcode, hit.status, since && `incorporated ${since}`].filter(Boolean).join(" · ");
  return (
    <li
      role="option"
      aria-selected={chosen}
      className={chosen ? `${styles.option} ${styles.chosen}` : styles.option}
      onClick={onPick}
      data-testid="review-alternative"
    >
      <Text weight="semibold" block>{`${hit.name ?? hit.problem ?? "(no name on record)"} (${hit.number})`}</Text>
      {facts && (
        <Text size={200} block>
          {facts}
        </Text>
      )}
    </li>
  );
}

function Alternatives({ review, styles }: { review: Review; styles: ReturnType<typeof useStyles> }) {
  const { typed, hits, searching, highlighted } = review;
  return (
    <>
      <Field
        label="Or find another company"
        hint="Type its name, or its number or the start of it; pick with the down arrow, then Enter."
      >
        <Input
          value={typed}
          onChange={(_, data) => review.type(data.value)}
          data-testid="review-typed"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={LIST_ID}
          aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
        />
      </Field>
      <Text size={200} role="status" data-testid="review-search-status">
        {searching
          ? "Looking…"
          : review.searchFailed !== undefined
            ? ""
            : typed.trim() && hits.length === 0 && !searching
              ? `No company found for "${typed.trim()}".`
              : ""}
      </Text>
      {review.searchFailed !== undefined && (
        <ErrorBar title="Could not look for other companies" error={review.searchFailed} />
      )}
      <ul id={LIST_ID} role="listbox" aria-label="Other companies" className={styles.list} hidden={hits.length === 0}>
        {hits.map((hit, i) => (
          <AlternativeOption key={hit.number} hit={hit} chosen={i === highlighted} onPick={() => review.highlight(i)} />
        ))}
      </ul>
    </>
  );
}

function Card({
  review,
  act,
  card,
}: {
  review: Review;
  act(action: Action): void;
  card: RefObject<HTMLDivElement | null>;
}) {
  const styles = useStyles();
  const { session, entry, facts } = review;
  if (!session || !entry) return null;
  const proposedNumber = entry.proposed.number ?? undefined;
  const record = proposedNumber ? facts.get(proposedNumber) : undefined;
  const rows: [string, string, string, string?][] = [
    ["Name", entry.name, shown(record?.name ?? entry.proposed.name), "review-proposed"],
    ["Number", sheetRows(entry.rows), shown(proposedNumber), "review-number"],
    ["Postcode", shown(entry.postcode), shown(record?.postcode ?? entry.proposed.postcode)],
    ["Status", "", shown(record?.status ?? entry.proposed.status)],
    ["Incorporated", "", shown(incorporatedOn(record?.incorporated))],
  ];
  const chosen = review.hits[review.highlighted];
  const keys = entry.team
    ? "Enter keeps your team's decision, Delete overrides it with no match"
    : "Enter accepts, Delete rejects";
  return (
    <div
      ref={card}
      tabIndex={0}
      role="group"
      aria-label={`Queued name ${session.position + 1} of ${session.queue.length}: ${entry.name}. ${keys}, right arrow skips, left arrow goes back.`}
      data-testid="review-entry"
      onKeyDown={onKeys(review, act, card)}
      className={styles.column}
      style={{ outlineOffset: 2 }}
    >
      <table className={styles.table}>
        <thead>
          <tr>
            <td className={styles.rowHead} />
            <th scope="col" style={{ textAlign: "left" }}>
              Your row
            </th>
            <th scope="col" style={{ textAlign: "left" }}>
              {entry.team ? "Your team's decision" : `Proposed (${entry.proposed.confidence})`}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, yours, proposed, testId]) => (
            <tr key={label}>
              <th scope="row" className={styles.rowHead}>
                {label}
              </th>
              <td className={styles.value} data-testid={label === "Name" ? "review-input" : undefined}>
                {yours}
              </td>
              <td className={styles.value} data-testid={testId}>
                {proposed}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {record?.problem && <Text size={200}>{record.problem}</Text>}
      {entry.team ? (
        <Text block data-testid="review-team">
          {teamWords(entry.team, entry.decision)}
        </Text>
      ) : (
        entry.decision && (
          <Text block data-testid="review-decided">
            {decisionWords(entry.decision)}
          </Text>
        )
      )}
      <Alternatives review={review} styles={styles} />
      <div className={styles.buttons}>
        <Button appearance="primary" onClick={() => act("accept")}>
          {chosen ? `Accept ${chosen.number} (Enter)` : entry.team ? "Keep (Enter)" : "Accept (Enter)"}
        </Button>
        <Button onClick={() => act("reject")}>{entry.team ? "Override: no match (Delete)" : "Reject (Delete)"}</Button>
        <Button onClick={() => act("skip")}>Skip (→)</Button>
        <Button onClick={() => act("back")} disabled={!review.canGoBack}>
          Back (←)
        </Button>
      </div>
    </div>
  );
}

/** The end of the queue: what happened, and the next step on the numbers just found. */
function Finished({
  review,
  act,
  next,
}: {
  review: Review;
  act(action: Action): void;
  next: RefObject<HTMLButtonElement | null>;
}) {
  const styles = useStyles();
  const navigation = usePaneNavigation();
  const session = review.session;
  if (!session) return null;
  const addFields = async () => {
    const top = session.headerRow ?? session.firstRow;
    const column = { row: top, column: session.outputColumn, rowCount: session.lastRow - top + 1, columnCount: 1 };
    try {
      await selectBlock(session.sheet, column);
    } catch (error) {
      return review.report("Could not select the column of matched numbers", error);
    }
    handOff("builder", "use-selection");
    navigation?.navigate("builder");
  };
  const team = session.queue.filter((e) => e.team).length;
  return (
    <div className={styles.column} data-testid="review-done">
      <Text block>Every queued name has a decision.</Text>
      <div className={styles.buttons}>
        <Button ref={next} appearance="primary" onClick={() => void addFields()}>
          Add fields to these companies
        </Button>
        {team > 0 && (
          <Button
            onClick={review.showTeam}
          >{`Look through your team's decisions (${team.toLocaleString("en-GB")})`}</Button>
        )}
        <Button onClick={() => act("back")} disabled={!review.canGoBack}>
          Back (←)
        </Button>
      </div>
    </div>
  );
}

export function ReviewPanel({ review }: { review: Review }) {
  const styles = useStyles();
  const card = useRef<HTMLDivElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const section = useRef<HTMLElement>(null);
  const { session, showing } = review;
  // Whoever reviews with the keyboard keeps their place: the card (or, at the end, the next step)
  // takes the focus back from a button that went away or a box that was emptied.
  const ended = !showing;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    if (!section.current?.contains(document.activeElement) && document.activeElement !== document.body) return;
    (ended ? next.current : card.current)?.focus();
  }, [ended]);
  if (!session) return null;
  const act = (action: Action) => {
    if (action === "accept") void review.accept().then(() => card.current?.focus());
    else review[action]();
    card.current?.focus();
  };
  const done = session.queue.filter((e) => e.decision).length;
  return (
    <section ref={section} aria-label="Review queue" className={styles.column}>
      <Text weight="semibold" block>
        {`Review queue: ${done} of ${session.queue.length} decided`}
      </Text>
      {showing ? <Card review={review} act={act} card={card} /> : <Finished review={review} act={act} next={next} />}
      {review.problem !== undefined && (
        <ErrorBar title={review.problem.title} error={review.problem.error} onDismiss={review.dismissProblem} />
      )}
    </section>
  );
}
