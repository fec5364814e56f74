/**
 * The table builder's reads and writes in Excel: the selected column, the first empty columns to
 * its right, the block of header and formulas (core/builder-layout.ts decides what goes where),
 * and a selected UKCO.FIELD formula opened and written back. Nothing is written over a cell that
 * holds data: the write is refused with the cells named, before anything changes.
 */
import { readBlock, writeGrid } from "../../host/sized-sync";
import {
  firstEmptyColumns,
  headerLabels,
  occupiedCells,
  type CellBlock,
  type CellWrite,
  type OpenedFormula,
  type RewritePlan,
  type TablePlan,
} from "@ukco/core/builder-layout";
import { InvalidArgumentError } from "@ukco/core/errors";
import { parseFieldFormula, referenceOf } from "@ukco/core/formula-builder";
import { rangeAddress } from "@ukco/core/import/a1";

/** INFERRED (ours): a builder table reads at most this many rows (a whole column selected is cut to the used cells). */
export const MAX_BUILDER_ROWS = 100_000;

/** The selected column: its address (the used part of it) and its values, top to bottom. */
export async function readSelectedColumn(): Promise<{ address: string; values: unknown[] }> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    const used = selected.worksheet.getUsedRangeOrNullObject(true);
    selected.load(["columnCount"]);
    used.load("address");
    await context.sync();
    if (selected.columnCount !== 1)
      throw new InvalidArgumentError(
        "Select one column: the company numbers (or names), with or without the header cell above them.",
      );
    const range = used.isNullObject ? selected : selected.getIntersectionOrNullObject(used);
    range.load(["address", "rowIndex", "columnIndex", "rowCount", "columnCount"]);
    await context.sync();
    if (range.isNullObject || range.rowCount === 0)
      throw new InvalidArgumentError("The selected cells are empty. Select the column of company numbers or names.");
    if (range.rowCount > MAX_BUILDER_ROWS)
      throw new InvalidArgumentError(
        `The selection has ${range.rowCount.toLocaleString("en-GB")} rows; the builder takes at most ${MAX_BUILDER_ROWS.toLocaleString("en-GB")}.`,
      );
    const { values } = await readBlock(context, range.worksheet, range, ["values"]);
    return { address: range.address, values: values.map((row) => row[0]) };
  });
}

function sheetNamed(context: Excel.RequestContext, name: string): Excel.Worksheet {
  return name ? context.workbook.worksheets.getItem(name) : context.workbook.worksheets.getActiveWorksheet();
}

/** What each cell of a block holds: its formula, else its value ("" when empty); read a slice of rows at a time. */
async function blockCells(context: Excel.RequestContext, sheet: string, block: CellBlock): Promise<unknown[][]> {
  const { values, formulas } = await readBlock(
    context,
    sheetNamed(context, sheet),
    { rowIndex: block.row, columnIndex: block.column, rowCount: block.rows, columnCount: block.columns },
    ["values", "formulas"],
  );
  return values.map((line, r) => line.map((value, c) => formulas[r]![c] || value));
}

/** The first `width` columns right of `column` that are empty in rows `row`…`row + rows - 1`. */
export async function firstEmptyColumnsRightOf(
  sheet: string,
  column: number,
  row: number,
  rows: number,
  width: number,
): Promise<number> {
  return Excel.run(async (context) => {
    const used = sheetNamed(context, sheet).getUsedRangeOrNullObject(true);
    used.load(["columnIndex", "columnCount"]);
    await context.sync();
    const usedEnd = used.isNullObject ? 0 : used.columnIndex + used.columnCount;
    const span = Math.max(usedEnd - (column + 1), 0);
    if (span === 0) return column + 1;
    const cells = await blockCells(context, sheet, { row, column: column + 1, rows, columns: span });
    return column + 1 + firstEmptyColumns(cells, width);
  });
}

/** The active cell's sheet and position, where the user asks the table to go. */
export async function activeCellPlace(): Promise<{ sheet: string; row: number; column: number; address: string }> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load(["address", "rowIndex", "columnIndex"]);
    cell.worksheet.load("name");
    await context.sync();
    return { sheet: cell.worksheet.name, row: cell.rowIndex, column: cell.columnIndex, address: cell.address };
  });
}

/** The non-empty cells of the blocks, by address (the first few of each). */
async function occupiedIn(
  context: Excel.RequestContext,
  blocks: readonly { sheet: string; block: CellBlock }[],
): Promise<string[]> {
  const found: string[] = [];
  for (const { sheet, block } of blocks)
    found.push(...occupiedCells(sheet, block, await blockCells(context, sheet, block)));
  return found;
}

function refuseOccupied(occupied: readonly string[], where: string): void {
  if (occupied.length === 0) return;
  const named = occupied.map((address) => address.slice(address.lastIndexOf("!") + 1)).join(", ");
  throw new InvalidArgumentError(
    `Nothing was written: ${where} holds data (${named}${occupied.length >= 5 ? ", …" : ""}). Clear those cells, or choose another place.`,
  );
}

/** The planned formulas, a slice of rows per sync sized in bytes (a formula per cell of 100,000 rows is many megabytes). */
async function applyWrites(context: Excel.RequestContext, writes: readonly CellWrite[]): Promise<void> {
  for (const write of writes)
    await writeGrid(context, sheetNamed(context, write.sheet), write, "formulas", write.formulas);
}

