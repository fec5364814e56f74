/**
 * UKCO.HISTORY: a company's yearly series of one measure (history-series.ts), spilled oldest year
 * first, as Excel charts expect:
 *   layout "table" (default) → a header row, then Year | value (| Estimated, for estimate series)
 *   layout "row"             → the values alone across one row, for a sparkline
 * It reads the same cached, batched company record as UKCO.FIELD: a cached company costs no
 * request and answers at once, and a column of HISTORY cells joins FIELD's bursts.
 */
import { companyKey } from "@ukco/core/analysis/function-definition";
import { asChoice, asCount, asScalar, isBlank } from "@ukco/core/arguments";
import type { CellGrid, CellResult, SpillCell } from "@ukco/core/cell-value";
import { parseCompanyNumber } from "@ukco/core/company-number";
import type { CallContext, Engine } from "@ukco/core/engine";
import { InvalidArgumentError, NotFoundError, UnavailableError, UserError } from "@ukco/core/errors";
import { readPath, type ResolvedPath, resolveFieldPath } from "@ukco/core/field-path";
import { buildSeries, FILINGS, findMeasure, type Measure, type Series, seriesItems } from "@ukco/core/history-series";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

/**
 * Returns a company's yearly history of one measure, oldest year first, for example =UKCO.HISTORY(B2, "TURNOVER"). Filed figures come from the company's filed accounts; where a year has several filings, the latest (by made-up-to date, then the later listed) gives the year's value. A year whose filing lacks the measure is blank.
 * @customfunction HISTORY
 * @param company_number Company number, such as 01234567 or SC123456.
 * @param measure A numeric item of the filed accounts, such as "TURNOVER", "EBITDA", "PROFIT_AFTER_TAX", "NUMBER_OF_EMPLOYEES" (or "Employees") or "NET_ASSETS"; or the yearly estimates "TurnoverEstimates" or "EmploymentEstimates".
 * @param [years] Optional: keep only the most recent N years; all by default.
 * @param [layout] Optional: "table" (default) spills a header row, then Year and value rows oldest first, ready to chart (estimates add an Estimated column, TRUE or FALSE); "row" spills the values alone across one row, oldest to newest, for a sparkline.
 * @returns The yearly values, oldest year first.
 * @cancelable
 * @requiresAddress
 */
export function history(
  company_number: any,
  measure: any,
  years: any,
  layout: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  // A cached company comes back at once, as for UKCO.FIELD; the declared type stays the promise.
  return runFormula(invocation, (engine, context) =>
    historyCells(engine, company_number, measure, years, layout, context),
  ) as Promise<any[][]>;
}

export const HISTORY = defineFunction({
  name: "HISTORY",
  kind: "companies",
  key: ([number, measure]) => companyKey(number, measure, historyPath),
  spill: (inputs, list) => historySpill(inputs, list),
  formula: (engine, [number, measure, years, layout], context) =>
    historyCells(engine, number, measure, years, layout, context),
});

export const HISTORY_LAYOUTS = ["table", "row"] as const;
export type HistoryLayout = (typeof HISTORY_LAYOUTS)[number];

/** The most years anyone would keep; more than the record holds is harmless. */
const MAX_YEARS = 200;

/**
 * The series' list with only the members the measure reads (its year, date, flag and value), so
 * the workbook store keeps a few numbers a year rather than every filing whole.
 */
const paths = new Map<Measure, ResolvedPath>();
function pathOf(measure: Measure): ResolvedPath {
  let path = paths.get(measure);
  if (!path) {
    const { source } = measure;
    const members = [source.year, source.date, source.estimated, measure.value].filter((m) => m !== undefined);
    paths.set(measure, (path = resolveFieldPath(`${source.path}{${[...new Set(members)].join(",")}}`)));
  }
  return path;
}

interface HistoryAsk {
  number: string;
  measure: Measure;
  path: ResolvedPath;
  years: number;
  layout: HistoryLayout;
}

/** What a call asks, from its arguments; a bad measure, count or layout is an InvalidArgumentError. */
function askOf(number: string, measureArg: unknown, yearsArg: unknown, layoutArg: unknown): HistoryAsk {
  const measure = findMeasure(asScalar(measureArg, "measure"));
  return {
    number,
    measure,
    path: pathOf(measure),
    years: asCount(yearsArg, 1, MAX_YEARS, MAX_YEARS, "number of years"),
    layout: asChoice(layoutArg, HISTORY_LAYOUTS, "table", "layout"),
  };
}

