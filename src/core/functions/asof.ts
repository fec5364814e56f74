/**
 * UKCO.ASOF: when the stored answer for a company was fetched, as an Excel date-time. It reads the
 * store only: a company nobody has asked for is #N/A, never a request.
 */
import { toDateCell, type CellGrid } from "../cell-value";
import { normaliseCompanyNumber } from "../company-number";
import type { CallContext, Engine } from "../engine";
import { NotFoundError, UserError } from "../errors";
import { asScalar, isBlank } from "./arguments";
import { checkField } from "./field";

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
