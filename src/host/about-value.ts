/**
 * Reads the active cell's formula and the values of its inputs, for the pane's "About this value":
 * literals are read from the formula's text, references (a cell or a range) from the workbook. A
 * cell inside a spill is described by the formula that spilled it: its inputs are those of its
 * position (its row's company, its column's field; core/analysis/argument-grids.ts), or, in a table the call
 * spills of its own (HISTORY, GROUP), the part of the answer it shows. Anything else (an expression)
 * is left unknown.
 */
import { inputsAt } from "../core/analysis/argument-grids";
import { argumentOf, findUkcoCall, referenceOf } from "../core/formula-text";
import type { Engine } from "../core/engine";
import { functionTable } from "./function-table";
import { provenanceOf, type ValueProvenance } from "../core/analysis/provenance";

export interface AboutCell {
  address: string;
  value: unknown;
  formula: unknown;
  /** The inputs as the function received them for this cell (undefined where this cannot tell). */
  inputs: unknown[];
  provenance: ValueProvenance;
  /** The address of the formula that spilled into this cell, when it is not the cell's own. */
  spilledFrom?: string;
}

export async function describeActiveCell(engine: Engine): Promise<AboutCell> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load(["address", "values", "formulas", "rowIndex", "columnIndex"]);
    const parent = cell.getSpillParentOrNullObject();
    parent.load(["address", "formulas", "rowIndex", "columnIndex"]);
    await context.sync();
    const own = cell.formulas[0]?.[0];
    const spilled = !parent.isNullObject && parent.address !== cell.address;
    const anchor = spilled ? parent : cell;
    const formula = spilled ? parent.formulas[0]?.[0] : own;
    const sheet = anchor.worksheet;
    const call = typeof formula === "string" ? findUkcoCall(formula) : undefined;
    const ranges = (call?.args ?? []).map((text) => {
      const literal = argumentOf(text);
      if (literal && "value" in literal) return { value: literal.value };
      const reference = referenceOf(text);
      if (!reference) return undefined;
      const { range: at } = reference;
      const range = (reference.sheet ? context.workbook.worksheets.getItem(reference.sheet) : sheet).getRangeByIndexes(
        at.firstRow - 1,
        at.firstColumn - 1,
        at.lastRow - at.firstRow + 1,
        at.lastColumn - at.firstColumn + 1,
      );
      range.load("values");
      return { range };
    });
    if (ranges.some((part) => part && "range" in part)) await context.sync();
    const grids = ranges.map((part) => (!part ? undefined : "value" in part ? [[part.value]] : part.range.values));
    const at = { row: cell.rowIndex - anchor.rowIndex, column: cell.columnIndex - anchor.columnIndex };
    const inputs = inputsAt(
      grids.map((grid) => grid ?? [[undefined]]),
      at.row,
      at.column,
    );
    return {
      address: cell.address,
      value: cell.values[0]?.[0],
      formula,
      inputs,
      provenance: provenanceOf(functionTable(), formula, inputs, engine.storedAnswers(), at),
      ...(spilled ? { spilledFrom: parent.address } : {}),
    };
  });
}
