/**
 * Writes the pane's tables into Excel: an import on a new sheet, the refresh of an imported table
 * in place, and a block (a group structure) at the selection. Rows arrive in chunks already sized
 * under Excel on the web's payload limit (core/import/chunks); each chunk is one Excel.run with
 * one sync, and the writer yields to the event loop before each so Excel stays responsive through
 * a 100,000-row import. Only pane actions call it, never a calculation.
 *
 * The table holds exactly the rows written so far after every chunk (it is created with the first
 * and resized with each next one), so a cancelled or failed import leaves a whole table behind.
 * A refresh writes over the old rows, resizes the table to the new count and clears what is left
 * below, so formulas beside the table keep pointing at it. Without Table.resize (ExcelApi 1.13;
 * capabilities.ts) the table is made once its rows are in, at finish(), which a cancelled import
 * reaches too.
 */
import { asSheetText, type SheetValue } from "@ukco/core/import/columns";
import { rowJsonBytes } from "@ukco/core/import/chunks";
import { jsonBytes, planSlices, SYNC_BUDGET_BYTES } from "@ukco/core/sync-budget";
import type { TableSink } from "@ukco/core/import/run-import";
import { InvalidArgumentError } from "@ukco/core/errors";
import { rangeAddress } from "@ukco/core/import/a1";
import { hostHas } from "./capabilities";
import { readBlock } from "./sized-sync";

export interface WriteStats {
  /** Excel.run round trips that wrote rows. */
  writes: number;
  /** Bytes of values JSON sent in them, and the largest one. */
  bytes: number;
  largestBytes: number;
}

/** Where the block goes: the sheet (by id), the header row and first column (0-based), and the as-of line's row. */
export interface TablePlace {
  sheetId: string;
  sheetName: string;
  headerRow: number;
  firstColumn: number;
  asOfRow?: number;
}

interface ExistingTable {
  name: string;
  /** Data rows the table had, and its width (a user may have added columns of their own). */
  rows: number;
  width: number;
}