/** Writes a planned table after checking its whole block is empty; returns the block's address. */
export async function insertTable(plan: TablePlan, header: boolean): Promise<string> {
  return Excel.run(async (context) => {
    const { area } = plan;
    const address = rangeAddress(plan.sheet, area.row, area.column, area.rows, area.columns);
    refuseOccupied(await occupiedIn(context, [{ sheet: plan.sheet, block: area }]), address);
    await applyWrites(context, plan.writes);
    for (const { sheet: name, block, format } of plan.formats)
      await writeGrid(
        context,
        sheetNamed(context, name),
        block,
        "numberFormat",
        Array.from({ length: block.rows }, () => Array.from({ length: block.columns }, () => format)),
      );
    const sheet = sheetNamed(context, plan.sheet);
    if (header) sheet.getRangeByIndexes(area.row, area.column, 1, area.columns).format.font.bold = true;
    sheet.getRange(plan.formulaCell).select();
    await context.sync();
    return address;
  });
}

/** The values of a reference (on `home` unless it names its sheet), at most `maxRows` rows. */
function referencedRange(context: Excel.RequestContext, home: string, text: string, maxRows: number): Excel.Range {
  const ref = referenceOf(text);
  if (!ref) throw new InvalidArgumentError(`"${text}" is not a cell or a range.`);
  const rows = Math.min(ref.lastRow - ref.firstRow + 1, maxRows);
  return sheetNamed(context, ref.sheet || home).getRangeByIndexes(
    ref.firstRow - 1,
    ref.firstColumn - 1,
    rows,
    ref.lastColumn - ref.firstColumn + 1,
  );
}

export interface OpenedCell extends OpenedFormula {
  address: string;
  /** The formula as the cell held it when opened (the write-back checks it has not changed). */
  text: string;
}

/** A cell's UKCO.FIELD formula, read for editing: its parts and the field names it reads. */
async function openFormula(context: Excel.RequestContext, cell: Excel.Range): Promise<OpenedCell> {
  cell.load(["address", "formulas", "rowIndex", "columnIndex"]);
  cell.worksheet.load("name");
  await context.sync();
  const text = cell.formulas[0]?.[0];
  const parsed = parseFieldFormula(text);
  if (!parsed.ok) throw new InvalidArgumentError(`${cell.address}: ${parsed.reason}`);
  const sheet = cell.worksheet.name;
  const { spec } = parsed;
  let fields = "names" in spec.fields ? spec.fields.names : [];
  if ("range" in spec.fields) {
    const header = referencedRange(context, sheet, spec.fields.range, 1);
    header.load("values");
    await context.sync();
    fields = header.values[0]!.map((value) => String(value ?? "").trim());
    if (fields.some((name) => name === ""))
      throw new InvalidArgumentError(`${cell.address}: a header cell of ${spec.fields.range} is empty.`);
  }
  return {
    address: cell.address,
    text: String(text),
    sheet,
    row: cell.rowIndex,
    column: cell.columnIndex,
    spec,
    fields,
    labelsAbove: "names" in spec.fields && (await holdsLabels(context, cell, fields)),
  };
}

/** Whether the cells above `cell` hold the labels of `fields`, as the builder writes them. */
async function holdsLabels(
  context: Excel.RequestContext,
  cell: Excel.Range,
  fields: readonly string[],
): Promise<boolean> {
  if (cell.rowIndex === 0 || fields.length === 0) return false;
  const above = cell.worksheet.getRangeByIndexes(cell.rowIndex - 1, cell.columnIndex, 1, fields.length);
  above.load("values");
  await context.sync();
  const labels = headerLabels(fields);
  return above.values[0]!.every((value, i) => String(value) === labels[i]);
}

/** The active cell's UKCO.FIELD formula, opened for editing. */
export async function openSelectedFormula(): Promise<OpenedCell> {
  return Excel.run((context) => openFormula(context, context.workbook.getActiveCell()));
}

/** The opened cell read again (after a write-back), wherever the selection is now. */
export async function reopenFormula(opened: OpenedFormula): Promise<OpenedCell> {
  return Excel.run((context) =>
    openFormula(context, sheetNamed(context, opened.sheet).getRangeByIndexes(opened.row, opened.column, 1, 1)),
  );
}

/** The first `count` values of a column reference, for the preview. */
export async function readReferenceHead(home: string, text: string, count: number): Promise<unknown[]> {
  return Excel.run(async (context) => {
    const range = referencedRange(context, home, text, count);
    range.load("values");
    await context.sync();
    return range.values.map((row) => row[0]);
  });
}

/** Writes an edit back to the opened cell (and its header cells), after checking the cells it newly reaches. */
export async function writeBack(opened: OpenedCell, plan: RewritePlan): Promise<void> {
  await Excel.run(async (context) => {
    const sheet = sheetNamed(context, opened.sheet);
    const cell = sheet.getRangeByIndexes(opened.row, opened.column, 1, 1);
    cell.load("formulas");
    await context.sync();
    if (cell.formulas[0]?.[0] !== opened.text)
      throw new InvalidArgumentError(
        `${opened.address} changed since it was opened. Press "Edit selected formula" again to open it as it is now.`,
      );
    refuseOccupied(await occupiedIn(context, plan.guards), "a cell the edited table would fill");
    await applyWrites(context, plan.writes);
    for (const { sheet: name, block } of plan.clears)
      sheetNamed(context, name).getRangeByIndexes(block.row, block.column, block.rows, block.columns).clear("Contents");
    cell.formulas = [[plan.formula]];
    await context.sync();
  });
}
