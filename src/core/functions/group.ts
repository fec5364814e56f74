/** UKCO.GROUP: a company's group structure as a table, ultimate parent first. */
import type { CellGrid } from "../cell-value";
import { normaliseCompanyNumber } from "../company-number";
import type { CallContext, Engine } from "../engine";
import { NotFoundError } from "../errors";
import { asScalar, isBlank } from "./arguments";

export const GROUP_HEADER = ["Level", "Company number", "Company name", "Parent number"];

export async function groupFormula(engine: Engine, numberArg: unknown, context: CallContext): Promise<CellGrid> {
  const value = asScalar(numberArg, "company number");
  if (isBlank(value)) return [[""]];
  const number = normaliseCompanyNumber(value);
  const rows = await engine.group(number, context);
  if (rows.length === 0) throw new NotFoundError(`${number} has no group structure in the product API.`);
  return [GROUP_HEADER, ...rows.map((row) => [...row])];
}
