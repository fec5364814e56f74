import { companyFormula } from "../core/functions/company";
import { runFormula } from "../host/formula-runner";

/**
 * Returns a company as a card holding its main fields and when they were fetched, for example =UKCO.COMPANY(B2); then =C2.BestEstimateTurnover reads a field of the card. Where Excel has no data types from add-ins (Office 2021 and 2024), returns the company name.
 * @customfunction COMPANY
 * @param company_number Company number, such as 01234567 or SC123456.
 * @returns A company card (or the company name).
 * @cancelable
 * @requiresAddress
 */
export function company(company_number: any, invocation: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return runFormula(invocation, (engine, context) => companyFormula(engine, company_number, context)) as Promise<
    any[][]
  >;
}
