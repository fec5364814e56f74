/**
 * The stored answers that the UKCO formulas of a refresh scope read, and so what a refresh of that
 * scope fetches again. Each formula's inputs are read from its arguments: literals, or cells of any
 * sheet, where a range gives one input per cell (`=UKCO.FIELD(A2:A2001, B1:F1)` reads 2,000
 * companies), and other arguments pair with it as the call's spill does (argument-grids.ts). The
 * answer each input names comes from its function's definition (function-definition.ts), so a new
 * function counts as soon as it defines its key. An argument that is an expression cannot be read
 * without Excel: its formula is counted apart, never guessed.
 *
 * A selection can hold cells of a spilled table without the formula's cell that spills it. Each of
 * those cells reads what its position reads (argument-grids.ts: in a FIELD table, its row's company;
 * in HISTORY's, GROUP's or MATCH's table, the call's one answer), so the scope names just those
 * answers for that formula (spillParts): the refresh fetches them again when the formula
 * recalculates, and the table's other rows keep what is stored, as they would had the user selected
 * only the cells of those rows in a table of one formula per cell.
 */
import type { ServiceName } from "@ukco/api/credentials";
import { parseAddress, rangeContains, rangeOverlap, type RangeRef } from "../address";
import { argumentGrid, inputsAt, spreadOf, type Grid } from "./argument-grids";
import { COMPANIES } from "../cache/workbook-cache";
import type { SheetCells } from "./change-cells";
import { cellAddress } from "../import/a1";
import { findUkcoCall, isBareCall } from "../formula-text";
import type { FunctionTable } from "./function-definition";
import { storedAnswerOf, type AnswerRef } from "./provenance";
import { answerId, type SpillPart } from "../refresh-scopes";

export interface ScopeAnswers {
  /** Company numbers whose records the formulas read. */
  companies: Set<string>;
  /** Keys of the other answers, by store name (answers.ts). */
  answers: Map<string, Set<string>>;
  /** Which service sends each store's answers (and "companies"). */
  services: Map<string, ServiceName>;
  /** UKCO formulas in the scope (one whose table is selected in part included). */
  formulas: number;
  /** Those whose inputs are expressions, so what they read is not known until Excel runs them. */
  unread: number;
}

/** The inputs of each cell the call spreads over (argument-grids.ts): a range formula reads one per cell. */
function* inputsOf(grids: readonly Grid[]): Generator<unknown[]> {
  const { rows, columns } = spreadOf(grids);
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) yield inputsAt(grids, r, c);
}

/** What a scope names an answer by (refresh-scopes.ts). */
const idOf = (ref: Exclude<AnswerRef, { problem: string }>): string =>
  ref.kind === "company" ? answerId(COMPANIES, ref.number) : answerId(ref.store, ref.key);

const cellKey = (cell: RangeRef) => `${cell.sheet.toLowerCase()}!${cell.firstRow},${cell.firstColumn}`;

/** A UKCO formula of a sheet, at its cell (1-based). */
interface UkcoFormula {
  sheet: SheetCells;
  cell: RangeRef;
  formula: string;
}

function* ukcoFormulas(sheets: readonly SheetCells[]): Generator<UkcoFormula> {
  for (const sheet of sheets)
    for (const [r, row] of sheet.formulas.entries())
      for (const [c, formula] of row.entries()) {
        if (typeof formula !== "string" || !/UKCO\./i.test(formula)) continue;
        const firstRow = sheet.row0 + r + 1;
        const firstColumn = sheet.column0 + c + 1;
        yield {
          sheet,
          formula,
          cell: { sheet: sheet.name, firstRow, lastRow: firstRow, firstColumn, lastColumn: firstColumn },
        };
      }
}

/**
 * The answers the scope's formulas read: everything a formula reads where `covers` covers its cell;
 * for a formula of `spills` (its table selected in part), the answers `covers` covers for its cell.
 */
