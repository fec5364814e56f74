/** A1-style addresses: parsing and formatting, 0-based rows and columns, inclusive ranges. */

export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

export interface RangeRef {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export interface ParsedAddress {
  sheet?: string;
  range: RangeRef;
}

export function columnLetters(column: number): string {
  let letters = "";
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;
const COLUMN = /^\$?([A-Za-z]{1,3})$/;
const ROW = /^\$?(\d{1,7})$/;

type Corner = { row?: number; col?: number };

function parseCorner(text: string): Corner | undefined {
  const cell = CELL.exec(text);
  if (cell) return { col: columnIndex(cell[1]!), row: Number(cell[2]) - 1 };
  const column = COLUMN.exec(text);
  if (column) return { col: columnIndex(column[1]!) };
  const row = ROW.exec(text);
  if (row) return { row: Number(row[1]) - 1 };
  return undefined;
}

/** Splits `Sheet1!A1`, `'My sheet'!A1:B2` into sheet name and local part. */
export function splitSheet(address: string): { sheet?: string; local: string } {
  const bang = address.lastIndexOf("!");
  if (bang < 0) return { local: address };
  let sheet = address.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheet, local: address.slice(bang + 1) };
}

/** Parses `A1`, `$B$3`, `B2:B5001`, `A:A`, `1:3`, with an optional sheet; undefined when it is not an address. */
export function parseAddress(address: string): ParsedAddress | undefined {
  const { sheet, local } = splitSheet(address.trim());
  const [first, second, extra] = local.split(":");
  if (extra !== undefined || !first) return undefined;
  const a = parseCorner(first);
  const b = second === undefined ? a : parseCorner(second);
  if (!a || !b) return undefined;
  const wholeColumns = a.row === undefined && b.row === undefined && a.col !== undefined && b.col !== undefined;
  const wholeRows = a.col === undefined && b.col === undefined && a.row !== undefined && b.row !== undefined;
  if (second === undefined && (wholeColumns || wholeRows)) return undefined;
  if (
    !wholeColumns &&
    !wholeRows &&
    (a.row === undefined || a.col === undefined || b.row === undefined || b.col === undefined)
  ) {
    return undefined;
  }
  const range = normalise({
    r0: wholeColumns ? 0 : a.row!,
    c0: wholeRows ? 0 : a.col!,
    r1: wholeColumns ? MAX_ROWS - 1 : b.row!,
    c1: wholeRows ? MAX_COLUMNS - 1 : b.col!,
  });
  if (range.r0 < 0 || range.r1 >= MAX_ROWS || range.c1 >= MAX_COLUMNS) return undefined;
  return sheet === undefined ? { range } : { sheet, range };
}

export function normalise(range: RangeRef): RangeRef {
  return {
    r0: Math.min(range.r0, range.r1),
    c0: Math.min(range.c0, range.c1),
    r1: Math.max(range.r0, range.r1),
    c1: Math.max(range.c0, range.c1),
  };
}

export function cellAddress(row: number, col: number): string {
  return `${columnLetters(col)}${row + 1}`;
}

/** `A1`, `A1:B2`, `A:A` or `1:1`, as Excel writes them. */
export function formatRange(range: RangeRef): string {
  if (range.r0 === 0 && range.r1 === MAX_ROWS - 1) return `${columnLetters(range.c0)}:${columnLetters(range.c1)}`;
  if (range.c0 === 0 && range.c1 === MAX_COLUMNS - 1) return `${range.r0 + 1}:${range.r1 + 1}`;
  const start = cellAddress(range.r0, range.c0);
  return range.r0 === range.r1 && range.c0 === range.c1 ? start : `${start}:${cellAddress(range.r1, range.c1)}`;
}

export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !CELL.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export function formatAddress(sheetName: string, range: RangeRef): string {
  return `${quoteSheetName(sheetName)}!${formatRange(range)}`;
}

export function rowCount(range: RangeRef): number {
  return range.r1 - range.r0 + 1;
}

export function columnCount(range: RangeRef): number {
  return range.c1 - range.c0 + 1;
}

export function intersects(a: RangeRef, b: RangeRef): boolean {
  return a.r0 <= b.r1 && b.r0 <= a.r1 && a.c0 <= b.c1 && b.c0 <= a.c1;
}

export function contains(outer: RangeRef, row: number, col: number): boolean {
  return row >= outer.r0 && row <= outer.r1 && col >= outer.c0 && col <= outer.c1;
}

export function singleCell(row: number, col: number): RangeRef {
  return { r0: row, c0: col, r1: row, c1: col };
}

export function intersection(a: RangeRef, b: RangeRef): RangeRef | undefined {
  const r = { r0: Math.max(a.r0, b.r0), c0: Math.max(a.c0, b.c0), r1: Math.min(a.r1, b.r1), c1: Math.min(a.c1, b.c1) };
  return r.r0 <= r.r1 && r.c0 <= r.c1 ? r : undefined;
}
