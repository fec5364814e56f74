/** A readable description of one cell, for tests and the UI: what it shows, its formula, its error and why. */
import { formatAddress } from "../model/address";
import { apiValue, isError, valueType } from "../model/cell-values";
import { displayText } from "../model/number-format";
import { type Sheet } from "../model/sheet";
import { type SimulatedExcel } from "./simulated-excel";

export interface CellInfo {
  address: string;
  /** As Range.values would give it: errors as their code ("#N/A"), a card as "#VALUE!", empty as "". */
  value: string | number | boolean;
  /** Excel.RangeValueType as Range.valueTypes gives it: Empty, String, Double, Boolean or Error (a card too). */
  type: string;
  /** What the cell shows (a card: its text). */
  text: string;
  formula?: string;
  numberFormat: string;
  error?: { code: string; message?: string };
  entity?: Record<string, unknown>;
  /** The anchor of the spill this cell is part of. */
  spilledFrom?: string;
  /** The cell's fill colour, when it has one. */
  fill?: string;
  /** Why the sim chose an error the function did not return itself (never shown by Excel). */
  diagnostic?: string;
}

export function describeCell(app: SimulatedExcel, sheet: Sheet, row: number, col: number): CellInfo {
  const cell = sheet.get(row, col);
  const value = cell?.value ?? null;
  const numberFormat = sheet.numberFormatAt(row, col);
  const info: CellInfo = {
    address: formatAddress(sheet.name, { r0: row, c0: col, r1: row, c1: col }),
    value: apiValue(value),
    type: valueType(value),
    text: displayText(value, numberFormat),
    numberFormat,
  };
  if (cell?.formula !== undefined) info.formula = cell.formula;
  const fill = sheet.formatAt(row, col).fill;
  if (fill !== undefined) info.fill = fill;
  if (isError(value)) info.error = value.message ? { code: value.code, message: value.message } : { code: value.code };
  if (value && typeof value === "object" && value.kind === "entity") info.entity = value.entity;
  const formula = app.engine.store.at(sheet.id, row, col);
  if (formula?.diagnostic) info.diagnostic = formula.diagnostic;
  if (cell?.spillParent !== undefined) {
    const anchor = app.engine.store.byId.get(cell.spillParent);
    if (anchor)
      info.spilledFrom = formatAddress(sheet.name, { r0: anchor.row, c0: anchor.col, r1: anchor.row, c1: anchor.col });
  }
  return info;
}
