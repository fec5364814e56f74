/**
 * Convert to values: replaces the UKCO formulas in the selection with what they show now,
 * spilled results included, so a workbook can be shared with people who do not have the add-in.
 * Other formulas and constants are left alone. A spill is read whole before anything is written
 * (writing its first cell removes the formula and with it the spill), and both reading and
 * writing go in bands of rows so no request nears Excel on the web's 5 MB limit.
 */
import { asSheetText, type SheetValue } from "../core/import/columns";

const UKCO_FORMULA = /^=.*\bUKCO\./i;
/** INFERRED (ours): cells per read or write; at a few dozen bytes a cell, well under 5 MB. */
export const BAND_CELLS = 50_000;

export interface ConversionResult {
  /** UKCO formulas replaced by their values. */
  converted: number;
  /** Cells written, spilled ones included. */
  cells: number;
  /** Formulas still calculating (#BUSY!), left as formulas. */
  stillCalculating: number;
}

type Anchor = { row: number; column: number };

interface Block {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** Strings are written as text (a value "=x" must not become a formula); error codes stay errors. */
function asWritten(value: unknown, type: string): SheetValue {
  if (type === "Error") return String(value);
  return typeof value === "string" && value !== "" ? asSheetText(value) : (value as SheetValue);
}

function bands(block: Block): Block[] {
  const rowsPerBand = Math.max(1, Math.floor(BAND_CELLS / block.columns));
  const out: Block[] = [];
  for (let r = 0; r < block.rows; r += rowsPerBand)
    out.push({ ...block, row: block.row + r, rows: Math.min(rowsPerBand, block.rows - r) });
  return out;
}

/** The UKCO anchors of a block, read band by band. */
async function findAnchors(context: Excel.RequestContext, sheet: Excel.Worksheet, block: Block): Promise<Anchor[]> {
  const anchors: Anchor[] = [];
  for (const band of bands(block)) {
    const range = sheet.getRangeByIndexes(band.row, band.column, band.rows, band.columns);
    range.load("formulas");
    await context.sync();
    range.formulas.forEach((cells, r) =>
      cells.forEach((formula, c) => {
        if (typeof formula === "string" && UKCO_FORMULA.test(formula))
          anchors.push({ row: band.row + r, column: band.column + c });
      }),
    );
  }
  return anchors;
}

/** INFERRED (ours): anchors looked at per round trip. */
const ANCHORS_PER_SYNC = 500;

/** Reads a spill whole, then writes it back as values, the band holding the anchor first. */
async function convertSpill(context: Excel.RequestContext, sheet: Excel.Worksheet, block: Block): Promise<void> {
  const read = bands(block).map((band) => {
    const range = sheet.getRangeByIndexes(band.row, band.column, band.rows, band.columns);
    range.load(["values", "valueTypes"]);
    return { band, range };
  });
  await context.sync();
  for (const { band, range } of read) {
    sheet.getRangeByIndexes(band.row, band.column, band.rows, band.columns).values = range.values.map((row, r) =>
      row.map((value, c) => asWritten(value, String(range.valueTypes[r]?.[c]))),
    );
    await context.sync();
  }
}

async function convertGroup(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  anchors: Anchor[],
  result: ConversionResult,
): Promise<void> {
  const looked = anchors.map((anchor) => {
    const cell = sheet.getRangeByIndexes(anchor.row, anchor.column, 1, 1);
    const spill = cell.getSpillingToRangeOrNullObject();
    cell.load(["values", "valueTypes"]);
    spill.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
    return { cell, spill };
  });
  await context.sync();
  const spills: Block[] = [];
  for (const { cell, spill } of looked) {
    if (cell.values[0]?.[0] === "#BUSY!") {
      result.stillCalculating += 1;
      continue;
    }
    result.converted += 1;
    if (spill.isNullObject) {
      cell.values = [[asWritten(cell.values[0]?.[0], String(cell.valueTypes[0]?.[0]))]];
      result.cells += 1;
    } else {
      spills.push({ row: spill.rowIndex, column: spill.columnIndex, rows: spill.rowCount, columns: spill.columnCount });
      result.cells += spill.rowCount * spill.columnCount;
    }
  }
  await context.sync();
  for (const block of spills) await convertSpill(context, sheet, block);
}

export async function convertSelectionToValues(): Promise<ConversionResult> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    const sheet = selected.worksheet;
    const used = sheet.getUsedRangeOrNullObject(false);
    const target = selected.getIntersectionOrNullObject(used);
    target.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
    await context.sync();
    const result: ConversionResult = { converted: 0, cells: 0, stillCalculating: 0 };
    if (target.isNullObject) return result;
    const block = {
      row: target.rowIndex,
      column: target.columnIndex,
      rows: target.rowCount,
      columns: target.columnCount,
    };
    const anchors = await findAnchors(context, sheet, block);
    for (let i = 0; i < anchors.length; i += ANCHORS_PER_SYNC)
      await convertGroup(context, sheet, anchors.slice(i, i + ANCHORS_PER_SYNC), result);
    return result;
  });
}
