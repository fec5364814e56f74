/**
 * A classifier model's list summary (`GET /v2/classification/list-summary`) in words and charts:
 * how many companies it scored, how many pass the cutoff, and the distributions (scores, RTICs,
 * turnover and employee bands of the companies above the cutoff).
 */
import type { ListSummaryRequest } from "@ukco/api/product/requests";
import type { ListSummary } from "@ukco/api/product/responses";
import { InvalidArgumentError } from "../errors";
import { MAX_BARS, countedBars, topWithOther, type Chart } from "../import/insights";

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

const count = (n: number) => n.toLocaleString("en-GB");

/**
 * The summary in words. A count the service did not send is unknown and said to be, never
 * shown as 0: "scored an unknown number of companies".
 */
export function summaryText(summary: ListSummary): string {
  const { TotalScored: scored, CompaniesAboveCutoff: above, Cutoff: cutoff } = summary;
  const model = `Model ${summary.ModelCode ?? "(not named in the answer)"}`;
  const atCutoff = `score ${cutoff ?? "(cutoff not stated)"} or more`;
  const share =
    scored !== undefined && above !== undefined && scored > 0 ? ` (${((above / scored) * 100).toFixed(1)} %)` : "";
  const scoredPart =
    scored !== undefined ? `scored ${count(scored)} companies` : "did not say how many companies it scored";
  const abovePart =
    above !== undefined ? `${count(above)}${share} ${atCutoff}` : `the answer did not say how many ${atCutoff}`;
  return `${model} ${scoredPart}; ${abovePart}.`;
}

/** The parts of a summary the service did not send, for the view to name. */
export function summaryGaps(summary: ListSummary): string[] {
  const parts: Array<[unknown, string]> = [
    [summary.TotalScored, "how many companies were scored"],
    [summary.CompaniesAboveCutoff, "how many pass the cutoff"],
    [summary.ScoreDistribution, "the score distribution"],
    [summary.CompaniesByRTIC, "companies by RTIC"],
    [summary.TurnoverBands, "turnover bands"],
    [summary.EmployeeBands, "employee bands"],
  ];
  return parts.filter(([value]) => value === undefined).map(([, name]) => name);
}

export function summaryCharts(summary: ListSummary): Chart[] {
  const charts: Chart[] = [];
  const range = (n: number | undefined) => (n === undefined ? "?" : n.toFixed(2));
  const scores = countedBars(summary.ScoreDistribution, (b) => `${range(b.From)}–${range(b.To)}`);
  if (scores.length) charts.push({ id: "scores", title: "Companies by score", bars: scores });
  const rtics = countedBars(summary.CompaniesByRTIC, (r) => r.Description ?? r.Code ?? "Unknown");
  if (rtics.length)
    charts.push({ id: "rtic", title: "Above the cutoff, by RTIC", bars: topWithOther(rtics, MAX_BARS) });
  const turnover = countedBars(summary.TurnoverBands, (b) => b.Band ?? "Unknown");
  if (turnover.length) charts.push({ id: "turnover", title: "Above the cutoff, by turnover band", bars: turnover });
  const employees = countedBars(summary.EmployeeBands, (b) => b.Band ?? "Unknown");
  if (employees.length) charts.push({ id: "employees", title: "Above the cutoff, by employee band", bars: employees });
  return charts;
}
