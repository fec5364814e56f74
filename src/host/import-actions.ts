/**
 * The pane's Excel actions that combine the core's import run with the writer: import onto a new
 * sheet, refresh an imported table in place, insert a group structure. Each saves what it needs
 * in the workbook; none is ever called from a calculation.
 */
import type { CallOptions } from "../api/http/types";
import type { ProductClient } from "../api/product/client";
import type { CompaniesQuery } from "../api/product/requests";
import { resolveColumns } from "../core/import/columns";
import { groupTableRows, GROUP_TABLE_HEADER, type GroupTree } from "../core/import/group-tree";
import type { Progress } from "../core/import/progress";
import { describeQuery, type ImportQuery } from "../core/import/query";
import { countMatches, prepareRequest, runImport, type ImportOutcome } from "../core/import/run-import";
import { SAVED_IMPORT_VERSION, type SavedImport } from "../core/import/saved-imports";
import { AS_OF_ROWS_ABOVE_HEADER, IMPORT_LAYOUT } from "../core/import/table-layout";
import { asSheetText } from "../core/import/columns";
import { planChunks } from "../core/import/chunks";
import { InvalidArgumentError } from "../core/errors";
import { IMPORT_TABLE_PREFIX, writerAtSelection, writerForTable, writerOnNewSheet, type ExcelTableWriter, type WriteStats } from "./excel-writer";
import { saveImportedTable } from "./imported-tables";

export interface ImportOptions extends Pick<CallOptions, "signal" | "onWait"> {
  onProgress?: (progress: Progress) => void;
  /** Told once the table exists, so the pane can name it while rows arrive. */
  onStarted?: (table: string, sheet: string) => void;
}

export interface ImportResult {
  outcome: ImportOutcome;
  table: string;
  sheet: string;
  stats: WriteStats;
}

/** INFERRED (ours): the sheet an import goes on is called "Companies", then "Companies (2)", … */
export const IMPORT_SHEET_NAME = "Companies";

async function runInto(writer: ExcelTableWriter, product: ProductClient, query: ImportQuery, request: CompaniesQuery, total: number | undefined, options: ImportOptions): Promise<ImportResult> {
  const { columns, problems } = resolveColumns(query.columns);
  if (problems.length) throw new InvalidArgumentError(problems.map((p) => p.message).join(" "));
  options.onStarted?.(writer.tableName, writer.place.sheetName);
  const outcome = await runImport({
    product, request, columns, description: describeQuery(query), sink: writer, now: Date.now, total,
    signal: options.signal, onWait: options.onWait, onProgress: options.onProgress,
  });
  const saved: SavedImport = {
    version: SAVED_IMPORT_VERSION,
    table: writer.tableName,
    sheet: writer.place.sheetName,
    query,
    asOfRowsAbove: AS_OF_ROWS_ABOVE_HEADER,
    importedAt: outcome.at.toISOString(),
    rows: outcome.rows,
    ...(total !== undefined ? { total } : {}),
    status: outcome.status,
  };
  await saveImportedTable(saved);
  return { outcome, table: writer.tableName, sheet: writer.place.sheetName, stats: writer.stats };
}

/** Imports onto a new sheet; `request` and `total` come from the count shown before the import. */
export async function importToNewSheet(product: ProductClient, query: ImportQuery, request: CompaniesQuery, total: number | undefined, options: ImportOptions = {}): Promise<ImportResult> {
  const writer = await writerOnNewSheet(IMPORT_SHEET_NAME, IMPORT_TABLE_PREFIX, IMPORT_LAYOUT);
  return runInto(writer, product, query, request, total, options);
}

/** Runs a table's saved query again and replaces its rows in place (a number set is uploaded afresh: sets expire). */
export async function refreshImportedTable(product: ProductClient, saved: SavedImport, options: ImportOptions = {}): Promise<ImportResult> {
  const call = { signal: options.signal, onWait: options.onWait };
  const request = await prepareRequest(product, saved.query, call);
  const { total } = await countMatches(product, request, call);
  const writer = await writerForTable(saved.table, saved.asOfRowsAbove);
  return runInto(writer, product, saved.query, request, total, options);
}

export type GroupPlacement = "selection" | "new-sheet";

/** INFERRED (ours): group blocks are tables called UKCO_Group_<n>, on a sheet "Group <number>" when not at the selection. */
export const GROUP_TABLE_PREFIX = "UKCO_Group_";

/** Inserts the whole group (tree order, names indented) as a table; at the selection only over empty cells. */
export async function insertGroupTable(tree: GroupTree, placement: GroupPlacement): Promise<{ table: string; address: string }> {
  const rows = groupTableRows(tree);
  const writer =
    placement === "selection"
      ? await writerAtSelection(GROUP_TABLE_PREFIX, rows.length)
      : await writerOnNewSheet(`Group ${tree.root.number}`, GROUP_TABLE_PREFIX, { headerRow: 0, firstColumn: 0 });
  await writer.begin(GROUP_TABLE_HEADER.map(asSheetText), [], "");
  for (const chunk of planChunks(rows)) await writer.append(rows.slice(chunk.start, chunk.end));
  await writer.finish("", rows.length);
  return { table: writer.tableName, address: writer.address() };
}
