/**
 * Excel.ChartCollection, Chart, ChartTitle, ChartSeriesCollection and ChartSeries: creating a chart
 * from a range, naming, titling and placing it, and reading or pointing its series at ranges.
 * Formatting (axes, legend, colours) is not simulated and throws "not simulated" when touched.
 */
import {
  addChart,
  chartTypeOf,
  chartsOf,
  columnLeft,
  removeChart,
  ROW_HEIGHT,
  sourceAddress,
  sourceValues,
  type ChartModel,
  type ChartSeriesModel,
  type ChartSource,
} from "../app/charts";
import { invalidArgument, itemNotFound } from "../model/host-error";
import { ClientObject, defineProperties, resultOf, type ClientResult } from "./client-object";
import { ClientCollection } from "./collection";
import { type Range } from "./range";
import { DEFAULT_COLUMN_WIDTH } from "./range-format";
import { type RequestContext } from "./request-context";
import { sheetOf, type SheetTarget } from "./targets";

export interface ChartTarget extends SheetTarget {
  chart: ChartModel;
}

interface SeriesTarget extends ChartTarget {
  series: ChartSeriesModel;
}

function chartOf(t: ChartTarget): ChartModel {
  if (!chartsOf(sheetOf(t)).includes(t.chart)) throw itemNotFound("The chart does not exist (it was deleted).");
  return t.chart;
}

function seriesOf(t: SeriesTarget): ChartSeriesModel {
  if (!chartOf(t).series.includes(t.series)) throw itemNotFound("The chart series does not exist (it was deleted).");
  return t.series;
}

/** The range an argument names: a Range, or an address on the chart's own sheet. */
function sourceOf(t: SheetTarget, range: Range | string): ChartSource {
  if (typeof range !== "string") {
    const target = range._require();
    return { sheet: target.app.sheet(target.sheetId), range: target.range };
  }
  return t.app.resolve(range, t.sheetId);
}

const bytesOfRange = (range: Range | string | undefined) => (typeof range === "string" ? range.length : 0);

export class ChartCollection extends ClientCollection<SheetTarget, ChartTarget, Chart> {
  constructor(context: RequestContext, resolver: () => SheetTarget | null) {
    super(context, "ChartCollection", resolver);
  }

  _itemTargets(t: SheetTarget): ChartTarget[] {
    return chartsOf(sheetOf(t)).map((chart) => ({ ...t, chart }));
  }

  _makeItem(target: ChartTarget): Chart {
    return new Chart(this._context, () => target, { target });
  }

  private _lookup(find: (charts: ChartModel[]) => ChartModel | undefined, orNull: boolean, what: string): Chart {
    return new Chart(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      const chart = find(chartsOf(sheetOf(t)));
      if (!chart && !orNull) throw itemNotFound(`The requested resource doesn't exist: no chart ${what}.`);
      return chart ? { ...t, chart } : null;
    });
  }

  /** sourceData: the range the chart plots; seriesBy "Auto" (default), "Columns" or "Rows". */
  add(type: string, sourceData: Range, seriesBy = "Auto"): Chart {
    const created: { chart?: ChartModel } = {};
    this._enqueue("add", String(type).length, () => {
      const t = this._require();
      created.chart = addChart(t.app, sheetOf(t), type, sourceOf(t, sourceData), seriesBy, DEFAULT_COLUMN_WIDTH);
    });
    return new Chart(this._context, () => ({ ...this._require(), chart: created.chart! }));
  }

  getItem(name: string): Chart {
    return this._lookup(
      (charts) => charts.find((c) => c.name.toLowerCase() === name.toLowerCase()),
      false,
      `"${name}"`,
    );
  }

  getItemOrNullObject(name: string): Chart {
    return this._lookup((charts) => charts.find((c) => c.name.toLowerCase() === name.toLowerCase()), true, `"${name}"`);
  }

  getItemAt(index: number): Chart {
    return this._lookup((charts) => charts[index], false, `at ${index}`);
  }

  getCount(): ClientResult<number> {
    return resultOf(this, "getCount", () => chartsOf(sheetOf(this._require())).length);
  }
}

defineProperties<SheetTarget>(ChartCollection, { count: { get: (t) => chartsOf(sheetOf(t)).length } });

export class Chart extends ClientObject<ChartTarget> {
  constructor(context: RequestContext, resolver: () => ChartTarget | null, found?: { target: ChartTarget }) {
    super(context, "Chart", resolver, found);
  }

  get title(): ChartTitle {
    return this._child("title", () => new ChartTitle(this._context, () => this._t()));
  }

  get series(): ChartSeriesCollection {
    return this._child("series", () => new ChartSeriesCollection(this._context, () => this._t()));
  }

  /** Covers startCell's top-left corner to endCell's bottom-right (endCell absent: the size stays). */
  setPosition(startCell: Range | string, endCell?: Range | string): void {
    this._enqueue("setPosition", bytesOfRange(startCell) + bytesOfRange(endCell), () => {
      const t = this._require();
      const chart = chartOf(t);
      const sheet = sheetOf(t);
      const start = sourceOf(t, startCell);
      const end = endCell === undefined ? undefined : sourceOf(t, endCell);
      if (start.sheet !== sheet || (end && end.sheet !== sheet))
        throw invalidArgument("A chart can only be placed on its own worksheet.");
      chart.top = start.range.r0 * ROW_HEIGHT;
      chart.left = columnLeft(sheet, start.range.c0, DEFAULT_COLUMN_WIDTH);
      if (end) {
        chart.height = (end.range.r1 + 1) * ROW_HEIGHT - chart.top;
        chart.width = columnLeft(sheet, end.range.c1 + 1, DEFAULT_COLUMN_WIDTH) - chart.left;
        if (chart.height <= 0 || chart.width <= 0)
          throw invalidArgument("The end cell lies above or left of the start cell.");
      }
    });
  }

