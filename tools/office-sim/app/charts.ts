/**
 * Charts on the model: a chart belongs to its sheet (deleting the sheet deletes it) and each series
 * keeps the ranges it reads, so a test can tell what a chart shows. Charts are not drawn and not
 * saved with a snapshot. Only what add-ins need of Excel.Chart is modelled: type, name, title,
 * position and the series' ranges.
 */
import { columnLetters, quoteSheetName, type RangeRef } from "../model/address";
import { type CellValue, isError } from "../model/cell-values";
import { invalidArgument } from "../model/host-error";
import { type Sheet } from "../model/sheet";
import { type SimulatedExcel } from "./simulated-excel";

/** Excel.ChartType, as Office.js spells it (member name → value). */
export const CHART_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  (
    "ColumnClustered ColumnStacked ColumnStacked100 3DColumnClustered 3DColumnStacked 3DColumnStacked100 " +
    "BarClustered BarStacked BarStacked100 3DBarClustered 3DBarStacked 3DBarStacked100 LineStacked LineStacked100 " +
    "LineMarkers LineMarkersStacked LineMarkersStacked100 PieOfPie PieExploded 3DPieExploded BarOfPie " +
    "XYScatterSmooth XYScatterSmoothNoMarkers XYScatterLines XYScatterLinesNoMarkers AreaStacked AreaStacked100 " +
    "3DAreaStacked 3DAreaStacked100 DoughnutExploded RadarMarkers RadarFilled Surface SurfaceWireframe " +
    "SurfaceTopView SurfaceTopViewWireframe Bubble Bubble3DEffect StockHLC StockOHLC StockVHLC StockVOHLC " +
    "CylinderColClustered CylinderColStacked CylinderColStacked100 CylinderBarClustered CylinderBarStacked " +
    "CylinderBarStacked100 CylinderCol ConeColClustered ConeColStacked ConeColStacked100 ConeBarClustered " +
    "ConeBarStacked ConeBarStacked100 ConeCol PyramidColClustered PyramidColStacked PyramidColStacked100 " +
    "PyramidBarClustered PyramidBarStacked PyramidBarStacked100 PyramidCol 3DColumn Line 3DLine 3DPie Pie " +
    "XYScatter 3DArea Area Doughnut Radar Histogram Boxwhisker Pareto RegionMap Treemap Waterfall Sunburst Funnel"
  )
    .split(" ")
    .map((value) => [memberName(value), value]),
);

function memberName(value: string): string {
  const name = /^\d/.test(value) ? `_${value}` : value[0]!.toLowerCase() + value.slice(1);
  return name.startsWith("xYScatter") ? `xyscatter${name.slice("xYScatter".length)}` : name;
}

export const CHART_ENUMS = {
  ChartType: { invalid: "Invalid", ...CHART_TYPES },
  ChartSeriesBy: { auto: "Auto", columns: "Columns", rows: "Rows" },
  ChartSeriesDimension: {
    categories: "Categories",
    values: "Values",
    xvalues: "XValues",
    yvalues: "YValues",
    bubbleSizes: "BubbleSizes",
  },
};

/** A range a chart reads, on its own sheet or another. */
export interface ChartSource {
  sheet: Sheet;
  range: RangeRef;
}

export interface ChartSeriesModel {
  name: string;
  values?: ChartSource;
  /** Category (x-axis) values; absent when Excel numbers the points 1, 2, 3, … */
  xValues?: ChartSource;
}

export interface ChartModel {
  id: string;
  name: string;
  type: string;
  title: string;
  /** In points from the sheet's top-left corner. */
  top: number;
  left: number;
  width: number;
  height: number;
  series: ChartSeriesModel[];
}

/** INFERRED (ours): Excel's default chart is 5 × 3 inches; rows are 15 pt high, columns as the sheet says. */
const DEFAULT_SIZE = { width: 360, height: 216 };
export const ROW_HEIGHT = 15;

const chartsBySheet = new WeakMap<Sheet, ChartModel[]>();

export function chartsOf(sheet: Sheet): ChartModel[] {
  let charts = chartsBySheet.get(sheet);
  if (!charts) chartsBySheet.set(sheet, (charts = []));
  return charts;
}

/** The value Excel.ChartType names, matched as Office.js matches enum strings (ignoring case). */
export function chartTypeOf(type: unknown): string {
  const wanted = String(type).toLowerCase();
  const found = Object.values(CHART_TYPES).find((value) => value.toLowerCase() === wanted);
  if (!found) throw invalidArgument(`"${String(type)}" is not a chart type (Excel.ChartType).`);
  return found;
}

export function columnLeft(sheet: Sheet, column: number, defaultWidth: number): number {
  let left = 0;
  for (let c = 0; c < column; c++) left += sheet.columnWidths.get(c) ?? defaultWidth;
  return left;
}

const isNumber = (value: CellValue | undefined) => typeof value === "number";
const isText = (value: CellValue | undefined) => typeof value === "string" || (value != null && isError(value));

