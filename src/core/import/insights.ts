/**
 * The insights of a query (INFERRED shape, CONTRACT-CHOICES.md) as bar charts: companies by
 * RTIC (largest first, the rest summed as "Other"), turnover bands and employee bands (in the
 * service's order, which is the bands' own order), each with a text alternative.
 */
import type { Insights } from "./run-import";

export interface Bar {
  label: string;
  count: number;
}

export interface Chart {
  /** Stable id, used in test ids: rtic, turnover, employees, scores, codes, locations… */
  id: string;
  title: string;
  bars: Bar[];
}

/** INFERRED (ours): a 320 px pane reads about eight labelled bars. */
export const MAX_BARS = 8;

export function topWithOther(bars: Bar[], max: number): Bar[] {
  const sorted = [...bars].sort((a, b) => b.count - a.count);
  if (sorted.length <= max) return sorted;
  const other = sorted.slice(max - 1).reduce((sum, bar) => sum + bar.count, 0);
  return [...sorted.slice(0, max - 1), { label: "Other", count: other }];
}

export function insightCharts(insights: Insights, max = MAX_BARS): Chart[] {
  const charts: Chart[] = [];
  const rtics = countedBars(insights.CompaniesByRTIC, (r) => r.Description ?? r.Code ?? "Unknown");
  if (rtics.length) charts.push({ id: "rtic", title: "Companies by RTIC", bars: topWithOther(rtics, max) });
  const turnover = countedBars(insights.TurnoverBands, (b) => b.Band ?? "Unknown");
  if (turnover.length) charts.push({ id: "turnover", title: "Companies by turnover band", bars: turnover });
  const employees = countedBars(insights.EmployeeBands, (b) => b.Band ?? "Unknown");
  if (employees.length) charts.push({ id: "employees", title: "Companies by employee band", bars: employees });
  return charts;
}

/** Bars with a count; a bar the service sent without one is left out rather than drawn as 0. */
export function countedBars<T extends { Count?: number | undefined }>(
  rows: readonly T[] | undefined,
  label: (row: T) => string,
): Bar[] {
  return (rows ?? []).flatMap((row) => (row.Count === undefined ? [] : [{ label: label(row), count: row.Count }]));
}

/** The chart in words, for screen readers and for anyone who cannot see the picture. */
export function chartSummary(chart: Chart): string {
  const total = chart.bars.reduce((sum, bar) => sum + bar.count, 0);
  const items = chart.bars.map((bar) => `${bar.label}: ${bar.count.toLocaleString("en-GB")}`).join("; ");
  return `${chart.title} (${total.toLocaleString("en-GB")} in all). ${items}.`;
}
