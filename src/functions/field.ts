/**
 * UKCO.FIELD: fields of company records. Shapes (document in the function's help):
 *   one number, one field          → the value; a list spills across a row
 *   a column of numbers × a row of fields (or either alone) → a table; lists joined with "; "
 *   a row of numbers, one field    → a row;   one number, a column of fields → a column
 * A bad number spoils only its row, an unknown field only its column.
 */
import { companyKey } from "@ukco/core/analysis/function-definition";
import { asGrid, asScalar, isBlank } from "@ukco/core/arguments";
import { type CellGrid, type CellResult, type CellScalar, cellText, toCellScalar } from "@ukco/core/cell-value";
import { parseCompanyNumber } from "@ukco/core/company-number";
import type { AnswerReceiver, CallContext, Engine } from "@ukco/core/engine";
import { InvalidArgumentError, toUserError, UserError } from "@ukco/core/errors";
import { type ResolvedPath, resolveFieldPath } from "@ukco/core/field-path";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

/**
 * Returns a field of a company's record, for example =UKCO.FIELD(B2, "BestEstimateTurnover"). A column of numbers and a row of field names give a whole table: =UKCO.FIELD(B2:B100, C1:H1). A list (such as SICs) spills across a row for one company and is joined with "; " in a table.
 * @customfunction FIELD
 * @param company_number Company number (such as 01234567 or SC123456), or a column of them.
 * @param field Field name (such as "CompanyName", "SICs", "CompanyGrowthTrends.CompanySizeEstimate" or "CompanyFinancials_Vendor[0].TURNOVER"), or a row of them. =UKCO.FIELDS() lists every field.
 * @param [if_empty] Optional value to show when the company has no value for the field; blank by default.
 * @returns The field's value: numbers stay numbers, TRUE/FALSE stay logical, dates are dates (a date serial number to format as a date where Excel has no data types, as in Office 2021 and 2024).
 * @cancelable
 * @requiresAddress
 */
export function field(
  company_number: any[][],
  field: any[][],
  if_empty: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  // Cached values come back at once, so a warm recalculation costs no promise per cell; Excel takes
  // either. The declared type stays the promise: the metadata reader drops a union's matrix shape.
  return runFormula(invocation, (engine, context) =>
    fieldCells(engine, company_number, field, if_empty, context),
  ) as Promise<any[][]>;
}

/** What a FIELD cell reads: its row's company record, the field of its column. */
export const FIELD = defineFunction({
  name: "FIELD",
  kind: "companies",
  key: ([number, field]) => companyKey(number, field),
  formula: (engine, [numbers, fields, ifEmpty], context) => fieldCells(engine, numbers, fields, ifEmpty, context),
});

export const LIST_SEPARATOR = "; ";

/** A formula of more than one cell (one cell's formula never gets here: `single`). */
type Orientation = { numbers: unknown[]; fields: unknown[]; layout: "table" | "row" | "column" };

/** What `single` gives for an argument of more than one cell. */
const NOT_SINGLE: unique symbol = Symbol("not one cell");

/**
 * The one value of a 1×1 argument (Excel passes a single cell as [[value]]), else NOT_SINGLE; an
 * empty array is one empty cell, as `asGrid` reads it.
 */
function single(arg: unknown): unknown {
  if (!Array.isArray(arg)) return arg;
  if (arg.length === 0) return null;
  const row: unknown = arg.length === 1 ? arg[0] : NOT_SINGLE;
  if (!Array.isArray(row)) return arg.length === 1 ? row : NOT_SINGLE;
  return row.length === 1 ? row[0] : NOT_SINGLE;
}

