/**
 * The review queue. A name whose match is less sure than the threshold (default "medium": low and
 * none are queued) waits for the user; identical inputs are one entry, so one decision covers
 * every row that names it. A decision is accept (a company number: the proposal or one typed) or
 * reject (no match); skip only moves on. Decisions are kept with the queue, so reopening the pane
 * (or the workbook) continues where the user left off.
 */
import { CONFIDENCE_LEVELS } from "../../api/matching/schemas";
import type { StoredMatch } from "../cache/snapshot";

export const THRESHOLDS = ["high", "medium", "low"] as const;
export type Threshold = (typeof THRESHOLDS)[number];
export const DEFAULT_THRESHOLD: Threshold = "medium";

export type Decision = { kind: "accepted"; number: string } | { kind: "rejected" };

export interface QueueEntry {
  key: string;
  /** 0-based sheet rows that hold this input. */
  rows: number[];
  name: string;
  postcode: string;
  website: string;
  proposed: StoredMatch;
  decision?: Decision;
}

/** A confidence the service may add later ranks below "none": it is queued, never trusted blindly. */
function rank(confidence: string): number {
  const i = (CONFIDENCE_LEVELS as readonly string[]).indexOf(confidence);
  return i === -1 ? CONFIDENCE_LEVELS.length : i;
}

export function needsReview(match: StoredMatch, threshold: Threshold): boolean {
  return !match.number || rank(match.confidence) > rank(threshold);
}

export interface QueueInput {
  row: number;
  key: string | undefined;
  name: string;
  postcode: string;
  website: string;
}

/** The entries to review, in sheet order of their first row. */
export function buildQueue(
  rows: readonly QueueInput[],
  results: ReadonlyMap<string, StoredMatch>,
  threshold: Threshold,
): QueueEntry[] {
  const entries = new Map<string, QueueEntry>();
  for (const row of rows) {
    if (row.key === undefined) continue;
    const match = results.get(row.key);
    if (!match || !needsReview(match, threshold)) continue;
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
      });
  }
  return [...entries.values()];
}

/** The first entry after `from` (wrapping round) still waiting for a decision; -1 when none is. */
export function nextOpen(queue: readonly QueueEntry[], from: number): number {
  for (let step = 1; step <= queue.length; step++) {
    const i = (from + step) % queue.length;
    if (!queue[i]!.decision) return i;
  }
  return -1;
}

export function decide(queue: readonly QueueEntry[], index: number, decision: Decision): QueueEntry[] {
  return queue.map((entry, i) => (i === index ? { ...entry, decision } : entry));
}

export interface QueueSummary {
  /** Rows matched at or above the threshold without review. */
  automatic: number;
  /** Rows decided in review: accepted and rejected. */
  accepted: number;
  rejected: number;
  /** Rows still waiting in the queue. */
  left: number;
  /** Rows without a result (their job failed) or that could not be sent. */
  unmatched: number;
}

export function summarise(queue: readonly QueueEntry[], totalRows: number, unmatchedRows: number): QueueSummary {
  const rowsWhere = (test: (entry: QueueEntry) => boolean) =>
    queue.filter(test).reduce((sum, entry) => sum + entry.rows.length, 0);
  const accepted = rowsWhere((e) => e.decision?.kind === "accepted");
  const rejected = rowsWhere((e) => e.decision?.kind === "rejected");
  const left = rowsWhere((e) => !e.decision);
  return {
    automatic: totalRows - unmatchedRows - accepted - rejected - left,
    accepted,
    rejected,
    left,
    unmatched: unmatchedRows,
  };
}
