/**
 * Lays a formula's result out on the sheet: a value goes in the formula's cell; an array spills
 * down and right from it, or shows #SPILL! when a cell in the way holds anything, lies in a table,
 * or is off the sheet. The spill clears what it spilled before.
 */
import { MAX_COLUMNS, MAX_ROWS, singleCell, type RangeRef } from "../model/address";
import { errorValue, type CellValue } from "../model/cell-values";
import { type Sheet } from "../model/sheet";
import { type CalcResult } from "./results";

export interface SpillState {
  id: number;
  row: number;
  col: number;
  /** Where the current array result is laid out, anchor included. */
  spill?: RangeRef;
  /** Where the array result would go when something blocks it. */
  blocked?: RangeRef;
}

export interface SpillHost {
  sheet: Sheet;
  inTable(row: number, col: number): boolean;
}

/** Empties the cells this formula spilled into. */
export function clearSpill(state: SpillState, sheet: Sheet): void {
  const old = state.spill;
  state.spill = undefined;
  if (!old) return;
  for (let r = old.r0; r <= old.r1; r++) {
    for (let c = old.c0; c <= old.c1; c++) {
      const cell = sheet.get(r, c);
      if (cell?.spillParent !== state.id) continue;
      cell.value = null;
      cell.spillParent = undefined;
      cell.valueFormat = undefined;
      sheet.compact(r, c);
    }
  }
}

function blockReason(state: SpillState, region: RangeRef, host: SpillHost): string | undefined {
  if (region.r1 >= MAX_ROWS || region.c1 >= MAX_COLUMNS) return "Spill range extends beyond the edge of the worksheet.";
  for (let r = region.r0; r <= region.r1; r++) {
    for (let c = region.c0; c <= region.c1; c++) {
      if (r === state.row && c === state.col) continue;
      if (host.inTable(r, c)) return "Spill range is in a table.";
      const cell = host.sheet.get(r, c);
      if (cell && (cell.formula !== undefined || (cell.value !== null && cell.spillParent !== state.id)))
        return "Spill range isn't blank.";
    }
  }
  return undefined;
}

function setAnchor(state: SpillState, sheet: Sheet, value: CellValue, valueFormat?: string): void {
  const cell = sheet.ensure(state.row, state.col);
  cell.value = value;
  cell.valueFormat = valueFormat;
}

/** Writes the result; returns the regions whose values may have changed. */
export function layOut(state: SpillState, result: CalcResult, host: SpillHost): RangeRef[] {
  const changed: RangeRef[] = [singleCell(state.row, state.col)];
  if (state.spill) changed.push(state.spill);
  state.blocked = undefined;
  if (result.kind === "value") {
    clearSpill(state, host.sheet);
    setAnchor(state, host.sheet, result.value, result.numberFormat);
    return changed;
  }
  const rows = result.rows;
  const region: RangeRef = {
    r0: state.row,
    c0: state.col,
    r1: state.row + rows.length - 1,
    c1: state.col + rows[0]!.length - 1,
  };
  const reason = blockReason(state, region, host);
  clearSpill(state, host.sheet);
  if (reason) {
    state.blocked = region;
    setAnchor(state, host.sheet, errorValue("#SPILL!", reason));
    return changed;
  }
  rows.forEach((row, i) =>
    row.forEach((value, j) => {
      const cell = host.sheet.ensure(region.r0 + i, region.c0 + j);
      cell.value = value;
      cell.valueFormat = result.numberFormats?.[i]?.[j];
      if (i !== 0 || j !== 0) cell.spillParent = state.id;
    }),
  );
  state.spill = region;
  changed.push(region);
  return changed;
}
