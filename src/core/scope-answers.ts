/**
 * The stored answers that the UKCO formulas of a refresh scope read, and so what a refresh of that
 * scope fetches again. Each formula's inputs are read from its arguments: literals, or cells of any
 * sheet, where a range gives one input per cell (`=UKCO.FIELD(A2:A2001, B1:F1)` reads 2,000
 * companies), and other arguments pair with it as the call's spill does (argument-grids.ts). The
 * answer each input names comes from its function's entry (function-entries.ts), so a new function counts as soon as it
 * has its line there. An argument that is an expression cannot be read without Excel: its formula
 * is counted apart, never guessed.
 */
import type { ServiceName } from "../api/credentials";
import type { RangeRef } from "./address";
import { argumentGrid, inputsAt, spreadOf, type Grid } from "./argument-grids";
import type { SheetCells } from "./change-cells";
import { findUkcoCall, storedAnswerOf } from "./provenance";

export interface ScopeAnswers {
  /** Company numbers whose records the formulas read. */
  companies: Set<string>;
  /** Keys of the other answers, by store name (answers.ts). */
  answers: Map<string, Set<string>>;
  /** Which service sends each store's answers (and "companies"). */
  services: Map<string, ServiceName>;
  /** UKCO formulas in the scope. */
  formulas: number;
  /** Those whose inputs are expressions, so what they read is not known until Excel runs them. */
  unread: number;
}

/** The inputs of each cell the call spreads over (argument-grids.ts): a range formula reads one per cell. */
function* inputsOf(grids: readonly Grid[]): Generator<unknown[]> {
  const { rows, columns } = spreadOf(grids);
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) yield inputsAt(grids, r, c);
}

export function answersInScope(sheets: readonly SheetCells[], covers: (cell: RangeRef) => boolean): ScopeAnswers {
  const byName = new Map(sheets.map((sheet) => [sheet.name.toLowerCase(), sheet]));
  const found: ScopeAnswers = { companies: new Set(), answers: new Map(), services: new Map(), formulas: 0, unread: 0 };
  for (const sheet of sheets) {
    sheet.formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        if (typeof formula !== "string" || !/UKCO\./i.test(formula)) return;
        const row1 = sheet.row0 + r + 1;
        const column1 = sheet.column0 + c + 1;
        const cell = { sheet: sheet.name, firstRow: row1, lastRow: row1, firstColumn: column1, lastColumn: column1 };
        if (!covers(cell)) return;
        const call = findUkcoCall(formula);
        if (!call) return;
        found.formulas += 1;
        const grids = call.args.map((text) => argumentGrid(text, sheet, byName));
        if (grids.some((grid) => grid === undefined)) {
          found.unread += 1;
          return;
        }
        for (const inputs of inputsOf(grids as Grid[])) {
          const answer = storedAnswerOf(call.name, inputs);
          if (!answer || "problem" in answer.ref) continue;
          const { ref, service } = answer;
          if (ref.kind === "company") {
            found.companies.add(ref.number);
            found.services.set("companies", service);
          } else {
            const keys = found.answers.get(ref.store) ?? new Set<string>();
            found.answers.set(ref.store, keys.add(ref.key));
            found.services.set(ref.store, service);
          }
        }
      }),
    );
  }
  return found;
}
