/**
 * Match names in Excel: reads the names the user selected (with the rows around them, for hint
 * columns and free space), writes the four result columns and each review decision, and keeps the
 * review queue in the workbook as a custom XML part (core/match-names/session.ts), so closing the
 * pane or the file loses nothing.
 */
import type { SheetValue } from "@ukco/core/import/columns";
import { InvalidArgumentError } from "@ukco/core/errors";
import type { SheetBlock } from "@ukco/core/match-names/input";
import { OUTPUT_HEADER, OUTPUT_WIDTH } from "@ukco/core/match-names/output";
import { MATCH_SESSION_NAMESPACE, readSessionXml, sessionXml, type MatchSession } from "@ukco/core/match-names/session";
import { readBlock, writeGrid } from "../../host/sized-sync";

/**
 * The selected names with the rows they span, from column A to the last used column: a whole
 * column selected is cut to the used rows. At most `maxRows` rows.
 */
export async function readNameBlock(maxRows: number): Promise<SheetBlock> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    selected.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
    const sheet = selected.worksheet;
    sheet.load("name");
    const used = sheet.getUsedRangeOrNullObject();
    used.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
    await context.sync();
    if (used.isNullObject) throw new InvalidArgumentError("The sheet is empty: select a column of company names.");
    const top = Math.max(selected.rowIndex, used.rowIndex);
    const bottom = Math.min(selected.rowIndex + selected.rowCount, used.rowIndex + used.rowCount) - 1;
    if (bottom < top) throw new InvalidArgumentError("The selection holds no names: select a column of company names.");
    const rows = bottom - top + 1;
    if (rows > maxRows)
      throw new InvalidArgumentError(
        `The selection spans ${rows.toLocaleString("en-GB")} rows; select at most ${maxRows.toLocaleString("en-GB")}.`,
      );
    const width = Math.max(used.columnIndex + used.columnCount, selected.columnIndex + 1);
    // A slice of rows at a time: a long column beside wide data could pass Excel's payload limit.
    const block = await readBlock(
      context,
      sheet,
      { rowIndex: top, columnIndex: 0, rowCount: rows, columnCount: width },
      ["values", "formulas"],
    );
    return {
      sheet: sheet.name,
      top,
      nameColumn: selected.columnIndex,
      values: block.values,
      formulas: block.formulas,
    };
  });
}

/** Writes the result grid at `column` from `firstRow` (and the header above it when there is one). */
export async function writeResultColumns(
  sheetName: string,
  column: number,
  firstRow: number,
  grid: readonly SheetValue[][],
  headerRow?: number,
): Promise<void> {
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    if (headerRow !== undefined)
      sheet.getRangeByIndexes(headerRow, column, 1, OUTPUT_WIDTH).formulas = [[...OUTPUT_HEADER]];
    await writeGrid(context, sheet, { row: firstRow, column }, "formulas", grid);
    await context.sync();
  });
}

/** Writes the same cells in each of `rows` (a review decision for every row naming one input). */
export async function writeDecisionCells(
  sheetName: string,
  column: number,
  rows: readonly number[],
  cells: readonly SheetValue[],
): Promise<void> {
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    for (const row of rows) sheet.getRangeByIndexes(row, column, 1, cells.length).formulas = [[...cells]];
    await context.sync();
  });
}

/**
 * Selects a block of cells on its sheet: the row under review (its name through its result cells),
 * or the number column a table is then built on.
 */
export async function selectBlock(
  sheetName: string,
  block: { row: number; column: number; rowCount: number; columnCount: number },
): Promise<void> {
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    sheet.activate();
    sheet.getRangeByIndexes(block.row, block.column, block.rowCount, block.columnCount).select();
    await context.sync();
  });
}

export type LoadedSession = { session?: MatchSession; problem?: string };

/** The review saved in the workbook, if any; a damaged part is reported, not used. */
export async function loadMatchSession(): Promise<LoadedSession> {
  return Excel.run(async (context) => {
    const parts = context.workbook.customXmlParts.getByNamespace(MATCH_SESSION_NAMESPACE);
    parts.load("items");
    await context.sync();
    const xmls = parts.items.map((part) => part.getXml());
    await context.sync();
    const last = xmls.at(-1);
    if (!last) return {};
    const read = readSessionXml(last.value);
    return read.ok ? { session: read.session } : { problem: read.problem };
  });
}

/** Replaces the saved review: the new part is added before the old ones go, so a failure keeps the old. */
export async function saveMatchSession(session: MatchSession): Promise<void> {
  await Excel.run(async (context) => {
    const existing = context.workbook.customXmlParts.getByNamespace(MATCH_SESSION_NAMESPACE);
    existing.load("items");
    await context.sync();
    context.workbook.customXmlParts.add(sessionXml(session));
    await context.sync();
    for (const part of existing.items) part.delete();
    await context.sync();
  });
}
