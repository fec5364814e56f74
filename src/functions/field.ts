import { notConnectedYet } from "./not-connected";

/**
 * Returns a field of a company's record, for example =UKCO.FIELD(B2, "BestEstimateTurnover"). Give a column of numbers and a row of field names to get a whole table: =UKCO.FIELD(B2:B100, C1:H1).
 * @customfunction FIELD
 * @param company_number Company number (such as 01234567 or SC123456), or a column of them.
 * @param field Field name (such as "CompanyName", "SICs" or "CompanyGrowthTrends.CompanySizeEstimate"), or a row of them. =UKCO.FIELDS() lists every field.
 * @param [if_empty] Optional value to show when the company has no value for the field; blank by default.
 * @returns The field's value: numbers stay numbers, dates are dates; a list spills across a row for a single cell and is joined with "; " in a table.
 * @cancelable
 * @requiresAddress
 */
export async function field(
  company_number: any[][],
  field: any[][],
  if_empty: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return notConnectedYet("FIELD", [company_number, field, if_empty], invocation);
}
