/**
 * The four result columns written beside the names: matched number, matched name, confidence and
 * company status. As values, or as UKCO.MATCH formulas over the row's own name and hint cells
 * (answered from the match cache the run filled). A review decision writes values over the row:
 * the accepted number with the registered name, or a plain "No match" mark.
 */
import type { StoredMatch } from "../cache/snapshot";
import { columnLetters } from "../import/a1";
import { asSheetText, type SheetValue } from "../import/columns";
import type { Decision } from "./queue";

export const OUTPUT_HEADER = ["Matched number", "Matched name", "Match confidence", "Company status"] as const;
export const OUTPUT_WIDTH = OUTPUT_HEADER.length;
/** What a rejected row shows in the number column. */
export const NO_MATCH = "No match";
/** What the confidence column shows once the user has decided. */
export const REVIEWED = { accepted: "accepted in review", rejected: "rejected in review" } as const;

const textCell = (value: string | null | undefined): SheetValue => (value ? asSheetText(value) : "");

export function matchCells(match: StoredMatch): SheetValue[] {
  return [textCell(match.number), textCell(match.name), match.confidence, textCell(match.status)];
}

export function failedCells(reason: string): SheetValue[] {
  return ["", "", "not matched", asSheetText(reason)];
}

/** The registered name and status come from the product record of the number accepted. */
export function decisionCells(decision: Decision, record?: { name?: string; status?: string }): SheetValue[] {
  if (decision.kind === "rejected") return [NO_MATCH, "", REVIEWED.rejected, ""];
  return [asSheetText(decision.number), textCell(record?.name), REVIEWED.accepted, textCell(record?.status)];
}

export interface FormulaColumns {
  nameColumn: number;
  postcodeColumn?: number;
  websiteColumn?: number;
}

/** `=UKCO.MATCH(A2,B2,"","number")` and its three neighbours for one (0-based) row. */
export function matchFormulas(row: number, columns: FormulaColumns): string[] {
  const ref = (column: number | undefined) => (column === undefined ? `""` : `${columnLetters(column)}${row + 1}`);
  const args = `${ref(columns.nameColumn)},${ref(columns.postcodeColumn)},${ref(columns.websiteColumn)}`;
  return ["number", "name", "confidence", "status"].map((output) => `=UKCO.MATCH(${args},"${output}")`);
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
}

/** One row of four cells per sheet row; rows without a name stay empty. */
export function resultGrid(input: GridInput): SheetValue[][] {
  const grid: SheetValue[][] = [];
  for (let row = input.firstRow; row <= input.lastRow; row++) grid.push(["", "", "", ""]);
  for (const { row, key, problem } of input.rows) {
    const at = row - input.firstRow;
    const match = key === undefined ? undefined : input.results.get(key);
    if (problem) grid[at] = failedCells(problem);
    else if (key === undefined) continue;
    else if (!match) grid[at] = failedCells(input.failed.get(key) ?? "The matching service gave no result.");
    else grid[at] = input.output === "formulas" ? matchFormulas(row, input.columns) : matchCells(match);
  }
  return grid;
}
