/**
 * UKCO.HISTORY: a company's yearly series of one measure (history-series.ts), spilled oldest year
 * first, as Excel charts expect:
 *   layout "table" (default) → a header row, then Year | value (| Estimated, for estimate series)
 *   layout "row"             → the values alone across one row, for a sparkline
 * It reads the same cached, batched company record as UKCO.FIELD: a cached company costs no
 * request and answers at once, and a column of HISTORY cells joins FIELD's bursts.
 */
import type { CellGrid, CellResult } from "../cell-value";
import { parseCompanyNumber } from "../company-number";
import type { CallContext, Engine } from "../engine";
import { InvalidArgumentError, NotFoundError, UnavailableError, UserError } from "../errors";
import { readPath, resolveFieldPath, type ResolvedPath } from "../field-path";
import { buildSeries, FILINGS, findMeasure, seriesItems, type Measure, type Series } from "../history-series";
import { asChoice, asCount, asScalar, isBlank } from "./arguments";

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
  const measure = findMeasure(asScalar(measureArg, "measure"));
  const ask: HistoryAsk = {
    number: parsed.number,
    measure,
    path: pathOf(measure),
    years: asCount(yearsArg, 1, MAX_YEARS, MAX_YEARS, "number of years"),
    layout: asChoice(layoutArg, HISTORY_LAYOUTS, "table", "layout"),
  };
  const values = engine.ask("companies", ask.number, [ask.path], context);
  return values instanceof Promise
    ? values.then((loaded) => cellsOf(engine, ask, loaded[0]))
    : cellsOf(engine, ask, values[0]);
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
  const { measure, number } = ask;
  const items = seriesItems(listOf(engine, ask, value), measure);
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

function rowOf(series: Series, years: number): CellGrid {
  const cells: CellResult[] = series.points.slice(-years).map((p) => valueCell(p.value));
  return [[...cells, ...series.unplaced]];
}

function tableOf(series: Series, years: number): CellGrid {
  const { measure } = series;
  const flagged = measure.source.estimated !== undefined;
  const header: CellResult[] = flagged ? ["Year", measure.name, "Estimated"] : ["Year", measure.name];
  const rows = series.points.slice(-years).map((p): CellResult[] => {
    const row: CellResult[] = [p.year, valueCell(p.value)];
    if (flagged) row.push(p.estimated ?? "");
    return row;
  });
  const unplaced = series.unplaced.map((error): CellResult[] => [error, ...header.slice(1).map(() => "")]);
  return [header, ...rows, ...unplaced];
}
