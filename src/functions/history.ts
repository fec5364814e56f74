import { companyKey } from "../core/analysis/function-definition";
import { historyCells, historyPath, historySpill } from "../core/functions/history";
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
