/**
 * The five result columns written beside the names: matched number, matched name, confidence
 * (`team` where a team decision answered), company status and the review's outcome ("to review",
 * "decided by ana", "accepted", "rejected"). As values, or as UKCO.MATCH formulas over the row's own
 * name and hint cells (answered from the match cache the run filled). A review decision writes
 * values over the row and keeps the service's confidence as it was: the accepted number with the
 * registered name, or, for a rejected row, an empty number (so a table built on the column has
 * nothing to look up there) and "rejected" in the review column.
 */
import type { StoredMatch } from "../cache/snapshot";
import { columnLetters } from "../import/a1";
import { asSheetText, type SheetValue } from "../import/columns";
import type { Decision } from "./queue";

export const OUTPUT_HEADER = [
  "Matched number",
  "Matched name",
  "Match confidence",
  "Company status",
  "Review",
] as const;
export const OUTPUT_WIDTH = OUTPUT_HEADER.length;
/** Sessions saved before the review column wrote four columns and are still decided in four. */
export const LEGACY_OUTPUT_WIDTH = 4;
/** What the review column says of a row. */
export const REVIEW_WORDS = { queued: "to review", accepted: "accepted", rejected: "rejected" } as const;

/** The review column of a match as the run found it: to review, decided by the team, or nothing. */
export function reviewWord(match: StoredMatch, queued: boolean): SheetValue {
  // The name is the gateway's (a person's): written as text, never read by Excel as a formula.
  if (match.team) return asSheetText(`decided by ${match.team.by}`);
  return queued ? REVIEW_WORDS.queued : "";
}
/** What the four-column layout wrote in the confidence column once the user had decided. */
const LEGACY_REVIEWED = { accepted: "accepted in review", rejected: "rejected in review" } as const;

const textCell = (value: string | null | undefined): SheetValue => (value ? asSheetText(value) : "");

export function matchCells(match: StoredMatch, review: SheetValue = ""): SheetValue[] {
  return [textCell(match.number), textCell(match.name), match.confidence, textCell(match.status), review];
}

export function failedCells(reason: string): SheetValue[] {
  return ["", "", "not matched", asSheetText(reason), ""];
}

export interface DecidedRow {
  /** The registered name and status come from the product record of the number accepted. */
  record?: { name?: string; status?: string };
  /** The service's confidence in its own proposal, kept beside the decision. */
  confidence: string;
  /** The columns the session writes: OUTPUT_WIDTH, or LEGACY_OUTPUT_WIDTH for an older session. */
  width?: number;
}

export function decisionCells(decision: Decision, row: DecidedRow): SheetValue[] {
  const accepted = decision.kind === "accepted";
  const number = accepted ? asSheetText(decision.number) : "";
  const name = accepted ? textCell(row.record?.name) : "";
  const status = accepted ? textCell(row.record?.status) : "";
  if (row.width === LEGACY_OUTPUT_WIDTH) return [number, name, LEGACY_REVIEWED[decision.kind], status];
  return [number, name, row.confidence, status, REVIEW_WORDS[decision.kind]];
}

export interface FormulaColumns {
  nameColumn: number;
  postcodeColumn?: number;
  websiteColumn?: number;
}

/** `=UKCO.MATCH(A2,B2,"","number")` and its three neighbours for one (0-based) row, then the review cell. */
export function matchFormulas(row: number, columns: FormulaColumns, review: SheetValue = ""): SheetValue[] {
  const ref = (column: number | undefined) => (column === undefined ? `""` : `${columnLetters(column)}${row + 1}`);
  const args = `${ref(columns.nameColumn)},${ref(columns.postcodeColumn)},${ref(columns.websiteColumn)}`;
  const formulas = ["number", "name", "confidence", "status"].map((output) => `=UKCO.MATCH(${args},"${output}")`);
  return [...formulas, review];
}

export interface GridInput {
  /** 0-based sheet rows the grid covers (the data rows, without the header). */
  firstRow: number;
  lastRow: number;
  rows: readonly { row: number; key: string | undefined; problem?: string }[];
  output: "values" | "formulas";
  results: ReadonlyMap<string, StoredMatch>;
  /** Why a name has no result (its job failed), by key. */
  failed: ReadonlyMap<string, string>;
  columns: FormulaColumns;
  /** Whether a match waits for review (its row says so in the review column). */
  queued(match: StoredMatch): boolean;
}

/** One row of five cells per sheet row; rows without a name stay empty. */
export function resultGrid(input: GridInput): SheetValue[][] {
  const grid: SheetValue[][] = [];
  for (let row = input.firstRow; row <= input.lastRow; row++) grid.push(["", "", "", "", ""]);
  for (const { row, key, problem } of input.rows) {
    const at = row - input.firstRow;
    const match = key === undefined ? undefined : input.results.get(key);
    if (problem) grid[at] = failedCells(problem);
    else if (key === undefined) continue;
    else if (!match) grid[at] = failedCells(input.failed.get(key) ?? "The matching service gave no result.");
    else {
      const review = reviewWord(match, input.queued(match));
      grid[at] = input.output === "formulas" ? matchFormulas(row, input.columns, review) : matchCells(match, review);
    }
  }
  return grid;
}
