/** What each kind of API object stands for in the simulated workbook, and helpers to reach it. */
import { type SimulatedExcel } from "../app/simulated-excel";
import { MAX_COLUMNS, MAX_ROWS, type RangeRef } from "../model/address";
import { type CellValue } from "../model/cell-values";
import { invalidArgument, itemNotFound } from "../model/host-error";
import { type Sheet } from "../model/sheet";
import { type TableModel } from "../model/workbook";
import { type Fill } from "../app/cell-writes";

export interface AppTarget {
  app: SimulatedExcel;
}

export interface SheetTarget extends AppTarget {
  sheetId: string;
}

export interface RangeTarget extends SheetTarget {
  range: RangeRef;
}

export interface TableTarget extends AppTarget {
  tableId: string;
}

export function sheetOf(target: SheetTarget): Sheet {
  return target.app.sheet(target.sheetId);
}

export function tableOf(target: TableTarget): TableModel {
  const table = target.app.workbook.tables.find((t) => t.id === target.tableId);
  if (!table) throw itemNotFound("The table does not exist (it was deleted).");
  return table;
}

export function checkBounds(range: RangeRef): RangeRef {
  if (
    range.r0 < 0 ||
    range.c0 < 0 ||
    range.r1 >= MAX_ROWS ||
    range.c1 >= MAX_COLUMNS ||
    range.r1 < range.r0 ||
    range.c1 < range.c0
  ) {
    throw invalidArgument("The range is outside the worksheet.");
  }
  return range;
}

/** Reads each cell of the range through `read`, row by row. */
export function grid<V>(target: RangeTarget, read: (value: CellValue, row: number, col: number) => V): V[][] {
  const sheet = sheetOf(target);
  const { r0, c0, r1, c1 } = target.range;
  const rows: V[][] = [];
  for (let r = r0; r <= r1; r++) {
    const row: V[] = new Array(c1 - c0 + 1);
    for (let c = c0; c <= c1; c++) row[c - c0] = read(sheet.get(r, c)?.value ?? null, r, c);
    rows.push(row);
  }
  return rows;
}

/** A value written to a range: a 2-D array of exactly its size, or one value for every cell. */
export function fillFor(value: unknown, range: RangeRef): Fill {
  if (!Array.isArray(value)) return { each: value };
  const rows = value as unknown[][];
  const height = range.r1 - range.r0 + 1;
  const width = range.c1 - range.c0 + 1;
  if (rows.length !== height || rows.some((row) => !Array.isArray(row) || row.length !== width)) {
    throw invalidArgument(
      `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${height} × ${width}).`,
    );
  }
  return { rows };
}
