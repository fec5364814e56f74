/**
 * Reads the active cell's formula and the values of its inputs, for the pane's "About this value":
 * literals are read from the formula's text, references (a cell or a range) from the workbook. A
 * cell inside a spill is described by the formula that spilled it: its inputs are those of its
 * position (its row's company, its column's field; core/analysis/argument-grids.ts), or, in a table the call
 * spills of its own (HISTORY, GROUP), the part of the answer it shows. Anything else (an expression)
 * is left unknown.
 *
 * Cells are read as Excel gives them: a card through valuesAsJson (ExcelApi 1.16), as the name it
 * shows (values would give #VALUE!). Finding the formula a spilled cell comes from needs ExcelApi
 * 1.12 (capabilities.ts): without it, a cell without a formula of its own says so and names what
 * it would take.
 */
import { inputsAt } from "@ukco/core/analysis/argument-grids";
import { argumentOf, findUkcoCall, referenceOf } from "@ukco/core/formula-text";
import type { Engine } from "@ukco/core/engine";
import { functionTable } from "../../host/function-table";
import { provenanceOf, type ValueProvenance } from "@ukco/core/analysis/provenance";
import { CAPABILITIES, hostHas, needsInWords } from "../../host/capabilities";
import { readBlock } from "../../host/sized-sync";

export interface AboutCell {
  address: string;
  value: unknown;
  formula: unknown;
  /** The inputs as the function received them for this cell (undefined where this cannot tell). */
  inputs: unknown[];
  provenance: ValueProvenance;
  /** The address of the formula that spilled into this cell, when it is not the cell's own. */
  spilledFrom?: string;
  /**
   * Set when the cell holds a value but no formula of its own, on an Excel that cannot find the
   * formula a spilled cell comes from: what that needs, and the builds that have it.
   */
  spillNotFound?: { needs: string; where: string };
}

/** What a cell shows, from its valuesAsJson: a card's name, else its basic value. */
function shownValue(json: unknown): unknown {
  const value = json as { type?: string; text?: unknown; basicValue?: unknown } | null;
  if (value?.type === "Entity" || value?.type === "LinkedEntity") return value.text;
  return value?.basicValue;
}

/** The values of a block as the cells show them (cards by name where the host can read them), a slice at a time. */
async function shownValues(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  block: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number },
): Promise<unknown[][]> {
  if (!hostHas("readDataTypes")) return (await readBlock(context, sheet, block, ["values"])).values;
  const { valuesAsJson } = await readBlock(context, sheet, block, ["valuesAsJson"]);
  return valuesAsJson.map((row) => row.map(shownValue));
}

export async function describeActiveCell(engine: Engine): Promise<AboutCell> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load(["address", "formulas", "rowIndex", "columnIndex"]);
    const spills = hostHas("spills");
    const parent = spills ? cell.getSpillParentOrNullObject() : undefined;
    parent?.load(["address", "formulas", "rowIndex", "columnIndex"]);
    await context.sync();
    const own = cell.formulas[0]?.[0];
    const spilled = parent !== undefined && !parent.isNullObject && parent.address !== cell.address;
    const anchor = spilled ? parent : cell;
    const formula = spilled ? parent.formulas[0]?.[0] : own;
    const sheet = anchor.worksheet;
    const [[value] = []] = await shownValues(context, cell.worksheet, {
      rowIndex: cell.rowIndex,
      columnIndex: cell.columnIndex,
      rowCount: 1,
      columnCount: 1,
    });
    const call = typeof formula === "string" ? findUkcoCall(formula) : undefined;
    const grids: (unknown[][] | undefined)[] = [];
    for (const text of call?.args ?? []) {
      const literal = argumentOf(text);
      const reference = literal && "value" in literal ? undefined : referenceOf(text);
      if (literal && "value" in literal) grids.push([[literal.value]]);
      else if (!reference) grids.push(undefined);
      else {
        const { range: at } = reference;
        grids.push(
          await shownValues(context, reference.sheet ? context.workbook.worksheets.getItem(reference.sheet) : sheet, {
            rowIndex: at.firstRow - 1,
            columnIndex: at.firstColumn - 1,
            rowCount: at.lastRow - at.firstRow + 1,
            columnCount: at.lastColumn - at.firstColumn + 1,
          }),
        );
      }
    }
    const at = { row: cell.rowIndex - anchor.rowIndex, column: cell.columnIndex - anchor.columnIndex };
    const inputs = inputsAt(
      grids.map((grid) => grid ?? [[undefined]]),
      at.row,
      at.column,
    );
    const ownFormula = typeof own === "string" && own.startsWith("=");
    const spillNotFound =
      !spills && !ownFormula && value !== "" && value !== undefined && value !== null
        ? { needs: needsInWords("spills"), where: CAPABILITIES.spills.where }
        : undefined;
    return {
      address: cell.address,
      value,
      formula,
      inputs,
      provenance: provenanceOf(functionTable(), formula, inputs, engine.storedAnswers(), at),
      ...(spilled ? { spilledFrom: parent.address } : {}),
      ...(spillNotFound ? { spillNotFound } : {}),
    };
  });
}
