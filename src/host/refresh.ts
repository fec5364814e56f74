/**
 * The refresh actions of the ribbon and the pane, one scope at a time (refreshScope): the engine
 * marks the cached values of the scope stale, then Excel runs the UKCO formulas there again: a full
 * rebuild for the workbook or values older than a date (Calculate Now would skip custom functions
 * whose inputs did not change), and for a sheet or a range, re-entering just those formulas. A
 * range that holds part of a spilled table re-enters the formula that spills it too, which fetches
 * again only the answers of the selected cells (scope-answers.ts); finding those spills needs
 * ExcelApi 1.12 (capabilities.ts), and without it a range refreshes its own formulas. Also the
 * estimate shown first, and Undo refresh. Never called from inside a calculation.
 */
import { parseAddress, rangeOverlap, splitSheet, type RangeRef } from "@ukco/core/address";
import type { Engine } from "@ukco/core/engine";
import type { SheetCells } from "@ukco/core/analysis/change-cells";
import { estimateRefresh, type RefreshEstimate } from "@ukco/core/analysis/refresh-estimate";
import { coverage, type RefreshScope } from "@ukco/core/refresh-scopes";
import { answersInScope, spillParts } from "@ukco/core/analysis/scope-answers";
import { functionTable } from "./function-table";
import { hostHas } from "./capabilities";
import { recalculateWorkbook } from "./recalculate";
import { readSheetCells } from "./sheet-cells";
import { jsonBytes, OPERATION_BYTES } from "@ukco/core/sync-budget";
import { readBlock, writeSlices } from "./sized-sync";

const UKCO_FORMULA = /^=.*\bUKCO\./i;

/**
 * Re-enters the UKCO formulas of `range` (only them: constants and spilled cells stay as they are),
 * reading and writing a slice at a time, each sized in bytes, so a large sheet stays under the
 * payload limits.
 */
async function reenterFormulas(context: Excel.RequestContext, range: Excel.Range): Promise<number> {
  range.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
  const sheet = range.worksheet;
  await context.sync();
  const { formulas } = await readBlock(context, sheet, range, ["formulas"]);
  const isUkco = (cell: unknown): cell is string => typeof cell === "string" && UKCO_FORMULA.test(cell);
  // Runs of UKCO formulas side by side in a row, each written back as one range.
  const runs: { row: number; column: number; formulas: string[] }[] = [];
  for (const [r, row] of formulas.entries()) {
    for (let c = 0; c < row.length; c++) {
      if (!isUkco(row[c])) continue;
      const start = c;
      while (c + 1 < row.length && isUkco(row[c + 1])) c++;
      runs.push({
        row: range.rowIndex + r,
        column: range.columnIndex + start,
        formulas: row.slice(start, c + 1) as string[],
      });
    }
  }
  await writeSlices(
    context,
    runs.length,
    (i) => jsonBytes(runs[i]!.formulas) + OPERATION_BYTES,
    (start, end) => {
      for (const run of runs.slice(start, end))
        sheet.getRangeByIndexes(run.row, run.column, 1, run.formulas.length).formulas = [run.formulas];
    },
  );
  return runs.reduce((count, run) => count + run.formulas.length, 0);
}

async function selectedAddress(): Promise<string> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    selected.load("address");
    await context.sync();
    return selected.address;
  });
}

/** Re-enters the UKCO formulas in one range (`Sheet1!B2:D40`); returns how many. */
async function reenterInRange(address: string): Promise<number> {
  return Excel.run(async (context) => {
    const [sheet, cells] = splitSheet(address);
    const range = context.workbook.worksheets.getItem(sheet).getRange(cells);
    const target = range.getIntersectionOrNullObject(range.worksheet.getUsedRangeOrNullObject(true));
    target.load("address");
    await context.sync();
    return target.isNullObject ? 0 : reenterFormulas(context, target);
  });
}

/** Re-enters every UKCO formula on one sheet; returns how many. */
async function reenterOnSheet(sheetName: string): Promise<number> {
  return Excel.run(async (context) => {
    const used = context.workbook.worksheets.getItem(sheetName).getUsedRangeOrNullObject(true);
    await context.sync();
    return used.isNullObject ? 0 : reenterFormulas(context, used);
  });
}

/**
 * Undoes the last refresh: the engine puts back the values it replaced (from memory, no request)
 * and Excel reruns the UKCO formulas so they show them. Returns how many companies and other
 * answers went back.
 */
export async function undoRefresh(engine: Engine): Promise<{ companies: number; answers: number }> {
  const restored = engine.undoRefresh();
  if (restored.companies + restored.answers > 0) await recalculateWorkbook();
  return restored;
}

/** What the user asks to refresh, before it is pinned to a sheet's name or the selection's address. */
export type RefreshRequest =
  { kind: "workbook" } | { kind: "activeSheet" } | { kind: "selection" } | { kind: "olderThan"; cutoff: number };

