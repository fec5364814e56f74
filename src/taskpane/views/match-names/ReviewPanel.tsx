/**
 * One queued name at a time: the input beside the proposed company and its register facts, a box
 * for another company number with type-ahead, and Accept (Enter), Reject (Delete) and Skip (→),
 * which work from the keyboard anywhere in the panel outside the number box.
 */
import { Button, Field, Input, Text } from "@fluentui/react-components";
import type { KeyboardEvent } from "react";
import { ErrorBar } from "../../components/ErrorBar";
import type { useReview } from "./useReview";

type Review = ReturnType<typeof useReview>;

const shown = (value: string | null | undefined) => (value ? value : "—");
/** The rows that name this input, as the sheet numbers them: "row 31", "rows 4, 9 and 12". */
function sheetRows(rows: readonly number[]): string {
  const numbers = rows.slice(0, 4).map((row) => String(row + 1));
  const more = rows.length > 4 ? ` and ${rows.length - 4} more` : "";
  if (rows.length === 1) return `row ${numbers[0]}`;
  return more ? `rows ${numbers.join(", ")}${more}` : `rows ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}

function onKeys(review: Review) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // A focused button answers Enter itself; the number box keeps Delete and arrows for editing.
    if (target.tagName === "BUTTON") return;
    const inBox = target.tagName === "INPUT";
    if (event.key === "Enter") review.accept();
    else if (!inBox && (event.key === "Delete" || event.key === "Backspace")) review.reject();
    else if (!inBox && event.key === "ArrowRight") review.skip();
    else return;
    event.preventDefault();
  };
}

export function ReviewPanel({ review }: { review: Review }) {
  const { session, entry, open, facts } = review;
  if (!session || !entry) return null;
  const done = session.queue.filter((e) => e.decision).length;
  const proposedNumber = entry.proposed.number ?? undefined;
  const record = proposedNumber ? facts.get(proposedNumber) : undefined;
  const hits = review.hits.status === "done" ? review.hits.result : [];
  return (
    <section aria-label="Review queue" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Text weight="semibold" block>
        {`Review queue: ${done} of ${session.queue.length} decided`}
      </Text>
      {!open ? (
        <Text block data-testid="review-done">
          Every queued name has a decision.
        </Text>
      ) : (
        <div
          tabIndex={0}
          role="group"
          aria-label={`Queued name ${session.position + 1} of ${session.queue.length}: ${entry.name}. Enter accepts, Delete rejects, right arrow skips.`}
          data-testid="review-entry"
          onKeyDown={onKeys(review)}
          style={{ display: "flex", flexDirection: "column", gap: 8, outlineOffset: 2 }}
        >
          <table style={{ borderCollapse: "collapse", fontSize: 12, width: "100%" }}>
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col" style={{ textAlign: "left" }}>
                  Your row
                </th>
                <th scope="col" style={{ textAlign: "left" }}>
                  Proposed ({entry.proposed.confidence})
                </th>
              </tr>
            </thead>
            <tbody style={{ wordBreak: "break-word" }}>
              <tr>
                <th scope="row">Name</th>
                <td data-testid="review-input">{entry.name}</td>
                <td data-testid="review-proposed">{shown(record?.name ?? entry.proposed.name)}</td>
              </tr>
              <tr>
                <th scope="row">Number</th>
                <td>{sheetRows(entry.rows)}</td>
                <td data-testid="review-number">{shown(proposedNumber)}</td>
              </tr>
              <tr>
                <th scope="row">Postcode</th>
                <td>{shown(entry.postcode)}</td>
                <td>{shown(record?.postcode ?? entry.proposed.postcode)}</td>
              </tr>
              <tr>
                <th scope="row">Status</th>
                <td />
                <td>{shown(record?.status ?? entry.proposed.status)}</td>
              </tr>
              <tr>
                <th scope="row">Incorporated</th>
                <td />
                <td>{shown(record?.incorporated)}</td>
              </tr>
            </tbody>
          </table>
          {record?.problem && <Text size={200}>{record.problem}</Text>}
          <Field label="Or another company number" hint="Type its start to see the companies whose number starts so.">
            <Input value={review.typed} onChange={(_, data) => review.type(data.value)} data-testid="review-typed" />
          </Field>
          {hits.length > 0 && (
            <ul aria-label="Companies whose number starts so" style={{ margin: 0, paddingLeft: 0, listStyle: "none" }}>
              {hits.map((hit) => (
                <li key={hit.number}>
                  <Button appearance="transparent" size="small" onClick={() => review.type(hit.number)}>
                    {`${hit.number} ${hit.name}${hit.status ? ` (${hit.status})` : ""}`}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
            <Button appearance="primary" onClick={() => review.accept()}>
              Accept (Enter)
            </Button>
            <Button onClick={review.reject}>Reject (Delete)</Button>
            <Button onClick={review.skip}>Skip (→)</Button>
          </div>
        </div>
      )}
      {review.problem !== undefined && (
        <ErrorBar title={review.problem.title} error={review.problem.error} onDismiss={review.dismissProblem} />
      )}
    </section>
  );
}
