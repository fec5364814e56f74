/**
 * Builds the argument list Excel passes to a custom function from the formula's arguments and the
 * function's metadata: omitted optional arguments are null, a `matrix` parameter gets a 2-D array,
 * a scalar parameter given a multi-cell range is #VALUE!, and an error in any input makes the cell
 * show that error without calling the function (unless functions.json sets allowErrorForDataTypeAny).
 */
import { formatAddress, type RangeRef } from "../model/address";
import { errorValue, type CellValue, type ErrorValue } from "../model/cell-values";
import { CustomFunctionsError } from "./custom-functions";
import { type FormulaArg, type Literal } from "./formula";
import { type FunctionMeta, type ParameterMeta } from "./metadata";

/** A formula argument whose sheet reference has been resolved to a sheet id when the formula was entered. */
export type ResolvedArg = FormulaArg & { sheetId?: string };

export interface CellReader {
  read(sheetId: string, row: number, col: number): CellValue;
  sheetName(sheetId: string): string | undefined;
}

export interface ArgumentOptions {
  /** What an empty cell arrives as: null (current Excel) or 0 (older desktop builds). */
  emptyCell: null | 0;
  allowErrors: boolean;
  allowEntities: boolean;
  /** The runtime has data types (CustomFunctionsRuntime 1.4); without them a card reads as its basic value, #VALUE!. */
  dataTypes: boolean;
}

export type BuiltArguments =
  { ok: true; values: unknown[]; parameterAddresses: string[] } | { ok: false; error: ErrorValue; diagnostic?: string };

class InputError {
  constructor(
    readonly error: ErrorValue,
    readonly diagnostic?: string,
  ) {}
}

function toArgument(value: CellValue, options: ArgumentOptions): unknown {
  if (value === null) return options.emptyCell;
  if (typeof value !== "object") return value;
  if (value.kind === "entity") {
    if (options.allowEntities) return value.entity;
    if (options.dataTypes) return value.text;
    throw new InputError(errorValue("#VALUE!"), "an input is a card, which reads as #VALUE! without data types");
  }
  if (options.allowErrors) return new CustomFunctionsError(value.code as CustomFunctionsError["code"]);
  // The error propagates without the message, which belongs to the cell that produced it.
  throw new InputError(
    errorValue(value.code),
    `an input is ${value.code}; the function was not called (functions.json does not set allowErrorForDataTypeAny)`,
  );
}

function coerce(value: unknown, param: ParameterMeta): unknown {
  if (value === null || value instanceof CustomFunctionsError) return value;
  switch (param.type) {
    case "number":
      if (typeof value === "number") return value;
      if (typeof value === "boolean") return Number(value);
      if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
      throw new InputError(errorValue("#VALUE!"), `parameter ${param.name} expects a number`);
    case "string":
      return typeof value === "boolean"
        ? value
          ? "TRUE"
          : "FALSE"
        : typeof value === "object"
          ? value
          : String(value);
    case "boolean":
      if (typeof value === "boolean") return value;
      if (typeof value === "number") return value !== 0;
      if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toUpperCase() === "TRUE";
      throw new InputError(errorValue("#VALUE!"), `parameter ${param.name} expects TRUE or FALSE`);
    default:
      return value;
  }
}

function readGrid(arg: ResolvedArg & { kind: "ref" }, reader: CellReader): CellValue[][] {
  if (!arg.sheetId || reader.sheetName(arg.sheetId) === undefined) throw new InputError(errorValue("#REF!"));
  const range: RangeRef = arg.range;
  const rows: CellValue[][] = [];
  for (let r = range.r0; r <= range.r1; r++) {
    const row: CellValue[] = [];
    for (let c = range.c0; c <= range.c1; c++) row.push(reader.read(arg.sheetId, r, c));
    rows.push(row);
  }
  return rows;
}

function grid(arg: ResolvedArg, reader: CellReader): CellValue[][] | undefined {
  switch (arg.kind) {
    case "missing":
      return undefined;
    case "literal":
      return [[arg.value]];
    case "error":
      return [[errorValue(arg.code)]];
    case "array":
      return arg.rows.map((row: Literal[]) => [...row]);
    case "ref":
      return readGrid(arg, reader);
  }
}

function convert(arg: ResolvedArg, param: ParameterMeta, reader: CellReader, options: ArgumentOptions): unknown {
  const cells = grid(arg, reader);
  if (!cells) return null;
  const values = cells.map((row) => row.map((cell) => coerce(toArgument(cell, options), param)));
  if (param.dimensionality === "matrix") return values;
  if (values.length !== 1 || values[0]!.length !== 1) {
    throw new InputError(errorValue("#VALUE!"), `parameter ${param.name} takes one value, not a range`);
  }
  return values[0]![0];
}

function addressOf(arg: ResolvedArg, reader: CellReader): string {
  if (arg.kind !== "ref" || !arg.sheetId) return "";
  return formatAddress(reader.sheetName(arg.sheetId) ?? "", arg.range);
}

export function buildArguments(
  args: ResolvedArg[],
  meta: FunctionMeta,
  reader: CellReader,
  options: ArgumentOptions,
): BuiltArguments {
  const params = meta.parameters;
  const last = params[params.length - 1];
  const repeating = last?.repeating ? last : undefined;
  const fixed = repeating ? params.slice(0, -1) : params;
  const required = fixed.filter((p) => !p.optional).length;
  if (args.length < required || (!repeating && args.length > fixed.length)) {
    return {
      ok: false,
      error: errorValue("#VALUE!"),
      diagnostic: `${meta.name} takes ${required} to ${fixed.length} arguments, given ${args.length}`,
    };
  }
  try {
    const values: unknown[] = fixed.map((param, i) =>
      i < args.length ? convert(args[i]!, param, reader, options) : null,
    );
    if (repeating) values.push(args.slice(fixed.length).map((arg) => convert(arg, repeating, reader, options)));
    return { ok: true, values, parameterAddresses: args.map((arg) => addressOf(arg, reader)) };
  } catch (error) {
    if (error instanceof InputError)
      return { ok: false, error: error.error, ...(error.diagnostic ? { diagnostic: error.diagnostic } : {}) };
    throw error;
  }
}
