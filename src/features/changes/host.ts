/**
 * The changed cells in Excel: found from every sheet's formulas (core/analysis/change-cells.ts), selected,
 * highlighted, and the highlight cleared with each cell's previous fill put back.
 */
import { splitSheet } from "@ukco/core/address";
import { cellsShowingChanges, type ChangesToPlace } from "@ukco/core/analysis/change-cells";
import { functionTable } from "../../host/function-table";
import { readSheetCells } from "../../host/sheet-cells";

/** INFERRED (ours): a light amber, readable under black text in both light and dark Office themes. */
const HIGHLIGHT = "#FFE699";

/** Excel reports a cell with no fill as white, so white is put back as no fill. */
const NO_FILL = "#FFFFFF";

/** Each change's cells, by changeKey (a company's field) or answerChangeKey (another answer). */
export async function locateChangedCells(changes: ChangesToPlace): Promise<Map<string, string[]>> {
  if (changes.changes.length + changes.answers.length === 0) return new Map();
  return cellsShowingChanges(functionTable(), await readSheetCells(), changes);
}

export async function selectCell(address: string): Promise<void> {
  await Excel.run(async (context) => {
    const range = rangeOf(context, address);
    range.worksheet.activate();
    range.select();
    await context.sync();
  });
}

/** The fills the highlight replaced, by address, until it is cleared (in memory: a reload forgets them). */
const replacedFills = new Map<string, string>();

function rangeOf(context: Excel.RequestContext, address: string): Excel.Range {
  const [sheet, cells] = splitSheet(address);
  return context.workbook.worksheets.getItem(sheet).getRange(cells);
}

/** Fills the cells in a highlight colour, remembering each one's fill first. Returns how many. */
export async function highlightCells(addresses: readonly string[]): Promise<number> {
  const fresh = addresses.filter((address) => !replacedFills.has(address));
  await Excel.run(async (context) => {
    const fills = fresh.map((address) => {
      const fill = rangeOf(context, address).format.fill;
      fill.load("color");
      return fill;
    });
    await context.sync();
    fresh.forEach((address, i) => replacedFills.set(address, fills[i]!.color));
    for (const address of addresses) rangeOf(context, address).format.fill.color = HIGHLIGHT;
    await context.sync();
  });
  return addresses.length;
}

/** Puts back the fills the highlight replaced. Returns how many cells. */
export async function clearHighlight(): Promise<number> {
  const restored = [...replacedFills];
  await Excel.run(async (context) => {
    for (const [address, color] of restored) {
      const fill = rangeOf(context, address).format.fill;
      if (color.toUpperCase() === NO_FILL) fill.clear();
      else fill.color = color;
    }
    await context.sync();
  });
  replacedFills.clear();
  return restored.length;
}