function orient(numbersArg: unknown, fieldsArg: unknown): Orientation {
  const numbers = asGrid(numbersArg);
  const fields = asGrid(fieldsArg);
  const numbersIsColumn = numbers.every((row) => row.length === 1);
  const fieldsIsRow = fields.length === 1;
  const singleNumber = numbers.length === 1 && numbers[0]!.length === 1;
  const singleField = fields.length === 1 && fields[0]!.length === 1;
  if (numbersIsColumn && fieldsIsRow)
    return { numbers: numbers.map((row) => row[0]), fields: fields[0]!, layout: "table" };
  if (numbers.length === 1 && singleField) return { numbers: numbers[0]!, fields: [fields[0]![0]], layout: "row" };
  if (singleNumber && fields.every((row) => row.length === 1))
    return { numbers: [numbers[0]![0]], fields: fields.map((row) => row[0]), layout: "column" };
  throw new InvalidArgumentError(
    "Give the company numbers as one column and the field names as one row, for example =UKCO.FIELD(B2:B100, C1:H1).",
  );
}

export function checkField(field: unknown): ResolvedPath | UserError {
  try {
    const path = resolveFieldPath(field);
    if (path.kind === "object" || path.kind === "object[]") {
      const member = path.info.items?.[0]?.name ?? "…";
      const example =
        path.kind === "object[]" && !path.fansOut ? `${path.text}[0].${member}` : `${path.text}.${member}`;
      return new InvalidArgumentError(`${path.text} is a group of fields; ask for one of them, such as "${example}".`);
    }
    return path;
  } catch (error) {
    return toUserError(error);
  }
}

/** A raw value as cells: a list gives several scalars. */
function scalars(value: unknown, path: ResolvedPath): CellScalar[] {
  if (Array.isArray(value)) {
    const itemKind = path.kind.endsWith("[]") ? (path.kind.slice(0, -2) as ResolvedPath["kind"]) : path.kind;
    return value.map((item) => toCellScalar(item, itemKind)).filter((item): item is CellScalar => item !== undefined);
  }
  const one = toCellScalar(value, path.kind);
  return one === undefined ? [] : [one];
}

function ifEmptyValue(ifEmpty: unknown): CellScalar {
  const value = asScalar(ifEmpty, "if_empty value");
  if (isBlank(value)) return "";
  return typeof value === "number" || typeof value === "boolean" ? value : String(value);
}

/**
 * What every row of one FIELD call shares, and what it makes of a company's values (or of the
 * failure to load them) when they come: the row's cells, shaped for the call's layout. It holds
 * nothing of the calling cell, so the cells of a column that read one field share one.
 */
class FieldAsk<T> implements AnswerReceiver<unknown[], T> {
  constructor(
    readonly engine: Engine,
    readonly paths: readonly (ResolvedPath | UserError)[],
    readonly validPaths: readonly ResolvedPath[],
    readonly ifEmpty: CellScalar,
    readonly shape: (row: CellResult[][]) => T,
  ) {}

  value(values: unknown[]): T {
    return this.shape(cellsOf(this, values));
  }

  failure(error: unknown): T {
    return this.shape(failedRow(this, error));
  }
}

/**
 * Each engine's ask of every one-cell formula that reads a field with no if_empty: a column of
 * 10,000 such cells then holds one, not one each, while its asks wait. Kept by engine, so a closed
 * workbook's engine is never held here.
 */
const ONE_FIELD_ASKS = new WeakMap<Engine, Map<ResolvedPath, FieldAsk<CellGrid>>>();

function oneFieldAsk(engine: Engine, path: ResolvedPath, ifEmpty: CellScalar): FieldAsk<CellGrid> {
  if (ifEmpty !== "") return new FieldAsk(engine, [path], [path], ifEmpty, firstCells);
  let asks = ONE_FIELD_ASKS.get(engine);
  if (!asks) ONE_FIELD_ASKS.set(engine, (asks = new Map()));
  let ask = asks.get(path);
  if (!ask) asks.set(path, (ask = new FieldAsk(engine, [path], [path], "", firstCells)));
  return ask;
}

