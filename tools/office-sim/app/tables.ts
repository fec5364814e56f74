/**
 * Excel tables on the model: creation (headers made unique, a header-only range gets one empty data
 * row as in Excel), row insertion that shifts the cells below down, deletion. References in
 * formulas are not adjusted when cells shift (the sim refuses to move formula cells instead).
 */
import { type RangeRef } from "../model/address";
import { invalidArgument, notSimulated } from "../model/host-error";
import { type TableModel } from "../model/workbook";
import { afterChange, clearRange, writeInputs } from "./cell-writes";
import { type SimulatedExcel } from "./simulated-excel";

export function headerRange(table: TableModel): RangeRef | undefined {
  return table.showHeaders ? { ...table.range, r1: table.range.r0 } : undefined;
}

export function dataRange(table: TableModel): RangeRef {
  return { ...table.range, r0: table.range.r0 + (table.showHeaders ? 1 : 0) };
}

export function dataRowCount(table: TableModel): number {
  const data = dataRange(table);
  return data.r1 - data.r0 + 1;
}

export function headerNames(app: SimulatedExcel, table: TableModel): string[] {
  const sheet = app.sheet(table.sheetId);
  const names: string[] = [];
  for (let c = table.range.c0; c <= table.range.c1; c++) names.push(String(sheet.get(table.range.r0, c)?.value ?? ""));
  return names;
}

