import { fieldCells } from "../core/functions/field";
import { runFormula } from "../host/formula-runner";

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
