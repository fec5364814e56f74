/**
 * The pane's Excel actions that combine the core's import run with the writer: import onto a new
 * sheet, refresh an imported table in place, insert a group structure. Each saves what it needs
 * in the workbook; none is ever called from a calculation.
 */
import type { ApiClients } from "@ukco/api/factory";
import type { CallOptions } from "@ukco/api/http/types";
import type { CompaniesQuery } from "@ukco/api/product/requests";
import type { RefreshChanges } from "@ukco/core/engine";
import { changeWords } from "@ukco/core/change-words";
import { groupTableRows, GROUP_TABLE_HEADER, type GroupTree } from "@ukco/core/import/group-tree";
import type { Progress } from "@ukco/core/import/progress";
import type { ImportQuery } from "@ukco/core/import/query";
import { preparedCompanies, runTable, type ImportOutcome } from "@ukco/core/import/run-import";
import { SAVED_IMPORT_VERSION, type SavedImport } from "@ukco/core/import/saved-imports";
import { sourceDefinition, type TableSource } from "@ukco/core/import/sources";
import type { PreparedTable } from "@ukco/core/import/sources/types";
import { AS_OF_ROWS_ABOVE_HEADER, IMPORT_LAYOUT, refreshHeader } from "@ukco/core/import/table-layout";
import { asSheetText, type SheetValue } from "@ukco/core/import/columns";
import { planChunks } from "@ukco/core/import/chunks";
import { comparingSink, TableDiff, type TableChanges } from "@ukco/core/import/table-diff";
import {
  IMPORT_TABLE_PREFIX,
  readTableRows,
  writerAtSelection,
  writerForTable,
  writerOnNewSheet,
  type ExcelTableWriter,
  type WriteStats,
} from "./excel-writer";
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
  /** A refresh that completed: the rows added and removed and the values changed. */
  changes?: TableChanges;
}

/** INFERRED (ours): the sheet an import goes on is called "Companies", then "Companies (2)", … */
export const IMPORT_SHEET_NAME = "Companies";

async function runInto(
  writer: ExcelTableWriter,
  source: TableSource,
  prepared: PreparedTable,
  options: ImportOptions,
  /** The table as it was before a refresh, to compare with as the new rows are written. */
  diff?: TableDiff,
): Promise<ImportResult> {
  options.onStarted?.(writer.tableName, writer.place.sheetName);
  const outcome = await runTable({
    prepared,
    sink: diff ? comparingSink(writer, diff) : writer,
    now: Date.now,
    signal: options.signal,
    onWait: options.onWait,
    onProgress: options.onProgress,
  });
  const saved: SavedImport = {
    version: SAVED_IMPORT_VERSION,
    table: writer.tableName,
    sheet: writer.place.sheetName,
    source,
    asOfRowsAbove: AS_OF_ROWS_ABOVE_HEADER,
    importedAt: outcome.at.toISOString(),
    rows: outcome.rows,
    ...(prepared.total !== undefined ? { total: prepared.total } : {}),
    status: outcome.status,
  };
  await saveImportedTable(saved);
  return {
    outcome,
    table: writer.tableName,
    sheet: writer.place.sheetName,
    stats: writer.stats,
    ...(diff && outcome.status === "complete" ? { changes: diff.result() } : {}),
  };
}

/** Imports a company list onto a new sheet; `request` and `total` come from the count shown before the import. */
export async function importToNewSheet(
  clients: Pick<ApiClients, "product">,
  query: ImportQuery,
  request: CompaniesQuery,
  total: number | undefined,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const prepared = preparedCompanies(clients.product, query, request, total);
  const writer = await writerOnNewSheet(IMPORT_SHEET_NAME, IMPORT_TABLE_PREFIX, IMPORT_LAYOUT);
  return runInto(writer, { kind: "companies", query }, prepared, options);
}

/**
 * Imports any table source onto a new sheet (named `sheetName`, numbered when taken): the source is
 * prepared (checked, counted) before the sheet exists, so bad input leaves the workbook untouched.
 */
export async function importSourceToNewSheet(
  clients: ApiClients,
  source: TableSource,
  options: ImportOptions = {},
  sheetName = IMPORT_SHEET_NAME,
): Promise<ImportResult> {
  const prepared = await sourceDefinition(source).prepare(clients, source, {
    signal: options.signal,
    onWait: options.onWait,
  });
  const writer = await writerOnNewSheet(sheetName, IMPORT_TABLE_PREFIX, IMPORT_LAYOUT);
  return runInto(writer, source, prepared, options);
}

