/** UKCO.GROUP: a company's group structure as a table, ultimate parent first. */
import type { StoredGroupRow } from "../cache/snapshot";
import type { CellGrid, SpillCell } from "../cell-value";
import { normaliseCompanyNumber } from "../company-number";
import type { CallContext, Engine } from "../engine";
import { NotFoundError } from "../errors";
import { asScalar, isBlank } from "./arguments";

export const GROUP_HEADER = ["Level", "Company number", "Company name", "Parent number"];

export async function groupFormula(engine: Engine, numberArg: unknown, context: CallContext): Promise<CellGrid> {
  const value = asScalar(numberArg, "company number");
  if (isBlank(value)) return [[""]];
  const number = normaliseCompanyNumber(value);
  return groupSpill(number, await engine.group(number, context)).map((row) => row.map((cell) => cell.value));
}

/** The table of a group as stored, each member's cells naming that member. */
export function groupSpill(number: string, rows: readonly StoredGroupRow[]): SpillCell[][] {
  if (rows.length === 0) throw new NotFoundError(`${number} has no group structure in the product API.`);
  const header = GROUP_HEADER.map((value) => ({ value, part: "the table's header" }));
  return [
    header,
    ...rows.map((row) => {
      const [level, member, name] = row;
      const part = `${name || "a company"} (${member}), level ${level} of the group of ${number}`;
      return row.map((value) => ({ value, part }));
    }),
  ];
}
