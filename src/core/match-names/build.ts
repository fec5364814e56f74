/**
 * From a finished run to what is written and kept: where the four result columns go (the first
 * free ones right of the names, or the previous run's own columns for the same names, which the
 * pane then says it wrote over), the grid for them, and the session with its review queue.
 */
import { firstFreeColumns, type HintChoice, type NameRow, type SheetBlock } from "./input";
import { OUTPUT_HEADER, OUTPUT_WIDTH, resultGrid } from "./output";
import { buildQueue, firstOpen, needsReview, type Threshold } from "./queue";
import type { RunOutcome } from "./run";
import { MATCH_SESSION_VERSION, type MatchSession, type OutputKind } from "./session";
import type { SheetValue } from "../import/columns";

export interface Placement {
  column: number;
  /** True when the columns are those an earlier run for the same names wrote. */
  replacesPrevious: boolean;
}

/**
 * The previous run's columns are written over only when they still carry its header; anything
 * else (no header to tell by, or the user's own data there now) gets the first free columns.
 */
export function placeResults(block: SheetBlock, header: boolean, previous: MatchSession | undefined): Placement {
  const head = block.values[0] ?? [];
  const ours =
    previous !== undefined &&
    header &&
    previous.sheet === block.sheet &&
    previous.nameColumn === block.nameColumn &&
    previous.headerRow === block.top &&
    OUTPUT_HEADER.every((title, i) => head[previous.outputColumn + i] === title);
  if (ours) return { column: previous.outputColumn, replacesPrevious: true };
  return { column: firstFreeColumns(block, OUTPUT_WIDTH), replacesPrevious: false };
}

export interface BuildInput {
  block: SheetBlock;
  choice: HintChoice;
  rows: readonly NameRow[];
  outcome: RunOutcome;
  threshold: Threshold;
  output: OutputKind;
  column: number;
  now: Date;
}

export function buildSession(input: BuildInput): { session: MatchSession; grid: SheetValue[][] } {
  const { block, choice, rows, outcome } = input;
  const firstRow = block.top + (choice.header ? 1 : 0);
  const lastRow = Math.max(firstRow, block.top + block.values.length - 1);
  const failed = new Map(outcome.failures.flatMap((f) => f.keys.map((key): [string, string] => [key, f.message])));
  const grid = resultGrid({
    firstRow,
    lastRow,
    rows,
    output: input.output,
    results: outcome.results,
    failed,
    queued: (match) => needsReview(match, input.threshold),
    columns: {
      nameColumn: block.nameColumn,
      postcodeColumn: choice.postcodeColumn,
      websiteColumn: choice.websiteColumn,
    },
  });
  const queue = buildQueue(rows, outcome.results, input.threshold, outcome.mine);
  const unmatchedRows = rows.filter((r) => r.problem || (r.key !== undefined && !outcome.results.has(r.key))).length;
  const session: MatchSession = {
    version: MATCH_SESSION_VERSION,
    sheet: block.sheet,
    nameColumn: block.nameColumn,
    outputColumn: input.column,
    outputWidth: OUTPUT_WIDTH,
    ...(choice.header ? { headerRow: block.top } : {}),
    firstRow,
    lastRow,
    ...(choice.postcodeColumn !== undefined ? { postcodeColumn: choice.postcodeColumn } : {}),
    ...(choice.websiteColumn !== undefined ? { websiteColumn: choice.websiteColumn } : {}),
    threshold: input.threshold,
    output: input.output,
    totalRows: rows.length,
    unmatchedRows,
    jobs: outcome.jobs,
    failures: outcome.failures.filter((f) => !f.cancelled).map((f) => f.message),
    queue,
    position: firstOpen(queue),
    matchedAt: input.now.toISOString(),
  };
  return { session, grid };
}