export function answersInScope(
  table: FunctionTable,
  sheets: readonly SheetCells[],
  covers: (cell: RangeRef, answer?: string) => boolean,
  spills: readonly SpillPart[] = [],
): ScopeAnswers {
  const byName = new Map(sheets.map((sheet) => [sheet.name.toLowerCase(), sheet]));
  const partly = new Set(spills.flatMap(({ anchor }) => parseAddress(anchor) ?? []).map(cellKey));
  const found: ScopeAnswers = { companies: new Set(), answers: new Map(), services: new Map(), formulas: 0, unread: 0 };
  for (const { sheet, cell, formula } of ukcoFormulas(sheets)) {
    const whole = covers(cell);
    if (!whole && !partly.has(cellKey(cell))) continue;
    const call = findUkcoCall(formula);
    if (!call) continue;
    found.formulas += 1;
    const grids = call.args.map((text) => argumentGrid(text, sheet, byName));
    if (grids.some((grid) => grid === undefined)) {
      found.unread += 1;
      continue;
    }
    for (const inputs of inputsOf(grids as Grid[])) {
      const answer = storedAnswerOf(table, call.name, inputs);
      if (!answer || "problem" in answer.ref) continue;
      const { ref, service } = answer;
      if (!whole && !covers(cell, idOf(ref))) continue;
      if (ref.kind === "company") {
        found.companies.add(ref.number);
        found.services.set(COMPANIES, service);
      } else {
        const keys = found.answers.get(ref.store) ?? new Set<string>();
        found.answers.set(ref.store, keys.add(ref.key));
        found.services.set(ref.store, service);
      }
    }
  }
  return found;
}

/**
 * The spilled tables `ranges` select in part, without the formula's cell: for each, the answers of
 * the selected cells. `spills` are where Excel says the sheets' formulas spill (each from its
 * formula's cell, its top-left). A table whose formula is more than the call
 * (`=SORT(UKCO.FIELD(…))`), or whose arguments are expressions, places its answers where only Excel
 * knows: the part names no answers, so the refresh fetches all the formula reads again.
 */
export function spillParts(
  table: FunctionTable,
  sheets: readonly SheetCells[],
  ranges: readonly RangeRef[],
  spills: readonly RangeRef[],
): SpillPart[] {
  const byName = new Map(sheets.map((sheet) => [sheet.name.toLowerCase(), sheet]));
  const parts: SpillPart[] = [];
  for (const area of spills) {
    const anchor = { ...area, lastRow: area.firstRow, lastColumn: area.firstColumn };
    if (ranges.some((range) => rangeContains(range, anchor))) continue;
    const selected = ranges.flatMap((range) => rangeOverlap(area, range) ?? []);
    const sheet = byName.get(area.sheet.toLowerCase());
    const formula = sheet?.formulas[area.firstRow - 1 - sheet.row0]?.[area.firstColumn - 1 - sheet.column0];
    const call = typeof formula === "string" ? findUkcoCall(formula) : undefined;
    if (selected.length === 0 || !sheet || !call) continue;
    const at = cellAddress(sheet.name, area.firstRow - 1, area.firstColumn - 1);
    const grids = call.args.map((text) => argumentGrid(text, sheet, byName));
    if (!isBareCall(formula as string) || grids.some((grid) => grid === undefined)) {
      parts.push({ anchor: at });
      continue;
    }
    const answers = new Set<string>();
    for (const cut of selected)
      for (let row = cut.firstRow; row <= cut.lastRow; row++)
        for (let column = cut.firstColumn; column <= cut.lastColumn; column++) {
          const inputs = inputsAt(grids as Grid[], row - area.firstRow, column - area.firstColumn);
          const answer = storedAnswerOf(table, call.name, inputs);
          if (answer && !("problem" in answer.ref)) answers.add(idOf(answer.ref));
        }
    parts.push({ anchor: at, answers: [...answers] });
  }
  return parts;
}
