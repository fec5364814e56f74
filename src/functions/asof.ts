import { companyKey } from "../core/analysis/function-definition";
import { asofFormula } from "../core/functions/asof";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

/**
 * Returns when the stored data of a company was fetched, as a date and time (UTC), for example =UKCO.ASOF(B2). It sends no request: #N/A until UKCO.FIELD (or a refresh) has fetched the company.
 * @customfunction ASOF
 * @param company_number Company number, such as 01234567 or SC123456.
 * @param [field] Optional field name (such as "BestEstimateTurnover"); every field of a company is fetched at once, so it gives the same time.
 * @returns The date and time the company's stored data was fetched.
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

export const ASOF = defineFunction({
  name: "ASOF",
  kind: "companies",
  key: ([number, field]) => companyKey(number, field),
  // A refresh moves its fetch time whether or not the field's value moved.
  showsAnswer: false,
  formula: (engine, [number, field], context) => asofFormula(engine, number, field, context),
});
