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

/** The value as Range.values reports it: errors as their code string, entities as their text, empty as "". */
export function apiValue(value: CellValue): string | number | boolean {
  if (value === null) return "";
  if (typeof value !== "object") return value;
  return value.kind === "error" ? value.code : value.text;
}

/** Excel.RangeValueType of a value. */
export function valueType(value: CellValue): string {
  if (value === null) return "Empty";
  if (typeof value === "string") return "String";
  if (typeof value === "number") return "Double";
  if (typeof value === "boolean") return "Boolean";
  return value.kind === "error" ? "Error" : "RichValue";
}
