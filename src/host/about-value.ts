/**
 * Reads the active cell's formula and the values of its inputs, for the pane's "About this value":
 * literals are read from the formula's text, references from the workbook. Only plain inputs are
 * read (a literal or one cell); anything else (an expression, a range) is left unknown.
 */
import type { Engine } from "../core/engine";
import { argumentOf, findUkcoCall, type ValueProvenance } from "../core/provenance";

export interface AboutCell {
  address: string;
  value: unknown;
  formula: unknown;
  /** The inputs as the function received them (undefined where this cannot tell). */
  inputs: unknown[];
  provenance: ValueProvenance;
}

export async function describeActiveCell(engine: Engine): Promise<AboutCell> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load(["address", "values", "formulas"]);
    const sheet = cell.worksheet;
    await context.sync();
    const formula = cell.formulas[0]?.[0];
    const call = typeof formula === "string" ? findUkcoCall(formula) : undefined;
    const parts = (call?.args ?? []).map(argumentOf);
    const ranges = parts.map((part) => {
      if (!part || !("reference" in part)) return undefined;
      const { sheet: name, cell: address } = part.reference;
      const range = (name ? context.workbook.worksheets.getItem(name) : sheet).getRange(address);
      range.load("values");
      return range;
    });
    if (ranges.some(Boolean)) await context.sync();
    const inputs = parts.map((part, i) => (part && "value" in part ? part.value : ranges[i]?.values[0]?.[0]));
    return {
      address: cell.address,
      value: cell.values[0]?.[0],
      formula,
      inputs,
      provenance: engine.provenance(formula, inputs),
    };
  });
}