/** Runs a table's saved source again and replaces its rows in place. */
export async function refreshImportedTable(
  clients: ApiClients,
  saved: SavedImport,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const prepared = await sourceDefinition(saved.source).prepare(clients, saved.source, {
    signal: options.signal,
    onWait: options.onWait,
  });
  const before = await readTableRows(saved.table);
  const writer = await writerForTable(saved.table, saved.asOfRowsAbove);
  const header = refreshHeader(prepared.header, prepared.fields, before.header);
  const diff = new TableDiff(before.header, before.rows, prepared.fields);
  return runInto(writer, saved.source, { ...prepared, header }, options, diff);
}

/** INFERRED (ours): result lists inserted from the pane (search hits, website or market results) are tables called UKCO_Result_<n>. */
export const RESULT_TABLE_PREFIX = "UKCO_Result_";

/** Inserts a small result list as a table at the selected cell, only over empty cells. */
export async function insertRowsAtSelection(
  header: readonly string[],
  rows: SheetValue[][],
  numberFormats: (string | undefined)[] = [],
): Promise<{ table: string; address: string }> {
  const writer = await writerAtSelection(RESULT_TABLE_PREFIX, rows.length);
  await writer.begin(header.map(asSheetText), numberFormats, "");
  for (const chunk of planChunks(rows)) await writer.append(rows.slice(chunk.start, chunk.end));
  await writer.finish("", rows.length);
  return { table: writer.tableName, address: writer.address() };
}

export type GroupPlacement = "selection" | "new-sheet";

/** INFERRED (ours): group blocks are tables called UKCO_Group_<n>, on a sheet "Group <number>" when not at the selection. */
export const GROUP_TABLE_PREFIX = "UKCO_Group_";

/** Inserts the whole group (tree order, names indented) as a table; at the selection only over empty cells. */
export async function insertGroupTable(
  tree: GroupTree,
  placement: GroupPlacement,
): Promise<{ table: string; address: string }> {
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

/** INFERRED (ours): change reports are tables called UKCO_Changes_<n>, on a sheet "Changes". */
export const CHANGES_TABLE_PREFIX = "UKCO_Changes_";
export const CHANGES_HEADER = [
  "Company number",
  "Company name",
  "Field",
  "Before",
  "After",
  "Difference",
  "Change",
] as const;
/** The report's columns as What changed shows them: the difference as money and counts are, the change in per cent. */
const CHANGES_FORMATS = [undefined, undefined, undefined, undefined, undefined, "#,##0", "0.0%"];

/**
 * Writes the last refresh's changes as a table on a new sheet, a row per changed value, in the
 * words What changed uses: the company's name beside its number, the field's label, lists
 * summarised (numbers stay numbers, so they can be summed and sorted).
 */
export async function writeChangeReport(
  changes: RefreshChanges,
  names: ReadonlyMap<string, string> = new Map(),
): Promise<{ table: string; address: string }> {
  const side = (value: unknown, words: string): SheetValue =>
    typeof value === "number" ? value : words === "(empty)" ? "" : asSheetText(words);
  const name = (company: string) => asSheetText(names.get(company) ?? "");
  const rows: SheetValue[][] = [
    ...changes.changes.map((c) => {
      const words = changeWords(c.field, c.before, c.after);
      return [
        asSheetText(c.company),
        name(c.company),
        asSheetText(words.label),
        side(c.before, words.before),
        side(c.after, words.after),
        words.difference ?? "",
        words.share ?? "",
      ];
    }),
    ...changes.noLongerFound.map((company) => [
      asSheetText(company),
      name(company),
      asSheetText("(the company)"),
      asSheetText("known"),
      asSheetText("no longer found"),
      "",
      "",
    ]),
  ];
  const writer = await writerOnNewSheet("Changes", CHANGES_TABLE_PREFIX, { headerRow: 0, firstColumn: 0 });
  await writer.begin(CHANGES_HEADER.map(asSheetText), CHANGES_FORMATS, "");
  for (const chunk of planChunks(rows)) await writer.append(rows.slice(chunk.start, chunk.end));
  await writer.finish("", rows.length);
  return { table: writer.tableName, address: writer.address() };
}