/** The cells of UKCO.FIELD: at once when every value is cached (a warm recalculation), else a promise. */
export function fieldCells(
  engine: Engine,
  numbersArg: unknown,
  fieldsArg: unknown,
  ifEmptyArg: unknown,
  context: CallContext,
): CellGrid | Promise<CellGrid> {
  const ifEmpty = ifEmptyValue(ifEmptyArg);
  // The common case first, without building grids: one cell's formula, as 10,000 cells of a column
  // have. One promise at most, and the field's paths built once for every cell that reads it.
  const oneNumber = single(numbersArg);
  const oneField = oneNumber === NOT_SINGLE ? NOT_SINGLE : single(fieldsArg);
  if (oneField !== NOT_SINGLE) {
    const path = checkField(oneField);
    const ask =
      path instanceof UserError
        ? new FieldAsk(engine, [path], [], ifEmpty, firstCells)
        : oneFieldAsk(engine, path, ifEmpty);
    return rowOf(ask, oneNumber, context);
  }
  const { numbers, fields, layout } = orient(numbersArg, fieldsArg);
  const paths = fields.map(checkField);
  const validPaths = paths.filter((p): p is ResolvedPath => !(p instanceof UserError));
  // Plain loops and no closures per row: a range formula runs this once per row.
  const ask = new FieldAsk(engine, paths, validPaths, ifEmpty, asRow);
  const rows: (CellResult[][] | Promise<CellResult[][]>)[] = [];
  let pending = false;
  for (const numberCell of numbers) {
    const row = rowOf(ask, numberCell, context);
    if (row instanceof Promise) pending = true;
    rows.push(row);
  }
  return pending
    ? Promise.all(rows).then((settled) => shapeRows(settled, layout))
    : shapeRows(rows as CellResult[][][], layout);
}

/** One row's cells, shaped by the ask in the step that answers it (a cold cell waits on one promise). */
function rowOf<T>(ask: FieldAsk<T>, numberCell: unknown, context: CallContext): T | Promise<T> {
  const { paths, validPaths } = ask;
  if (isBlank(numberCell)) return ask.shape(paths.map(() => [""]));
  const parsed = parseCompanyNumber(numberCell);
  if (!parsed.ok) {
    const badNumber = new InvalidArgumentError(parsed.reason);
    return ask.shape(paths.map((p) => [p instanceof UserError ? p : badNumber]));
  }
  if (!validPaths.length) return ask.value([]);
  try {
    return ask.engine.ask("companies", parsed.number, validPaths, context, ask);
  } catch (error) {
    return ask.failure(error);
  }
}

function failedRow(ask: FieldAsk<unknown>, error: unknown): CellResult[][] {
  const failure = toUserError(error);
  return ask.paths.map((p) => [p instanceof UserError ? p : failure]);
}

function cellsOf(ask: FieldAsk<unknown>, values: unknown[]): CellResult[][] {
  const cells: CellResult[][] = [];
  let next = 0;
  for (const path of ask.paths) {
    if (path instanceof UserError) {
      cells.push([path]);
      continue;
    }
    const value = values[next++];
    if (value instanceof UserError) {
      cells.push([value]);
      continue;
    }
    const scalarCells = scalars(value, path);
    cells.push(scalarCells.length === 0 ? [ask.ifEmpty] : scalarCells);
  }
  return cells;
}

const firstCells = (row: CellResult[][]): CellGrid => [row[0]!];
const asRow = (row: CellResult[][]): CellResult[][] => row;

function shapeRows(rows: CellResult[][][], layout: Orientation["layout"]): CellGrid {
  const joined = rows.map((row) =>
    row.map((cells) =>
      cells.length === 1 ? cells[0]! : cells.map((c) => cellText(c as CellScalar)).join(LIST_SEPARATOR),
    ),
  );
  if (layout === "row") return [joined.map((row) => row[0]!)];
  if (layout === "column") return joined[0]!.map((cell) => [cell]);
  return joined;
}
