/** The sentences Match names shows about its queue. */
import type { Decision, QueueSummary, TeamDecided } from "@ukco/core/match-names/queue";
import type { RunOutcome } from "@ukco/core/match-names/run";

const n = (value: number) => value.toLocaleString("en-GB");

/** "480 rows matched automatically; 3 reviewed (2 accepted, 1 rejected); 17 left to review." */
export function queueSummary(s: QueueSummary): string {
  const parts = [
    `${n(s.automatic)} row${s.automatic === 1 ? "" : "s"} matched automatically`,
    `${n(s.accepted + s.rejected)} reviewed (${n(s.accepted)} accepted, ${n(s.rejected)} rejected)`,
    `${n(s.left)} left to review`,
  ];
  if (s.team) parts.splice(1, 0, `${n(s.team)} decided by your team`);
  if (s.unmatched) parts.push(`${n(s.unmatched)} not matched`);
  return `${parts.join("; ")}.`;
}

/** The rows that name this input, as the sheet numbers them: "row 31", "rows 4, 9 and 12". */
export function sheetRows(rows: readonly number[]): string {
  const numbers = rows.slice(0, 4).map((row) => String(row + 1));
  const more = rows.length > 4 ? ` and ${rows.length - 4} more` : "";
  if (rows.length === 1) return `row ${numbers[0]}`;
  return more ? `rows ${numbers.join(", ")}${more}` : `rows ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}

/** "incorporated 3 Mar 2015" from the record's yyyy-mm-dd; undefined when the record has no date. */
export function incorporatedOn(isoDate: string | undefined): string | undefined {
  if (!isoDate) return undefined;
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** "Decided by a colleague: ana, 3 May 2025, 14:02." for an entry a team decision answers. */
export function teamWords(team: TeamDecided, decision: Decision | undefined): string {
  const who = team.mine ? "Decided by you earlier" : `Decided by a colleague: ${team.by}`;
  const when = new Date(team.at).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
  const what = decision?.kind === "accepted" ? `company ${decision.number}` : "no match";
  return `${who}, ${when} (${what}). Enter keeps it; Delete overrides it with "no match"; or find another company below.`;
}

/** What was decided for an entry shown again with Back. */
export function decisionWords(decision: Decision): string {
  return decision.kind === "accepted"
    ? `Decided: accepted ${decision.number}. Decide again to change it.`
    : "Decided: rejected. Decide again to change it.";
}

/**
 * What a run did, counted as it happened: "Matched 18 of 20 distinct names in 1 batch job (2 had no
 * match); wrote the results in columns C to G." A name the service answered without a company is
 * not counted as matched, and one whose job failed is not counted as answered.
 */
export function runMessage(outcome: RunOutcome, distinct: number, where: string, replacesPrevious: boolean): string {
  const answers = [...outcome.results.values()];
  const matched = answers.filter((m) => m.number).length;
  const none = answers.length - matched;
  const jobs = `${n(outcome.jobs)} batch job${outcome.jobs === 1 ? "" : "s"}`;
  const notes = [
    ...(none ? [`${n(none)} had no match`] : []),
    ...(outcome.decided ? [`${n(outcome.decided)} answered by your team's decisions, with no job`] : []),
  ];
  const noted = notes.length ? ` (${notes.join("; ")})` : "";
  const over = replacesPrevious ? ", over the previous run's results and review for these names" : "";
  return `Matched ${n(matched)} of ${n(distinct)} distinct names in ${jobs}${noted}; wrote the results in ${where}${over}.`;
}