/** INFERRED (ours): formulas whose spill is looked up in one round trip. */
const SPILLS_PER_SYNC = 500;

/**
 * Where Excel spills the UKCO formulas that may spill into `ranges` (those above and left of a
 * range's far corner, outside it), for the spills that reach a range.
 */
async function spillsMeeting(ranges: readonly RangeRef[], sheets: readonly SheetCells[]): Promise<RangeRef[]> {
  const candidates: { sheet: string; row: number; column: number }[] = [];
  for (const sheet of sheets) {
    const here = ranges.filter((range) => range.sheet.toLowerCase() === sheet.name.toLowerCase());
    if (here.length === 0) continue;
    sheet.formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        if (!(typeof formula === "string" && UKCO_FORMULA.test(formula))) return;
        const cell = { sheet: sheet.name, firstRow: sheet.row0 + r + 1, firstColumn: sheet.column0 + c + 1 };
        const reaches = (range: RangeRef) => cell.firstRow <= range.lastRow && cell.firstColumn <= range.lastColumn;
        const inside = (range: RangeRef) =>
          cell.firstRow >= range.firstRow && cell.firstColumn >= range.firstColumn && reaches(range);
        if (here.some(reaches) && !here.some(inside))
          candidates.push({ sheet: sheet.name, row: cell.firstRow, column: cell.firstColumn });
      }),
    );
  }
  // Without the spill APIs (ExcelApi 1.12) the spills cannot be found: the selection's own formulas
  // are refreshed, and a spilled table by selecting its formula's cell (capabilities.ts, spills).
  if (candidates.length === 0 || !hostHas("spills")) return [];
  return Excel.run(async (context) => {
    const found: RangeRef[] = [];
    for (let i = 0; i < candidates.length; i += SPILLS_PER_SYNC) {
      const looked = candidates.slice(i, i + SPILLS_PER_SYNC).map(({ sheet, row, column }) => {
        const spill = context.workbook.worksheets
          .getItem(sheet)
          .getCell(row - 1, column - 1)
          .getSpillingToRangeOrNullObject();
        spill.load("address");
        return spill;
      });
      await context.sync();
      for (const spill of looked) {
        const area = spill.isNullObject ? undefined : parseAddress(spill.address);
        if (area && ranges.some((range) => rangeOverlap(area, range))) found.push(area);
      }
    }
    return found;
  });
}

/** A ranges scope with the spilled tables it selects in part (scope-answers.ts), read from `sheets`. */
async function withSpills(scope: RefreshScope, sheets?: readonly SheetCells[]): Promise<RefreshScope> {
  if (scope.kind !== "ranges" || scope.spills) return scope;
  const cells = sheets ?? (await readSheetCells());
  const ranges = scope.addresses.map(parseAddress).filter((range): range is RangeRef => range !== undefined);
  return { ...scope, spills: spillParts(functionTable(), cells, ranges, await spillsMeeting(ranges, cells)) };
}

/**
 * The scope a request means now: the active sheet's name, the selection's address and the part of
 * each spilled table it holds, so the estimate and the refresh read the same answers however the
 * selection moves in between.
 */
export async function scopeOf(request: RefreshRequest): Promise<RefreshScope> {
  switch (request.kind) {
    case "workbook":
    case "olderThan":
      return request;
    case "selection":
      return withSpills({ kind: "ranges", addresses: [await selectedAddress()] });
    case "activeSheet":
      return Excel.run(async (context) => {
        const sheet = context.workbook.worksheets.getActiveWorksheet();
        sheet.load("name");
        await context.sync();
        return { kind: "sheet", sheet: sheet.name };
      });
  }
}

/** What refreshing `scope` would send, per service, from the workbook's formulas; sends nothing. */
export async function estimateRefreshOf(engine: Engine, scope: RefreshScope): Promise<RefreshEstimate> {
  const sheets = await readSheetCells();
  const pinned = await withSpills(scope, sheets);
  const spills = pinned.kind === "ranges" ? pinned.spills : undefined;
  return estimateRefresh(
    answersInScope(functionTable(), sheets, coverage(pinned), spills),
    pinned,
    engine.sendingCosts(),
  );
}

/**
 * Refreshes a scope: the engine records it, then Excel runs its UKCO formulas again. Returns how
 * many formulas were re-entered, where the refresh re-enters them (a sheet, ranges).
 */
export async function refreshScope(engine: Engine, given: RefreshScope): Promise<number | undefined> {
  const scope = await withSpills(given);
  engine.refresh(scope);
  switch (scope.kind) {
    case "workbook":
    case "olderThan":
      await recalculateWorkbook();
      return undefined;
    case "sheet":
      return reenterOnSheet(scope.sheet);
    case "ranges": {
      let count = 0;
      for (const address of scope.addresses) count += await reenterInRange(address);
      for (const { anchor } of scope.spills ?? []) count += await reenterInRange(anchor);
      return count;
    }
  }
}
