/**
 * Saving and reopening the workbook: a JSON snapshot of everything Excel saves in the file
 * (cells with their last values, formulas with their results, formats, tables, settings, custom
 * XML parts, document settings). Reopening recalculates only what Excel recalculates on open:
 * volatile and streaming functions, and cells saved in an error state.
 */
import { type RangeRef } from "../model/address";
import { type Cell, type CellFormat, Sheet, type SheetVisibility } from "../model/sheet";
import { type CustomXmlPartModel, type TableModel } from "../model/workbook";
import { type SavedFormula } from "../calc/engine";
import { type SimulatedExcel } from "./simulated-excel";

interface SavedSheet {
  id: string;
  name: string;
  visibility: SheetVisibility;
  frozenRows: number;
  frozenColumns: number;
  tabColor: string;
  columnWidths: Array<[number, number]>;
  columnNumberFormats: Array<[number, string]>;
  columnFormats: Array<[number, CellFormat]>;
  cells: Array<[number, number, Cell]>;
}

export interface WorkbookSnapshot {
  format: "office-sim-workbook";
  version: 1;
  activeSheetId: string;
  idCounter: number;
  sheets: SavedSheet[];
  selections: Array<[string, RangeRef]>;
  tables: TableModel[];
  settings: Array<[string, unknown]>;
  documentSettings: Record<string, unknown>;
  customXmlParts: CustomXmlPartModel[];
  startupBehavior: "None" | "Load";
  formulas: SavedFormula[];
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function takeSnapshot(app: SimulatedExcel): WorkbookSnapshot {
  const wb = app.workbook;
  const formulas: SavedFormula[] = [...app.engine.store.byId.values()].map((f) => ({
    id: f.id,
    sheetId: f.sheetId,
    row: f.row,
    col: f.col,
    text: f.text,
    recalcOnOpen: f.recalcOnOpen,
    ...(f.result ? { result: f.result } : {}),
    ...(f.spill ? { spill: f.spill } : {}),
    ...(f.blocked ? { blocked: f.blocked } : {}),
  }));
  return clone({
    format: "office-sim-workbook",
    version: 1,
    activeSheetId: wb.activeSheetId,
    idCounter: wb.idCounter,
    sheets: wb.sheets.map((s) => ({
      id: s.id,
      name: s.name,
      visibility: s.visibility,
      frozenRows: s.frozenRows,
      frozenColumns: s.frozenColumns,
      tabColor: s.tabColor,
      columnWidths: [...s.columnWidths],
      columnNumberFormats: [...s.columnNumberFormats],
      columnFormats: [...s.columnFormats],
      cells: [...s.entries()],
    })),
    selections: [...wb.selections],
    tables: wb.tables,
    settings: [...wb.settings],
    documentSettings: wb.documentSettings,
    customXmlParts: wb.customXmlParts,
    startupBehavior: wb.startupBehavior,
    formulas,
  });
}

function loadSheet(saved: SavedSheet): Sheet {
  const sheet = new Sheet(saved.id, saved.name);
  Object.assign(sheet, {
    visibility: saved.visibility,
    frozenRows: saved.frozenRows,
    frozenColumns: saved.frozenColumns,
    tabColor: saved.tabColor,
  });
  saved.columnWidths.forEach(([c, w]) => sheet.columnWidths.set(c, w));
  saved.columnNumberFormats.forEach(([c, f]) => sheet.columnNumberFormats.set(c, f));
  saved.columnFormats.forEach(([c, f]) => sheet.columnFormats.set(c, f));
  for (const [r, c, cell] of saved.cells) Object.assign(sheet.ensure(r, c), cell);
  return sheet;
}

/** Closes the current workbook (cancelling running functions) and opens the saved one in its place. */
export function restoreSnapshot(app: SimulatedExcel, snapshot: WorkbookSnapshot): void {
  if (snapshot.format !== "office-sim-workbook" || snapshot.version !== 1)
    throw new Error("office-sim: not a workbook snapshot of version 1");
  const saved = clone(snapshot);
  const wb = app.workbook;
  app.engine.reset();
  wb.reset();
  wb.sheets.push(...saved.sheets.map(loadSheet));
  wb.activeSheetId = saved.activeSheetId;
  wb.reserveIds(saved.idCounter);
  saved.selections.forEach(([id, range]) => wb.selections.set(id, range));
  wb.tables.push(...saved.tables);
  saved.settings.forEach(([key, value]) => wb.settings.set(key, value));
  wb.documentSettings = saved.documentSettings;
  wb.customXmlParts.push(...saved.customXmlParts);
  wb.startupBehavior = saved.startupBehavior;
  for (const formula of saved.formulas) app.engine.restoreFormula(formula);
  wb.events.emit({ kind: "reopened" });
  wb.events.emit({ kind: "structure" });
  app.engine.recalculateOnOpen();
}