const yieldToExcel = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class ExcelTableWriter implements TableSink {
  readonly stats: WriteStats = { writes: 0, bytes: 0, largestBytes: 0 };
  private written = 0;
  private width = 0;
  private formats: (string | undefined)[] = [];
  private tableExists: boolean;

  constructor(
    readonly place: TablePlace,
    readonly tableName: string,
    private readonly existing?: ExistingTable,
    private readonly guardEmpty?: { rows: number },
  ) {
    this.tableExists = existing !== undefined;
  }

  /** Rows written so far. */
  get rows(): number {
    return this.written;
  }

  private sheetOf(context: Excel.RequestContext): Excel.Worksheet {
    return context.workbook.worksheets.getItem(this.place.sheetId);
  }

  private writeAsOf(sheet: Excel.Worksheet, asOf: string): void {
    if (this.place.asOfRow === undefined) return;
    const cell = sheet.getRangeByIndexes(this.place.asOfRow, this.place.firstColumn, 1, 1);
    cell.values = [[asSheetText(asOf)]];
    cell.format.font.italic = true;
  }

  async begin(header: SheetValue[], numberFormats: (string | undefined)[], asOf: string): Promise<void> {
    this.width = header.length;
    this.formats = numberFormats;
    await Excel.run(async (context) => {
      const sheet = this.sheetOf(context);
      const { headerRow, firstColumn } = this.place;
      if (this.guardEmpty) {
        const area = sheet.getRangeByIndexes(headerRow, firstColumn, this.guardEmpty.rows + 1, this.width);
        const used = area.getUsedRangeOrNullObject(false);
        area.load("address");
        used.load("address");
        await context.sync();
        if (!used.isNullObject) {
          throw new InvalidArgumentError(
            `${area.address} is not empty (${used.address} holds data): select an empty cell, or insert on a new sheet.`,
          );
        }
      }
      this.writeAsOf(sheet, asOf);
      const headerRange = sheet.getRangeByIndexes(headerRow, firstColumn, 1, this.width);
      headerRange.values = [header];
      headerRange.format.font.bold = true;
      await context.sync();
    });
  }

  /**
   * Writes rows under the last ones. A chunk arrives sized on its values (core/import/chunks.ts); its
   * number formats go in the same request, so the request is measured with them and cut again if
   * they take it over the budget.
   */
  async append(rows: SheetValue[][], asOf?: string): Promise<void> {
    if (!rows.length) return;
    const formatBytes = this.formats.reduce((sum, format) => sum + (format ? jsonBytes([format]) + 1 : 0), 0);
    const slices = planSlices(rows.length, (i) => rowJsonBytes(rows[i]!) + formatBytes, {
      maxBytes: SYNC_BUDGET_BYTES,
      maxItems: Number.POSITIVE_INFINITY,
    });
    for (const slice of slices) await this.appendSlice(rows.slice(slice.start, slice.end), slice.bytes, asOf);
  }

  private async appendSlice(rows: SheetValue[][], bytes: number, asOf?: string): Promise<void> {
    await yieldToExcel();
    await Excel.run(async (context) => {
      const sheet = this.sheetOf(context);
      const top = this.place.headerRow + 1 + this.written;
      sheet.getRangeByIndexes(top, this.place.firstColumn, rows.length, this.width).values = rows;
      if (asOf !== undefined) this.writeAsOf(sheet, asOf);
      this.formats.forEach((format, c) => {
        if (format)
          sheet.getRangeByIndexes(top, this.place.firstColumn + c, rows.length, 1).numberFormat = rows.map(() => [
            format,
          ]);
      });
      this.sizeTable(context, sheet, this.written + rows.length, false);
      await context.sync();
    });
    this.written += rows.length;
    this.stats.writes += 1;
    this.stats.bytes += bytes;
    this.stats.largestBytes = Math.max(this.stats.largestBytes, bytes);
  }

  /**
   * Creates the table over the rows so far, or grows it to them (shrinking only when `exact`, at the
   * end). Table.resize is ExcelApi 1.13 (capabilities.ts, tableResize): without it a new table is made
   * once, over all its rows, at the end, and an existing one whose row count changed is made again
   * over its new rows under the same name.
   */
  private sizeTable(context: Excel.RequestContext, sheet: Excel.Worksheet, rows: number, exact: boolean): void {
    const width = Math.max(this.width, this.existing?.width ?? 0);
    const height = Math.max(rows, 1);
    const area = sheet.getRangeByIndexes(this.place.headerRow, this.place.firstColumn, height + 1, width);
    const resizes = hostHas("tableResize");
    if (!this.tableExists) {
      if (!resizes && !exact) return;
      const table = context.workbook.tables.add(area, true);
      table.name = this.tableName;
      this.tableExists = true;
      return;
    }
    const before = this.existing?.rows ?? 0;
    if (resizes) {
      if (exact || rows > before) context.workbook.tables.getItem(this.tableName).resize(area);
      return;
    }
    if (!exact || height === Math.max(before, 1)) return;
    context.workbook.tables.getItem(this.tableName).convertToRange();
    context.workbook.tables.add(area, true).name = this.tableName;
  }

  async finish(asOf: string, rows: number): Promise<void> {
    await Excel.run(async (context) => {
      const sheet = this.sheetOf(context);
      this.writeAsOf(sheet, asOf);
      this.sizeTable(context, sheet, rows, true);
      const before = this.existing?.rows ?? 0;
      const kept = Math.max(rows, 1);
      if (before > kept) {
        // Rows the old table had beyond the new end: no longer in the table, so cleared.
        sheet
          .getRangeByIndexes(
            this.place.headerRow + 1 + kept,
            this.place.firstColumn,
            before - kept,
            this.existing!.width,
          )
          .clear("Contents");
      }
      if (!this.existing)
        sheet
          .getRangeByIndexes(this.place.headerRow, this.place.firstColumn, Math.min(rows, 200) + 1, this.width)
          .format.autofitColumns();
      await context.sync();
    });
  }

  /** The table's address once written, for messages. */
  address(): string {
    return rangeAddress(
      this.place.sheetName,
      this.place.headerRow,
      this.place.firstColumn,
      this.written + 1,
      this.width,
    );
  }
}

