/**
 * Turns what a custom function returned (or threw) into what the cell shows, as Excel does:
 * a scalar, or a 2-D array that spills; CustomFunctions.Error → its code (message kept for #VALUE!
 * and #N/A only); any other exception → #VALUE!; null → 0; an empty array → #CALC!.
 */
import { errorValue, type CellValue, type ErrorValue } from "../model/cell-values";
import { CustomFunctionsError } from "./custom-functions";

export type CalcResult = { kind: "value"; value: CellValue } | { kind: "array"; rows: CellValue[][] };

export interface Normalised {
  result: CalcResult;
  /** Why the sim chose an error the function did not return itself; never shown in the cell. */
  diagnostic?: string;
}

const MESSAGE_CODES = new Set(["#VALUE!", "#N/A"]);
const OUTPUT_CODES = new Set(["#VALUE!", "#N/A", "#DIV/0!", "#NUM!", "#NULL!"]);
const BASIC_TYPES = new Set(["String", "Double", "Boolean", "FormattedNumber"]);

export function errorFromCustomError(error: CustomFunctionsError): { value: ErrorValue; diagnostic?: string } {
  if (!OUTPUT_CODES.has(error.code)) {
    return { value: errorValue("#VALUE!"), diagnostic: `${error.code} can be an input error but not a result` };
  }
  return { value: errorValue(error.code, MESSAGE_CODES.has(error.code) && error.message ? error.message : undefined) };
}

export function errorFromThrown(thrown: unknown): Normalised {
  if (thrown instanceof CustomFunctionsError) {
    const { value, diagnostic } = errorFromCustomError(thrown);
    return { result: { kind: "value", value }, ...(diagnostic ? { diagnostic } : {}) };
  }
  const text = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  return { result: { kind: "value", value: errorValue("#VALUE!") }, diagnostic: `the function threw ${text}` };
}

interface ScalarOutcome {
  value: CellValue;
  diagnostic?: string;
}

function scalar(raw: unknown, allowEntities: boolean): ScalarOutcome {
  if (raw === null || raw === undefined) return { value: 0 };
  if (typeof raw === "string" || typeof raw === "boolean") return { value: raw };
  if (typeof raw === "number") return Number.isFinite(raw) ? { value: raw } : { value: errorValue("#NUM!") };
  if (raw instanceof CustomFunctionsError) return errorFromCustomError(raw);
  if (typeof raw === "object" && !Array.isArray(raw) && !(raw instanceof Date)) {
    const object = raw as Record<string, unknown>;
    if (object.type === "Entity") {
      if (!allowEntities)
        return {
          value: errorValue("#VALUE!"),
          diagnostic: "entity results need allowCustomDataForDataTypeAny in functions.json",
        };
      return { value: { kind: "entity", text: String(object.text ?? ""), entity: object } };
    }
    if (typeof object.type === "string" && BASIC_TYPES.has(object.type))
      return scalar(object.basicValue, allowEntities);
  }
  return {
    value: errorValue("#VALUE!"),
    diagnostic: `a custom function cannot return ${Object.prototype.toString.call(raw)}`,
  };
}

export function normaliseResult(raw: unknown, allowEntities: boolean): Normalised {
  if (!Array.isArray(raw)) {
    const { value, diagnostic } = scalar(raw, allowEntities);
    return { result: { kind: "value", value }, ...(diagnostic ? { diagnostic } : {}) };
  }
  if (raw.length === 0 || raw.every((row) => Array.isArray(row) && row.length === 0)) {
    return {
      result: { kind: "value", value: errorValue("#CALC!") },
      diagnostic: "the function returned an empty array",
    };
  }
  if (!raw.every((row) => Array.isArray(row))) {
    return {
      result: { kind: "value", value: errorValue("#VALUE!") },
      diagnostic: "an array result must be two-dimensional (an array of rows)",
    };
  }
  const rows = raw as unknown[][];
  const width = rows[0]!.length;
  if (rows.some((row) => row.length !== width)) {
    // INFERRED: Excel's handling of ragged arrays from custom functions is not documented; an error is the safe choice.
    return {
      result: { kind: "value", value: errorValue("#VALUE!") },
      diagnostic: "the rows of the array result differ in length",
    };
  }
  let diagnostic: string | undefined;
  const values = rows.map((row) =>
    row.map((item) => {
      const outcome = scalar(item, allowEntities);
      diagnostic ??= outcome.diagnostic;
      return outcome.value;
    }),
  );
  const result: CalcResult =
    values.length === 1 && width === 1 ? { kind: "value", value: values[0]![0]! } : { kind: "array", rows: values };
  return diagnostic ? { result, diagnostic } : { result };
}
