/**
 * The review queue. A name whose match is less sure than the threshold (default "medium": low and
 * none are queued) waits for the user; identical inputs are one entry, so one decision covers
 * every row that names it. A decision is accept (a company number: the proposal or one typed) or
 * reject (no match); skip only moves on. Decisions are kept with the queue, so reopening the pane
 * (or the workbook) continues where the user left off.
 *
 * Through a team gateway, a name a colleague (or the user, earlier) decided is answered by that
 * decision and sent to no service: its entry is in the queue already decided, "decided by a
 * colleague", so the reviewer can look and override it with one key; a decision of their own on it
 * replaces the team's (and is recorded for the team in turn).
 */
import { CONFIDENCE_LEVELS } from "@ukco/api/matching/schemas";
import type { StoredMatch } from "../cache/snapshot";

export const THRESHOLDS = ["high", "medium", "low"] as const;
export type Threshold = (typeof THRESHOLDS)[number];
export const DEFAULT_THRESHOLD: Threshold = "medium";

export type Decision = { kind: "accepted"; number: string } | { kind: "rejected" };

/** A team decision that answers an entry: who decided (as the gateway names them), when (ISO), and whether it was this user. */
export interface TeamDecided {
  by: string;
  at: string;
  mine: boolean;
}

export interface QueueEntry {
  key: string;
  /** 0-based sheet rows that hold this input. */
  rows: number[];
  name: string;
  postcode: string;
  website: string;
  proposed: StoredMatch;
  decision?: Decision;
  /** The team's decision answered it (and `decision` is that one) until the reviewer decides otherwise. */
  team?: TeamDecided;
}

/** A confidence the service may add later ranks below "none": it is queued, never trusted blindly. */
function rank(confidence: string): number {
  const i = (CONFIDENCE_LEVELS as readonly string[]).indexOf(confidence);
  return i === -1 ? CONFIDENCE_LEVELS.length : i;
}

export function needsReview(match: StoredMatch, threshold: Threshold): boolean {
  // Someone decided it already: the team's decision is not a guess to check.
  if (match.team) return false;
  return !match.number || rank(match.confidence) > rank(threshold);
}

const teamDecision = (match: StoredMatch): Decision =>
  match.number ? { kind: "accepted", number: match.number } : { kind: "rejected" };

export interface QueueInput {
  row: number;
  key: string | undefined;
  name: string;
  postcode: string;
  website: string;
}

/**
 * The entries to review, in sheet order of their first row: the unsure matches, and the ones a
 * team decision answered (`mine`: the keys the user decided themselves), already decided.
 */
export function buildQueue(
  rows: readonly QueueInput[],
  results: ReadonlyMap<string, StoredMatch>,
  threshold: Threshold,
  mine: ReadonlySet<string> = new Set(),
): QueueEntry[] {
  const entries = new Map<string, QueueEntry>();
  for (const row of rows) {
    if (row.key === undefined) continue;
    const match = results.get(row.key);
    if (!match || !(match.team || needsReview(match, threshold))) continue;
    const entry = entries.get(row.key);
    if (entry) entry.rows.push(row.row);
    else
      entries.set(row.key, {
        key: row.key,
        rows: [row.row],
        name: row.name,
        postcode: row.postcode,
        website: row.website,
        proposed: match,
        ...(match.team ? { decision: teamDecision(match), team: { ...match.team, mine: mine.has(row.key) } } : {}),
      });
  }
  return [...entries.values()];
}

/** Where a review starts: the first entry waiting for a decision, else the first. */
export function firstOpen(queue: readonly QueueEntry[]): number {
  return Math.max(
    0,
    queue.findIndex((e) => !e.decision),
  );
}

/** The next entry after `from` that a team decision answers (to look through them); -1 when none is. */
export function nextTeamDecided(queue: readonly QueueEntry[], from: number): number {
  for (let i = from + 1; i < queue.length; i++) if (queue[i]!.team) return i;
  return -1;
}

/** The first entry after `from` (wrapping round) still waiting for a decision; -1 when none is. */
export function nextOpen(queue: readonly QueueEntry[], from: number): number {
  for (let step = 1; step <= queue.length; step++) {
    const i = (from + step) % queue.length;
    if (!queue[i]!.decision) return i;
  }
  return -1;
}

/** The reviewer's decision; over a team decision it is an override, the reviewer's own from then on. */
export function decide(queue: readonly QueueEntry[], index: number, decision: Decision): QueueEntry[] {
  return queue.map((entry, i) => {
    if (i !== index) return entry;
    const { team: _overridden, ...rest } = entry;
    return { ...rest, decision };
  });
}

export interface QueueSummary {
  /** Rows matched at or above the threshold without review. */
  automatic: number;
  /** Rows decided in review: accepted and rejected. */
  accepted: number;
  rejected: number;
  /** Rows still waiting in the queue. */
  left: number;
  /** Rows a team decision answered (and the reviewer left as it was). */
  team: number;
  /** Rows without a result (their job failed) or that could not be sent. */
  unmatched: number;
}

export function summarise(queue: readonly QueueEntry[], totalRows: number, unmatchedRows: number): QueueSummary {
  const rowsWhere = (test: (entry: QueueEntry) => boolean) =>
    queue.filter(test).reduce((sum, entry) => sum + entry.rows.length, 0);
  const team = rowsWhere((e) => e.team !== undefined);
  const accepted = rowsWhere((e) => !e.team && e.decision?.kind === "accepted");
  const rejected = rowsWhere((e) => !e.team && e.decision?.kind === "rejected");
  const left = rowsWhere((e) => !e.decision);
  return {
    automatic: totalRows - unmatchedRows - accepted - rejected - left - team,
    accepted,
    rejected,
    left,
    team,
    unmatched: unmatchedRows,
  };
}