function uniqueHeaders(raw: unknown[]): string[] {
  const seen = new Set<string>();
  return raw.map((value, i) => {
    let name = value === null || value === "" || value === undefined ? `Column${i + 1}` : String(value);
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${String(value)}${n}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** Moves the cells of columns c0..c1 at and below `fromRow` down by `count` rows. */
function shiftDown(app: SimulatedExcel, sheetId: string, c0: number, c1: number, fromRow: number, count: number): void {
  const sheet = app.sheet(sheetId);
  const moving = [...sheet.entries()].filter(([r, c]) => r >= fromRow && c >= c0 && c <= c1);
  if (!moving.length) return;
  if (moving.some(([, , cell]) => cell.formula !== undefined || cell.spillParent !== undefined)) {
    throw notSimulated("inserting rows above cells that hold formulas or spilled results");
  }
  const blocking = app.workbook.tables.find(
    (t) => t.sheetId === sheetId && t.range.r0 >= fromRow && t.range.c0 <= c1 && t.range.c1 >= c0,
  );
  if (blocking) throw notSimulated(`inserting rows above the table ${blocking.name}`);
  moving.sort(([a], [b]) => b - a);
  for (const [r, c, cell] of moving) {
    Object.assign(sheet.ensure(r + count, c), { ...cell });
    Object.assign(cell, { value: null, formula: undefined, numberFormat: undefined, format: undefined });
    sheet.compact(r, c);
  }
  const bottom = moving[0]![0] + count;
  afterChange(app, sheetId, { r0: fromRow, c0, r1: bottom, c1 }, "api");
}

export function addTable(app: SimulatedExcel, sheetId: string, range: RangeRef, hasHeaders: boolean): TableModel {
  const overlap = app.workbook.tables.find(
    (t) =>
      t.sheetId === sheetId &&
      t.range.r0 <= range.r1 &&
      range.r0 <= t.range.r1 &&
      t.range.c0 <= range.c1 &&
      range.c0 <= t.range.c1,
  );
  if (overlap) throw invalidArgument(`A table can't overlap another table (${overlap.name}).`);
  const sheet = app.sheet(sheetId);
  const width = range.c1 - range.c0 + 1;
  let area = { ...range };
  let raw: unknown[] = [];
  if (hasHeaders) {
    for (let c = range.c0; c <= range.c1; c++) raw.push(sheet.get(range.r0, c)?.value ?? null);
  } else {
    shiftDown(app, sheetId, range.c0, range.c1, range.r0, 1);
    area = { ...range, r1: range.r1 + 1 };
    raw = Array.from({ length: width }, () => null);
  }
  if (area.r1 === area.r0) area.r1 += 1;
  let n = app.workbook.tables.length + 1;
  while (app.workbook.tableByName(`Table${n}`)) n++;
  const table: TableModel = {
    id: app.workbook.newId("table"),
    name: `Table${n}`,
    sheetId,
    range: area,
    showHeaders: true,
    style: "TableStyleMedium2",
  };
  app.workbook.tables.push(table);
  const headers = uniqueHeaders(raw).map((name) => `'${name}`);
  writeInputs(app, sheetId, { ...area, r1: area.r0 }, { rows: [headers] }, "api");
  app.workbook.events.emit({ kind: "structure" });
  return table;
}

/** Inserts rows at a data-row index (undefined, null or -1: at the end); returns the index used. */
export function insertTableRows(
  app: SimulatedExcel,
  table: TableModel,
  index: number | null | undefined,
  rows: unknown[][],
): number {
  const count = dataRowCount(table);
  const at = index === undefined || index === null || index === -1 ? count : index;
  if (at < 0 || at > count) throw invalidArgument(`The row index ${at} is outside the table (it has ${count} rows).`);
  const width = table.range.c1 - table.range.c0 + 1;
  if (rows.some((row) => row.length !== width))
    throw invalidArgument(`Each row needs ${width} values, one for each table column.`);
  const n = Math.max(rows.length, 1);
  const row0 = dataRange(table).r0 + at;
  shiftDown(app, table.sheetId, table.range.c0, table.range.c1, row0, n);
  table.range = { ...table.range, r1: table.range.r1 + n };
  const block = { r0: row0, c0: table.range.c0, r1: row0 + n - 1, c1: table.range.c1 };
  if (rows.length) writeInputs(app, table.sheetId, block, { rows }, "api");
  app.workbook.events.emit({ kind: "structure" });
  return at;
}

/**
 * Table.resize (ExcelApi 1.13): the header stays in its row, the new range must overlap the old one
 * and no other table; cells left outside keep their values, new header cells get unique names.
 */
export function resizeTable(app: SimulatedExcel, table: TableModel, range: RangeRef): void {
  if (range.r0 !== table.range.r0) throw invalidArgument("The table's header row must stay in the same row.");
  if (range.r1 <= range.r0) throw invalidArgument("A table needs a header row and at least one data row.");
  const overlaps = (a: RangeRef, b: RangeRef) => a.r0 <= b.r1 && b.r0 <= a.r1 && a.c0 <= b.c1 && b.c0 <= a.c1;
  if (!overlaps(range, table.range)) throw invalidArgument("The new table range must overlap the old one.");
  const clash = app.workbook.tables.find((t) => t !== table && t.sheetId === table.sheetId && overlaps(t.range, range));
  if (clash) throw invalidArgument(`A table can't overlap another table (${clash.name}).`);
  table.range = { ...range };
  const header = { ...range, r1: range.r0 };
  const sheet = app.sheet(table.sheetId);
  const raw: unknown[] = [];
  for (let c = header.c0; c <= header.c1; c++) raw.push(sheet.get(header.r0, c)?.value ?? null);
  if (raw.some((v) => v === null || v === ""))
    writeInputs(app, table.sheetId, header, { rows: [uniqueHeaders(raw).map((n) => `'${n}`)] }, "api");
  app.workbook.events.emit({ kind: "structure" });
}

/** Table.delete removes the table and its cells; convertToRange keeps the cells. */
export function removeTable(app: SimulatedExcel, table: TableModel, keepCells: boolean): void {
  const index = app.workbook.tables.indexOf(table);
  if (index >= 0) app.workbook.tables.splice(index, 1);
  if (!keepCells) clearRange(app, table.sheetId, table.range, "All", "api");
  app.workbook.events.emit({ kind: "structure" });
}
