/**
 * Turns what a custom function returned (or threw) into what the cell shows, as Excel does:
 * a scalar, or a 2-D array that spills; CustomFunctions.Error → its code (message kept for #VALUE!
 * and #N/A only); any other exception → #VALUE!; null → 0; an empty array → #CALC!.
 */
import { errorValue, type CellValue, type ErrorValue } from "../model/cell-values";
import { CustomFunctionsError } from "./custom-functions";

/**
 * `numberFormat`/`numberFormats`: the format a FormattedNumber or a Double (ExcelApi 1.19) value
 * carries; Excel applies it "to the value and not to the cell" (Excel.FormattedNumberCellValue docs).
 */
export type CalcResult =
  | { kind: "value"; value: CellValue; numberFormat?: string }
  | { kind: "array"; rows: CellValue[][]; numberFormats?: (string | undefined)[][] };

export interface Normalised {
  result: CalcResult;
  /** Why the sim chose an error the function did not return itself; never shown in the cell. */
  diagnostic?: string;
}

/** What the host's custom-functions runtime accepts back (from its requirement sets and functions.json). */
export interface ResultSupport {
  /** Data types (entities, formatted numbers): CustomFunctionsRuntime 1.4. */
  dataTypes: boolean;
  /** Entities: also allowCustomDataForDataTypeAny in functions.json. */
  entities: boolean;
  /** A Double's own numberFormat: ExcelApi 1.19 (below it the number shows without it). */
  doubleFormats: boolean;
  /** Why a data type is refused, for the cell's diagnostic. */
  refusal: string;
}

/** Everything accepted: the sim's own tests of results that are not about the host's level. */
export const FULL_SUPPORT: ResultSupport = { dataTypes: true, entities: true, doubleFormats: true, refusal: "" };

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
  numberFormat?: string;
  diagnostic?: string;
}

function scalar(raw: unknown, support: ResultSupport): ScalarOutcome {
  if (raw === null || raw === undefined) return { value: 0 };
  if (typeof raw === "string" || typeof raw === "boolean") return { value: raw };
  if (typeof raw === "number") return Number.isFinite(raw) ? { value: raw } : { value: errorValue("#NUM!") };
  if (raw instanceof CustomFunctionsError) return errorFromCustomError(raw);
  if (typeof raw === "object" && !Array.isArray(raw) && !(raw instanceof Date)) {
    const object = raw as Record<string, unknown>;
    // A data type where the runtime has none (CustomFunctionsRuntime below 1.4): #VALUE!, as
    // perpetual Office shows it.
    if (typeof object.type === "string" && !support.dataTypes)
      return { value: errorValue("#VALUE!"), diagnostic: support.refusal };
    if (object.type === "Entity") {
      if (!support.entities)
        return {
          value: errorValue("#VALUE!"),
          diagnostic: "entity results need allowCustomDataForDataTypeAny in functions.json",
        };
      return { value: { kind: "entity", text: String(object.text ?? ""), entity: object } };
    }
    if (typeof object.type === "string" && BASIC_TYPES.has(object.type)) {
      const outcome = scalar(object.basicValue, support);
      const format = object.numberFormat;
      // DoubleCellValue.numberFormat is ExcelApi 1.19; an older host shows the bare number.
      const kept = object.type === "FormattedNumber" || support.doubleFormats;
      return kept && typeof format === "string" && format && typeof outcome.value === "number"
        ? { ...outcome, numberFormat: format }
        : outcome;
    }
  }
  return {
    value: errorValue("#VALUE!"),
    diagnostic: `a custom function cannot return ${Object.prototype.toString.call(raw)}`,
  };
}

export function normaliseResult(raw: unknown, support: ResultSupport): Normalised {
  if (!Array.isArray(raw)) {
    const { value, numberFormat, diagnostic } = scalar(raw, support);
    return {
      result: { kind: "value", value, ...(numberFormat ? { numberFormat } : {}) },
      ...(diagnostic ? { diagnostic } : {}),
    };
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
  let formatted = false;
  const formats: (string | undefined)[][] = [];
  const values = rows.map((row) => {
    const rowFormats: (string | undefined)[] = [];
    formats.push(rowFormats);
    return row.map((item) => {
      const outcome = scalar(item, support);
      diagnostic ??= outcome.diagnostic;
      rowFormats.push(outcome.numberFormat);
      formatted ||= outcome.numberFormat !== undefined;
      return outcome.value;
    });
  });
  const single = values.length === 1 && width === 1;
  const result: CalcResult = single
    ? { kind: "value", value: values[0]![0]!, ...(formats[0]![0] ? { numberFormat: formats[0]![0] } : {}) }
    : { kind: "array", rows: values, ...(formatted ? { numberFormats: formats } : {}) };
  return diagnostic ? { result, diagnostic } : { result };
}