  delete(): void {
    this._enqueue("delete", 0, () => {
      const t = this._require();
      removeChart(t.app, sheetOf(t), chartOf(t));
    });
  }
}

const size = (key: "top" | "left" | "width" | "height") => ({
  get: (t: ChartTarget) => chartOf(t)[key],
  set: (t: ChartTarget, value: unknown) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0)
      throw invalidArgument(`The chart's ${key} must be a number of points, not ${String(value)}.`);
    chartOf(t)[key] = n;
  },
});

defineProperties<ChartTarget>(Chart, {
  id: { get: (t) => chartOf(t).id },
  name: {
    get: (t) => chartOf(t).name,
    set: (t, value) => {
      const name = String(value);
      if (name.trim() === "") throw invalidArgument("A chart's name cannot be empty.");
      chartOf(t).name = name;
    },
  },
  chartType: { get: (t) => chartOf(t).type, set: (t, value) => void (chartOf(t).type = chartTypeOf(value)) },
  top: size("top"),
  left: size("left"),
  width: size("width"),
  height: size("height"),
});

export class ChartTitle extends ClientObject<ChartTarget> {
  constructor(context: RequestContext, resolver: () => ChartTarget | null) {
    super(context, "ChartTitle", resolver);
  }
}

defineProperties<ChartTarget>(ChartTitle, {
  text: { get: (t) => chartOf(t).title, set: (t, value) => void (chartOf(t).title = String(value ?? "")) },
  visible: { get: (t) => chartOf(t).title !== "" },
});

export class ChartSeriesCollection extends ClientCollection<ChartTarget, SeriesTarget, ChartSeries> {
  constructor(context: RequestContext, resolver: () => ChartTarget | null) {
    super(context, "ChartSeriesCollection", resolver);
  }

  _itemTargets(t: ChartTarget): SeriesTarget[] {
    return chartOf(t).series.map((series) => ({ ...t, series }));
  }

  _makeItem(target: SeriesTarget): ChartSeries {
    return new ChartSeries(this._context, () => target, { target });
  }

  getItemAt(index: number): ChartSeries {
    return new ChartSeries(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      const series = chartOf(t).series[index];
      if (!series) throw itemNotFound(`The requested resource doesn't exist: no chart series at ${index}.`);
      return { ...t, series };
    });
  }

  getCount(): ClientResult<number> {
    return resultOf(this, "getCount", () => chartOf(this._require()).series.length);
  }

  /** A new series with no data, named `name` (or SeriesN). */
  add(name?: string): ChartSeries {
    const created: { series?: ChartSeriesModel } = {};
    this._enqueue("add", name?.length ?? 0, () => {
      const chart = chartOf(this._require());
      created.series = { name: name ?? `Series${chart.series.length + 1}` };
      chart.series.push(created.series);
    });
    return new ChartSeries(this._context, () => ({ ...this._require(), series: created.series! }));
  }
}

defineProperties<ChartTarget>(ChartSeriesCollection, { count: { get: (t) => chartOf(t).series.length } });

const DIMENSIONS = ["Categories", "Values", "XValues", "YValues", "BubbleSizes"];

function dimensionSource(series: ChartSeriesModel, dimension: string): ChartSource | undefined {
  const known = DIMENSIONS.find((d) => d.toLowerCase() === String(dimension).toLowerCase());
  if (!known) throw invalidArgument(`"${dimension}" is not an Excel.ChartSeriesDimension.`);
  if (known === "Categories" || known === "XValues") return series.xValues;
  if (known === "Values" || known === "YValues") return series.values;
  return undefined;
}

export class ChartSeries extends ClientObject<SeriesTarget> {
  constructor(context: RequestContext, resolver: () => SeriesTarget | null, found?: { target: SeriesTarget }) {
    super(context, "ChartSeries", resolver, found);
  }

  setValues(sourceData: Range | string): void {
    this._enqueue("setValues", bytesOfRange(sourceData), () => {
      const t = this._require();
      seriesOf(t).values = sourceOf(t, sourceData);
    });
  }

  setXAxisValues(sourceData: Range | string): void {
    this._enqueue("setXAxisValues", bytesOfRange(sourceData), () => {
      const t = this._require();
      seriesOf(t).xValues = sourceOf(t, sourceData);
    });
  }

  /** ExcelApi 1.15: the series' range as an address, e.g. `Sheet1!$B$2:$B$5`. */
  getDimensionDataSourceString(dimension: string): ClientResult<string> {
    return resultOf(this, "getDimensionDataSourceString", () =>
      sourceAddress(dimensionSource(seriesOf(this._require()), dimension)),
    );
  }

  /** ExcelApi 1.12: the series' values along a dimension, as text. */
  getDimensionValues(dimension: string): ClientResult<string[]> {
    return resultOf(this, "getDimensionValues", () =>
      sourceValues(dimensionSource(seriesOf(this._require()), dimension)),
    );
  }

  delete(): void {
    this._enqueue("delete", 0, () => {
      const t = this._require();
      const chart = chartOf(t);
      chart.series.splice(chart.series.indexOf(seriesOf(t)), 1);
    });
  }
}

defineProperties<SeriesTarget>(ChartSeries, {
  name: { get: (t) => seriesOf(t).name, set: (t, value) => void (seriesOf(t).name = String(value ?? "")) },
});
