/** A1-style addresses as Office reports them (`Sheet1!B2`, `'Q3 list'!A1:C10`), for refresh scopes. */

export interface RangeRef {
  /** Sheet name, unquoted; empty when the address has none. */
  sheet: string;
  firstRow: number;
  firstColumn: number;
  lastRow: number;
  lastColumn: number;
}

const CELL = /^\$?([A-Z]{1,3})?\$?(\d+)?$/;

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** `'Q3 list'!B2` → [`Q3 list`, `B2`]; an address without a sheet → [``, address]. */
export function splitSheet(address: string): [string, string] {
  const bang = address.lastIndexOf("!");
  if (bang === -1) return ["", address];
  const sheet = address.slice(0, bang);
  const unquoted = sheet.startsWith("'") && sheet.endsWith("'") ? sheet.slice(1, -1).replace(/''/g, "'") : sheet;
  return [unquoted, address.slice(bang + 1)];
}

/** Parses `A1`, `A1:C3`, whole columns `B:B` and whole rows `2:5`; undefined when it is none of these. */
export function parseAddress(address: string): RangeRef | undefined {
  const [sheet, rest] = splitSheet(address.trim());
  const [startText, endText = startText] = rest.toUpperCase().split(":");
  const start = CELL.exec(startText ?? "");
  const end = CELL.exec(endText ?? "");
  if (!start || !end || (!start[1] && !start[2]) || (!end[1] && !end[2])) return undefined;
  const firstColumn = start[1] ? columnNumber(start[1]) : 1;
  const lastColumn = end[1] ? columnNumber(end[1]) : 16_384;
  const firstRow = start[2] ? Number(start[2]) : 1;
  const lastRow = end[2] ? Number(end[2]) : 1_048_576;
  return {
    sheet,
    firstRow: Math.min(firstRow, lastRow),
    lastRow: Math.max(firstRow, lastRow),
    firstColumn: Math.min(firstColumn, lastColumn),
    lastColumn: Math.max(firstColumn, lastColumn),
  };
}

/** True when `cell` lies inside `range` (same sheet, compared case-insensitively, as Excel does). */
export function rangeContains(range: RangeRef, cell: RangeRef): boolean {
  return (
    range.sheet.toLowerCase() === cell.sheet.toLowerCase() &&
    cell.firstRow >= range.firstRow &&
    cell.lastRow <= range.lastRow &&
    cell.firstColumn >= range.firstColumn &&
    cell.lastColumn <= range.lastColumn
  );
}

/** The cells two ranges share (same sheet, compared case-insensitively); undefined when none. */
export function rangeOverlap(a: RangeRef, b: RangeRef): RangeRef | undefined {
  if (a.sheet.toLowerCase() !== b.sheet.toLowerCase()) return undefined;
  const shared = {
    sheet: a.sheet,
    firstRow: Math.max(a.firstRow, b.firstRow),
    lastRow: Math.min(a.lastRow, b.lastRow),
    firstColumn: Math.max(a.firstColumn, b.firstColumn),
    lastColumn: Math.min(a.lastColumn, b.lastColumn),
  };
  return shared.firstRow <= shared.lastRow && shared.firstColumn <= shared.lastColumn ? shared : undefined;
}