/** The field a call reads of the company record (the series' list, as the store keeps it). */
export function historyPath(measureArg: unknown): ResolvedPath {
  return pathOf(findMeasure(asScalar(measureArg, "measure")));
}

/** The cells of UKCO.HISTORY: at once when the company is cached (a warm recalculation), else a promise. */
export function historyCells(
  engine: Engine,
  numberArg: unknown,
  measureArg: unknown,
  yearsArg: unknown,
  layoutArg: unknown,
  context: CallContext,
): CellGrid | Promise<CellGrid> {
  const numberCell = asScalar(numberArg, "company number");
  if (isBlank(numberCell)) return [[""]];
  const parsed = parseCompanyNumber(numberCell);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.reason);
  const ask = askOf(parsed.number, measureArg, yearsArg, layoutArg);
  const values = engine.ask("companies", ask.number, [ask.path], context);
  return values instanceof Promise
    ? values.then((loaded) => cellsOf(engine, ask, loaded[0]))
    : cellsOf(engine, ask, values[0]);
}

/**
 * What a call with these inputs shows for the series' list as stored, each cell with the year and
 * column it is, so a spilled cell can be named and a refresh's moved cells found without Excel.
 */
export function historySpill(inputs: readonly unknown[], list: unknown): SpillCell[][] {
  const [number, measureArg, yearsArg, layoutArg] = inputs;
  const ask = askOf(String(number), measureArg, yearsArg, layoutArg);
  return spillOf(ask, list);
}

/**
 * The series' list as read for the company. A list the record schema refuses (years or figures
 * sent as text) is read from the record as sent, which history-series reads tolerantly; that
 * record is in memory whenever the schema has just refused it.
 */
function listOf(engine: Engine, ask: HistoryAsk, value: unknown): unknown {
  if (!(value instanceof UserError)) return value;
  const record =
    value instanceof UnavailableError && value.reason === "unexpected-data" && engine.fullRecord(ask.number, ask.path);
  if (!record) throw value;
  return readPath(record, ask.path.steps);
}

function cellsOf(engine: Engine, ask: HistoryAsk, value: unknown): CellGrid {
  return spillOf(ask, listOf(engine, ask, value)).map((row) => row.map((cell) => cell.value));
}

function spillOf(ask: HistoryAsk, list: unknown): SpillCell[][] {
  const { measure, number } = ask;
  const items = seriesItems(list, measure);
  if (!items?.length)
    throw new NotFoundError(
      measure.source === FILINGS
        ? `Company ${number} has no filed accounts in its record (${FILINGS.path}).`
        : `Company ${number} has no ${measure.name} in its record (${measure.source.path}).`,
    );
  const series = buildSeries(items, measure);
  if (!series.unplaced.length && series.points.every((p) => p.value === null))
    throw new NotFoundError(`No ${measure.source.item} of company ${number} gives ${measure.value}.`);
  return ask.layout === "row" ? rowOf(series, ask.years) : tableOf(series, ask.years);
}

const valueCell = (value: number | null | UserError): CellResult => value ?? "";
const UNPLACED = "an item whose year is unknown";

function rowOf(series: Series, years: number): SpillCell[][] {
  const { name } = series.measure;
  const cells = series.points.slice(-years).map((p) => ({ value: valueCell(p.value), part: `${name} in ${p.year}` }));
  return [[...cells, ...series.unplaced.map((error) => ({ value: error, part: UNPLACED }))]];
}

function tableOf(series: Series, years: number): SpillCell[][] {
  const { measure } = series;
  const flagged = measure.source.estimated !== undefined;
  const header: SpillCell[] = (flagged ? ["Year", measure.name, "Estimated"] : ["Year", measure.name]).map((value) => ({
    value,
    part: "the table's header",
  }));
  const rows = series.points.slice(-years).map((p): SpillCell[] => {
    const row: SpillCell[] = [
      { value: p.year, part: `the year ${p.year}` },
      { value: valueCell(p.value), part: `${measure.name} in ${p.year}` },
    ];
    if (flagged) row.push({ value: p.estimated ?? "", part: `whether ${measure.name} in ${p.year} is estimated` });
    return row;
  });
  const unplaced = series.unplaced.map((error): SpillCell[] => [
    { value: error, part: UNPLACED },
    ...header.slice(1).map(() => ({ value: "", part: UNPLACED })),
  ]);
  return [header, ...rows, ...unplaced];
}
