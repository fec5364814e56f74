/**
 * Writing and clearing cells with Excel's rules: text is interpreted as typed ("=" starts a
 * formula), null leaves a cell unchanged, a write into a spill range blocks the spill (#SPILL!),
 * overwriting a formula cancels its running invocation, and the formulas that read the changed
 * cells recalculate. Formats set on whole columns are kept per column.
 */
import { MAX_ROWS, type RangeRef } from "../model/address";
import { BUSY } from "../model/cell-values";
import { parseInput } from "../model/input";
import { type CellFormat, type Sheet } from "../model/sheet";
import { type ChangeOrigin } from "../model/workbook";
import { type SimulatedExcel } from "./simulated-excel";

export type ClearApplyTo = "All" | "Contents" | "Formats";

/** What to write into a range: a 2-D array of its size, or one value for every cell. */
export type Fill = { rows: unknown[][] } | { each: unknown };

const LARGE_AREA = 1_000_000;

function valueAt(fill: Fill, i: number, j: number): unknown {
  return "rows" in fill ? fill.rows[i]?.[j] : fill.each;
}

const isWholeColumns = (range: RangeRef) => range.r0 === 0 && range.r1 === MAX_ROWS - 1;

/** The cells of a range to visit; a huge range (whole rows or columns) is cut to the used range. */
function* cellsOf(sheet: Sheet, range: RangeRef): IterableIterator<[number, number]> {
  let area = range;
  if ((range.r1 - range.r0 + 1) * (range.c1 - range.c0 + 1) > LARGE_AREA) {
    const used = sheet.usedRange();
    if (!used) return;
    area = {
      r0: Math.max(range.r0, used.r0),
      c0: Math.max(range.c0, used.c0),
      r1: Math.min(range.r1, used.r1),
      c1: Math.min(range.c1, used.c1),
    };
  }
  for (let r = area.r0; r <= area.r1; r++) for (let c = area.c0; c <= area.c1; c++) yield [r, c];
}

/** After cells changed: re-lay spills they block or free, recalculate their readers, tell listeners. */
export function afterChange(
  app: SimulatedExcel,
  sheetId: string,
  range: RangeRef,
  origin: ChangeOrigin,
  spillOwners = new Set<number>(),
  freed: RangeRef[] = [],
): void {
  const { engine } = app;
  for (const id of spillOwners) {
    const owner = engine.store.byId.get(id);
    if (owner) engine.relayout(owner);
  }
  engine.retryBlocked(sheetId, range);
  for (const region of freed) engine.markChanged(sheetId, region);
  engine.markChanged(sheetId, range);
  engine.markVolatile();
  app.workbook.events.emit({ kind: "cells", sheetId, range, origin });
  engine.pump();
}

function removeFormulaAt(app: SimulatedExcel, sheetId: string, row: number, col: number): RangeRef[] {
  const formula = app.engine.store.at(sheetId, row, col);
  return formula ? app.engine.removeFormula(formula) : [];
}

/** Writes raw inputs (values or formulas, as typed) into the range. */
export function writeInputs(
  app: SimulatedExcel,
  sheetId: string,
  range: RangeRef,
  fill: Fill,
  origin: ChangeOrigin,
): void {
  const sheet = app.sheet(sheetId);
  const spillOwners = new Set<number>();
  const freed: RangeRef[] = [];
  for (let r = range.r0; r <= range.r1; r++) {
    for (let c = range.c0; c <= range.c1; c++) {
      const raw = valueAt(fill, r - range.r0, c - range.c0);
      if (raw === null || raw === undefined) continue;
      const existing = sheet.get(r, c);
      if (existing?.spillParent !== undefined) spillOwners.add(existing.spillParent);
      freed.push(...removeFormulaAt(app, sheetId, r, c));
      const input = parseInput(raw, sheet.numberFormatAt(r, c));
      const cell = sheet.ensure(r, c);
      cell.spillParent = undefined;
      if ("formula" in input) {
        cell.formula = input.formula;
        cell.value = BUSY;
        app.engine.addFormula(sheetId, r, c, input.formula);
      } else {
        cell.formula = undefined;
        cell.value = input.value;
        if (input.numberFormat && sheet.numberFormatAt(r, c) === "General") cell.numberFormat = input.numberFormat;
      }
      sheet.compact(r, c);
    }
  }
  afterChange(app, sheetId, range, origin, spillOwners, freed);
}

export function clearRange(
  app: SimulatedExcel,
  sheetId: string,
  range: RangeRef,
  applyTo: ClearApplyTo,
  origin: ChangeOrigin,
): void {
  const sheet = app.sheet(sheetId);
  const freed: RangeRef[] = [];
  const targets = [...sheet.entries()].filter(
    ([r, c]) => r >= range.r0 && r <= range.r1 && c >= range.c0 && c <= range.c1,
  );
  for (const [r, c, cell] of targets) {
    if (applyTo !== "Formats" && cell.spillParent === undefined) {
      freed.push(...removeFormulaAt(app, sheetId, r, c));
      cell.formula = undefined;
      cell.value = null;
    }
    if (applyTo !== "Contents") {
      cell.numberFormat = undefined;
      cell.format = undefined;
    }
    sheet.compact(r, c);
  }
  if (applyTo !== "Contents" && isWholeColumns(range)) {
    for (let c = range.c0; c <= range.c1; c++) {
      sheet.columnNumberFormats.delete(c);
      sheet.columnFormats.delete(c);
    }
  }
  afterChange(app, sheetId, range, origin, new Set(), freed);
}

/** Applies number formats (null leaves a cell's format unchanged); values stay, their text changes. */
export function writeNumberFormats(app: SimulatedExcel, sheetId: string, range: RangeRef, fill: Fill): void {
  const sheet = app.sheet(sheetId);
  if ("each" in fill && isWholeColumns(range) && typeof fill.each === "string") {
    for (let c = range.c0; c <= range.c1; c++) sheet.columnNumberFormats.set(c, fill.each);
  }
  for (const [r, c] of cellsOf(sheet, range)) {
    const format = valueAt(fill, r - range.r0, c - range.c0);
    if (format === null || format === undefined) continue;
    sheet.ensure(r, c).numberFormat = String(format);
    sheet.compact(r, c);
  }
  app.workbook.events.emit({ kind: "cells", sheetId, range, origin: "api" });
}

export function applyFormat(app: SimulatedExcel, sheetId: string, range: RangeRef, patch: CellFormat): void {
  const sheet = app.sheet(sheetId);
  if (isWholeColumns(range)) {
    for (let c = range.c0; c <= range.c1; c++) sheet.columnFormats.set(c, { ...sheet.columnFormats.get(c), ...patch });
  }
  for (const [r, c] of cellsOf(sheet, range)) {
    const cell = sheet.ensure(r, c);
    cell.format = { ...cell.format, ...patch };
  }
  app.workbook.events.emit({ kind: "cells", sheetId, range, origin: "api" });
}
