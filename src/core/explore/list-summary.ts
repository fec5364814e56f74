/**
 * A classifier model's list summary (`GET /v2/classification/list-summary`) in words and charts:
 * how many companies it scored, how many pass the cutoff, and the distributions (scores, RTICs,
 * turnover and employee bands of the companies above the cutoff).
 */
import type { ListSummaryRequest } from "../../api/product/requests";
import type { ListSummary } from "../../api/product/responses";
import { InvalidArgumentError } from "../errors";
import { MAX_BARS, topWithOther, type Chart } from "../import/insights";

/** The model code and cutoff as typed; the cutoff may be a share (0.7) or a percentage (70%). */
export function parseListSummaryRequest(modelCode: string, cutoffText: string): ListSummaryRequest {
  const code = modelCode.trim();
  if (!code) throw new InvalidArgumentError("Type a classifier model code, such as RTIC-0001.");
  const text = cutoffText.trim();
  const percent = text.endsWith("%");
  const value = Number(percent ? text.slice(0, -1) : text);
  const cutoff = percent ? value / 100 : value;
  if (text === "" || !Number.isFinite(cutoff) || cutoff < 0 || cutoff > 1)
    throw new InvalidArgumentError("The cutoff is a score from 0 to 1 (or 0% to 100%), such as 0.7.");
  return { modelCode: code, cutoff };
}

const count = (n: number | null | undefined) => (n ?? 0).toLocaleString("en-GB");

export function summaryText(summary: ListSummary): string {
  const scored = summary.TotalScored ?? 0;
  const above = summary.CompaniesAboveCutoff ?? 0;
  const share = scored > 0 ? ` (${((above / scored) * 100).toFixed(1)} %)` : "";
  return `Model ${summary.ModelCode ?? "?"} scored ${count(scored)} companies; ${count(above)}${share} score ${summary.Cutoff ?? "?"} or more.`;
}

export function summaryCharts(summary: ListSummary): Chart[] {
  const charts: Chart[] = [];
  const scores = summary.ScoreDistribution.map((b) => ({
    label: `${(b.From ?? 0).toFixed(2)}–${(b.To ?? 0).toFixed(2)}`,
    count: b.Count ?? 0,
  }));
  if (scores.length) charts.push({ id: "scores", title: "Companies by score", bars: scores });
  const rtics = summary.CompaniesByRTIC.map((r) => ({
    label: r.Description ?? r.Code ?? "Unknown",
    count: r.Count ?? 0,
  }));
  if (rtics.length)
    charts.push({ id: "rtic", title: "Above the cutoff, by RTIC", bars: topWithOther(rtics, MAX_BARS) });
  const bands = (rows: ListSummary["TurnoverBands"]) =>
    rows.map((b) => ({ label: b.Band ?? "Unknown", count: b.Count ?? 0 }));
  if (summary.TurnoverBands.length)
    charts.push({ id: "turnover", title: "Above the cutoff, by turnover band", bars: bands(summary.TurnoverBands) });
  if (summary.EmployeeBands.length)
    charts.push({ id: "employees", title: "Above the cutoff, by employee band", bars: bands(summary.EmployeeBands) });
  return charts;
}
