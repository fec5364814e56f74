import { asofFormula } from "../core/functions/asof";
import { runFormula } from "../host/formula-runner";

/**
 * Returns when the stored data of a company was fetched, as a date and time (UTC), for example =UKCO.ASOF(B2). It sends no request: #N/A until UKCO.FIELD (or a refresh) has fetched the company.
 * @customfunction ASOF
 * @param company_number Company number, such as 01234567 or SC123456.
 * @param [field] Optional field name (such as "BestEstimateTurnover"); every field of a company is fetched at once, so it gives the same time.
 * @returns The date and time the company's stored data was fetched (a date serial number to format as a date where Excel has no data types, as in Office 2021 and 2024).
 * @cancelable
 * @requiresAddress
 */
export function asof(
  company_number: any,
  field: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return runFormula(invocation, (engine, context) => asofFormula(engine, company_number, field, context)) as Promise<
    any[][]
  >;
}
