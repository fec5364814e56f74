/** What a cell can hold, and how Excel shows it. */

export const ERROR_CODES = [
  "#N/A",
  "#VALUE!",
  "#DIV/0!",
  "#NUM!",
  "#NULL!",
  "#NAME?",
  "#REF!",
  "#SPILL!",
  "#CALC!",
  "#BUSY!",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error in a cell; message is what Excel shows in the cell's error tooltip. */
export interface ErrorValue {
  kind: "error";
  code: ErrorCode;
  message?: string;
}

/** An entity (card) value returned by a custom function; the cell shows its text. */
export interface EntityValue {
  kind: "entity";
  text: string;
  entity: Record<string, unknown>;
}

export type CellValue = null | string | number | boolean | ErrorValue | EntityValue;

export const BUSY: ErrorValue = { kind: "error", code: "#BUSY!" };

export function errorValue(code: ErrorCode, message?: string): ErrorValue {
  return message ? { kind: "error", code, message } : { kind: "error", code };
}

export function isError(value: CellValue): value is ErrorValue {
  return typeof value === "object" && value !== null && value.kind === "error";
}

export function isEntity(value: CellValue): value is EntityValue {
  return typeof value === "object" && value !== null && value.kind === "entity";
}

export function isErrorCode(text: unknown): text is ErrorCode {
  return typeof text === "string" && (ERROR_CODES as readonly string[]).includes(text);
}

/**
 * The value as Range.values reports it: errors as their code string, empty as "", and a card as its
 * basic value, "#VALUE!": an entity's basicType is Error and its basicValue "#VALUE!", which "matches
 * the value returned by the values property" (learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-concepts).
 * The card itself is read through valuesAsJson (ExcelApi 1.16).
 */
export function apiValue(value: CellValue): string | number | boolean {
  if (value === null) return "";
  if (typeof value !== "object") return value;
  return value.kind === "error" ? value.code : ENTITY_BASIC_VALUE;
}

export const ENTITY_BASIC_VALUE = "#VALUE!";

/** Excel.RangeValueType of a value (a card's is its basicType, Error). */
export function valueType(value: CellValue): string {
  if (value === null) return "Empty";
  if (typeof value === "string") return "String";
  if (typeof value === "number") return "Double";
  if (typeof value === "boolean") return "Boolean";
  return "Error";
}

/** What the cell shows: a card shows its text. */
export function shownValue(value: CellValue): string | number | boolean {
  return isEntity(value) ? value.text : apiValue(value);
}

const ERROR_TYPES: Record<ErrorCode, string> = {
  "#N/A": "NotAvailable",
  "#VALUE!": "Value",
  "#DIV/0!": "Div0",
  "#NUM!": "Num",
  "#NULL!": "Null",
  "#NAME?": "Name",
  "#REF!": "Ref",
  "#SPILL!": "Spill",
  "#CALC!": "Calc",
  "#BUSY!": "Busy",
};

/**
 * Range.valuesAsJson of one cell (Excel.CellValue): every value with its type, basicType and
 * basicValue; a number a formula gave its own format is a FormattedNumber, or from ExcelApi 1.19 a
 * Double with that numberFormat; a card is its entity.
 */
export function jsonValue(value: CellValue, valueFormat: string | undefined, doubleFormats: boolean): unknown {
  if (value === null) return { type: "Empty", basicType: "Empty", basicValue: "" };
  if (typeof value === "string") return { type: "String", basicType: "String", basicValue: value };
  if (typeof value === "boolean") return { type: "Boolean", basicType: "Boolean", basicValue: value };
  if (typeof value === "number") {
    if (!valueFormat) return { type: "Double", basicType: "Double", basicValue: value };
    return doubleFormats
      ? { type: "Double", basicType: "Double", basicValue: value, numberFormat: valueFormat }
      : { type: "FormattedNumber", basicType: "Double", basicValue: value, numberFormat: valueFormat };
  }
  if (value.kind === "error")
    return { type: "Error", basicType: "Error", basicValue: value.code, errorType: ERROR_TYPES[value.code] };
  return { ...value.entity, type: "Entity", basicType: "Error", basicValue: ENTITY_BASIC_VALUE };
}