/**
 * The series Excel makes of a source range. INFERRED (ours, from Excel's documented behaviour):
 * "Auto" reads by columns unless the range is wider than it is tall; the first row (column) names
 * the series when it holds no number and a number lies below it; the first column (row) holds the
 * categories when its top cell is empty under such a header, or it holds text and no number.
 */
export function seriesFromSource(source: ChartSource, seriesBy: string): ChartSeriesModel[] {
  const { sheet, range } = source;
  const height = range.r1 - range.r0 + 1;
  const width = range.c1 - range.c0 + 1;
  const by = String(seriesBy).toLowerCase();
  if (!["auto", "columns", "rows"].includes(by)) throw invalidArgument(`"${seriesBy}" is not an Excel.ChartSeriesBy.`);
  const byColumns = by === "columns" || (by === "auto" && height >= width);
  // Read as if by columns: "lines" are the series, "points" run along each line.
  const lines = byColumns ? width : height;
  const points = byColumns ? height : width;
  const at = (line: number, point: number) =>
    byColumns
      ? sheet.get(range.r0 + point, range.c0 + line)?.value
      : sheet.get(range.r0 + line, range.c0 + point)?.value;
  const lineCells = (line: number, from: number) => Array.from({ length: points - from }, (_, p) => at(line, p + from));
  const headed =
    points > 1 &&
    Array.from({ length: lines }, (_, l) => at(l, 0)).every((v) => !isNumber(v)) &&
    Array.from({ length: lines }, (_, l) => lineCells(l, 1)).some((cells) => cells.some(isNumber));
  const first = headed ? 1 : 0;
  const categoryLine =
    lines > 1 &&
    ((headed && (at(0, 0) === null || at(0, 0) === undefined || at(0, 0) === "")) ||
      (lineCells(0, first).some(isText) && !lineCells(0, first).some(isNumber)));
  const part = (line: number): RangeRef =>
    byColumns
      ? { r0: range.r0 + first, r1: range.r1, c0: range.c0 + line, c1: range.c0 + line }
      : { r0: range.r0 + line, r1: range.r0 + line, c0: range.c0 + first, c1: range.c1 };
  const series: ChartSeriesModel[] = [];
  for (let line = categoryLine ? 1 : 0; line < lines; line++) {
    const name = headed ? at(line, 0) : undefined;
    series.push({
      name: name === null || name === undefined || name === "" ? `Series${series.length + 1}` : String(name),
      values: { sheet, range: part(line) },
      ...(categoryLine ? { xValues: { sheet, range: part(0) } } : {}),
    });
  }
  return series;
}

export function addChart(
  app: SimulatedExcel,
  sheet: Sheet,
  type: unknown,
  source: ChartSource,
  seriesBy: string,
  defaultColumnWidth: number,
): ChartModel {
  const chartType = chartTypeOf(type);
  const charts = chartsOf(sheet);
  const id = app.workbook.newId("chart");
  let n = charts.length + 1;
  while (charts.some((c) => c.name === `Chart ${n}`)) n++;
  // INFERRED (ours): a new chart sits beside its data, at the source's first row.
  const chart: ChartModel = {
    id: `{${id}}`,
    name: `Chart ${n}`,
    type: chartType,
    title: "",
    top: source.range.r0 * ROW_HEIGHT,
    left: columnLeft(sheet, source.range.c1 + 1, defaultColumnWidth),
    ...DEFAULT_SIZE,
    series: seriesFromSource(source, seriesBy),
  };
  charts.push(chart);
  app.workbook.events.emit({ kind: "structure" });
  return chart;
}

export function removeChart(app: SimulatedExcel, sheet: Sheet, chart: ChartModel): void {
  const charts = chartsOf(sheet);
  const at = charts.indexOf(chart);
  if (at >= 0) charts.splice(at, 1);
  app.workbook.events.emit({ kind: "structure" });
}

/** A series' range as Excel writes it in the series formula: `'Tearsheet 1'!$E$3:$E$12`. INFERRED (ours): absolute, no "=". */
export function sourceAddress(source: ChartSource | undefined): string {
  if (!source) return "";
  const { r0, c0, r1, c1 } = source.range;
  const absolute = (row: number, col: number) => `$${columnLetters(col)}$${row + 1}`;
  const cells = r0 === r1 && c0 === c1 ? absolute(r0, c0) : `${absolute(r0, c0)}:${absolute(r1, c1)}`;
  return `${quoteSheetName(source.sheet.name)}!${cells}`;
}

/** The values a series shows now, as Excel's getDimensionValues gives them (text). */
export function sourceValues(source: ChartSource | undefined): string[] {
  if (!source) return [];
  const out: string[] = [];
  const { r0, r1, c0, c1 } = source.range;
  for (let r = r0; r <= r1; r++)
    for (let c = c0; c <= c1; c++) {
      const value = source.sheet.get(r, c)?.value ?? null;
      out.push(
        value === null ? "" : typeof value === "object" ? (isError(value) ? value.code : value.text) : String(value),
      );
    }
  return out;
}
