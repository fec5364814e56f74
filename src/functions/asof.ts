/**
 * UKCO.ASOF: when the stored answer for a company was fetched, as an Excel date-time. It reads the
 * store only: a company nobody has asked for is #N/A, never a request.
 */
import { companyKey } from "@ukco/core/analysis/function-definition";
import { asScalar, isBlank } from "@ukco/core/arguments";
import { type CellGrid, toDateCell } from "@ukco/core/cell-value";
import { normaliseCompanyNumber } from "@ukco/core/company-number";
import type { CallContext, Engine } from "@ukco/core/engine";
import { NotFoundError, UserError } from "@ukco/core/errors";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";
import { checkField } from "./field";

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

export const ASOF = defineFunction({
  name: "ASOF",
  kind: "companies",
  key: ([number, field]) => companyKey(number, field),
  // A refresh moves its fetch time whether or not the field's value moved.
  showsAnswer: false,
  formula: (engine, [number, field], context) => asofFormula(engine, number, field, context),
});

/** An epoch time as a date-time cell, in UTC like the record's own date-times. */
export function fetchedAtCell(fetchedAt: number): ReturnType<typeof toDateCell> {
  return toDateCell(new Date(fetchedAt).toISOString(), true);
}

export async function asofFormula(
  engine: Engine,
  numberArg: unknown,
  fieldArg: unknown,
  context: CallContext,
): Promise<CellGrid> {
  const value = asScalar(numberArg, "company number");
  if (isBlank(value)) return [[""]];
  const number = normaliseCompanyNumber(value);
  const field = asScalar(fieldArg, "field");
  // Every field of a company comes from the one fetch, so a field changes nothing but must be a field.
  if (!isBlank(field)) {
    const path = checkField(field);
    if (path instanceof UserError) throw path;
  }
  const fetchedAt = await engine.companyFetchedAt(number, context);
  if (fetchedAt === undefined)
    throw new NotFoundError(
      `Nothing is stored yet for company ${number}: UKCO.FIELD for it (or a refresh) fetches it; UKCO.ASOF itself sends no request.`,
    );
  return [[fetchedAtCell(fetchedAt)]];
}
