/**
 * What a UKCO function puts in a cell, before the host turns it into an Excel value:
 * numbers stay numbers, booleans TRUE/FALSE, dates become Excel serial dates (the host formats
 * them where it can, else shows ISO text), failures are UserErrors the host shows as #VALUE!/#N/A.
 */
import type { FieldKind } from "@ukco/api/product/fields";
import type { StoredCode } from "./cache/snapshot";
import { UserError } from "./errors";

export interface DateCell {
  kind: "date";
  /** Days since 1899-12-30, with the time of day as a fraction. */
  serial: number;
  /** `2021-03-04` or `2021-03-04T10:20:00Z`: what hosts without formatted numbers show. */
  iso: string;
  numberFormat: string;
}

/** A card (Excel entity value) where the host supports data types; its `text` elsewhere. */
export interface EntityCell {
  kind: "entity";
  text: string;
  /** Field name → value, in card order; `=A2.BestEstimateTurnover` reads them. */
  properties: [string, CellScalar][];
}

export type CellScalar = string | number | boolean | DateCell;
export type CellResult = CellScalar | EntityCell | UserError;
export type CellGrid = CellResult[][];

/**
 * One cell of a table a function spills from one answer, and which part of the answer it shows
 * ("TURNOVER in 2021"), so About this value can name a cell inside the spill.
 */
export interface SpillCell {
  value: CellResult;
  part?: string;
}

export const EMPTY_CELL = "";

const DAY_MS = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Excel's serial dates start at 1900-03-01 (earlier ones carry the 1900 leap-year bug); show those as text. */
const FIRST_SAFE_MS = Date.UTC(1900, 2, 1);

export function isEntityCell(value: unknown): value is EntityCell {
  return typeof value === "object" && value !== null && (value as EntityCell).kind === "entity";
}

export function isDateCell(value: unknown): value is DateCell {
  return typeof value === "object" && value !== null && (value as DateCell).kind === "date";
}

/** Dates read lately: a column shows the same few thousand dates at every recalculation. */
const readDates = new Map<string, CellScalar>();
const READ_DATES_KEPT = 10_000;

/** A date or date-time string as an Excel date; text that is not a date stays text. */
export function toDateCell(value: string, withTime: boolean): CellScalar {
  const key = withTime ? `T${value}` : value;
  let cell = readDates.get(key);
  if (cell === undefined) {
    if (readDates.size >= READ_DATES_KEPT) readDates.clear();
    cell = readDate(value, withTime);
    readDates.set(key, cell);
  }
  return cell;
}

function readDate(value: string, withTime: boolean): CellScalar {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = dateOnly ? Date.UTC(+dateOnly[1]!, +dateOnly[2]! - 1, +dateOnly[3]!) : Date.parse(value);
  if (!Number.isFinite(ms) || ms < FIRST_SAFE_MS) return value;
  const hasTime = withTime && !dateOnly && ms % DAY_MS !== 0;
  const iso = hasTime ? new Date(ms).toISOString().replace(".000Z", "Z") : new Date(ms).toISOString().slice(0, 10);
  return {
    kind: "date",
    serial: (ms - EXCEL_EPOCH_MS) / DAY_MS,
    iso,
    numberFormat: hasTime ? "yyyy-mm-dd hh:mm" : "yyyy-mm-dd",
  };
}

/** One scalar of a record as a cell value, guided by the catalogue's kind. */
export function toCellScalar(value: unknown, kind: FieldKind): CellScalar | undefined {
  if (value === null || value === undefined) return undefined;
  if (kind === "date" || kind === "datetime")
    return typeof value === "string" ? toDateCell(value, kind === "datetime") : scalarOf(value);
  return scalarOf(value);
}

function scalarOf(value: unknown): CellScalar | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  // A value of an unexpected shape (an extra field the service added) is shown, not dropped.
  return JSON.stringify(value);
}

/** The text form of a cell value, used where lists are joined into one cell. */
export function cellText(value: CellScalar): string {
  if (isDateCell(value)) return value.iso;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value);
}

export function isUserError(value: unknown): value is UserError {
  return value instanceof UserError;
}

/** "code – description", the form an industry code takes in a cell (UKCO.CLASSIFY's every output) and in What changed. */
export function codeText(code: StoredCode): string {
  return code.description ? `${code.code} – ${code.description}` : code.code;
}