/** Names not taken yet: `Companies`, `Companies (2)`, … and `UKCO_Import_1`, `UKCO_Import_2`, … */
function freeName(taken: Set<string>, make: (n: number) => string, startAt: number): string {
  for (let n = startAt; ; n++) {
    const name = make(n);
    if (!taken.has(name.toLowerCase())) return name;
  }
}

export const IMPORT_TABLE_PREFIX = "UKCO_Import_";

/** A new sheet (activated) for an import; the table will be called UKCO_Import_<n>. */
export async function writerOnNewSheet(
  sheetBase: string,
  tablePrefix: string,
  layout: { headerRow: number; firstColumn: number; asOfRow?: number },
): Promise<ExcelTableWriter> {
  return Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    const tables = context.workbook.tables;
    sheets.load("items/name");
    tables.load("items/name");
    await context.sync();
    const sheetNames = new Set(sheets.items.map((s) => s.name.toLowerCase()));
    const tableNames = new Set(tables.items.map((t) => t.name.toLowerCase()));
    const sheetName = freeName(sheetNames, (n) => (n === 1 ? sheetBase : `${sheetBase} (${n})`), 1);
    const tableName = freeName(tableNames, (n) => `${tablePrefix}${n}`, 1);
    const sheet = sheets.add(sheetName);
    sheet.activate();
    sheet.load("id");
    await context.sync();
    return new ExcelTableWriter({ sheetId: sheet.id, sheetName, ...layout }, tableName);
  });
}

/** A writer over an existing table, for refreshing it in place (`asOfRowsAbove`: where its as-of line is). */
export async function writerForTable(tableName: string, asOfRowsAbove: number): Promise<ExcelTableWriter> {
  return Excel.run(async (context) => {
    const table = context.workbook.tables.getItem(tableName);
    const range = table.getRange();
    const sheet = table.worksheet;
    range.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
    sheet.load(["id", "name"]);
    await context.sync();
    const asOfRow = range.rowIndex - asOfRowsAbove;
    const place = {
      sheetId: sheet.id,
      sheetName: sheet.name,
      headerRow: range.rowIndex,
      firstColumn: range.columnIndex,
      ...(asOfRowsAbove > 0 && asOfRow >= 0 ? { asOfRow } : {}),
    };
    return new ExcelTableWriter(place, tableName, {
      name: tableName,
      rows: range.rowCount - 1,
      width: range.columnCount,
    });
  });
}

/** A table's header and body values, read a slice of rows at a time (the payload limit). */
export async function readTableRows(tableName: string): Promise<{ header: unknown[]; rows: unknown[][] }> {
  return Excel.run(async (context) => {
    const table = context.workbook.tables.getItem(tableName);
    const header = table.getHeaderRowRange();
    const body = table.getDataBodyRange();
    header.load("values");
    body.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
    await context.sync();
    const { values } = await readBlock(context, table.worksheet, body, ["values"]);
    return { header: header.values[0] ?? [], rows: values };
  });
}

/** A writer for a block of `rows` rows at the active cell; it refuses to write over anything. */
export async function writerAtSelection(tablePrefix: string, rows: number): Promise<ExcelTableWriter> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    const sheet = cell.worksheet;
    const tables = context.workbook.tables;
    cell.load(["rowIndex", "columnIndex"]);
    sheet.load(["id", "name"]);
    tables.load("items/name");
    await context.sync();
    const tableName = freeName(new Set(tables.items.map((t) => t.name.toLowerCase())), (n) => `${tablePrefix}${n}`, 1);
    return new ExcelTableWriter(
      { sheetId: sheet.id, sheetName: sheet.name, headerRow: cell.rowIndex, firstColumn: cell.columnIndex },
      tableName,
      undefined,
      { rows },
    );
  });
}
