/** UKCO.GROUP: a company's group structure as a table, ultimate parent first. */
import { asScalar, isBlank } from "@ukco/core/arguments";
import type { StoredGroupRow } from "@ukco/core/cache/snapshot";
import type { CellGrid, SpillCell } from "@ukco/core/cell-value";
import { normaliseCompanyNumber, parseCompanyNumber } from "@ukco/core/company-number";
import type { CallContext, Engine } from "@ukco/core/engine";
import { NotFoundError } from "@ukco/core/errors";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

/**
 * Spills the group structure of a company as a table with a header row: level (0 is the ultimate parent), company number, company name and parent number, for example =UKCO.GROUP(B2).
 * @customfunction GROUP
 * @param company_number Company number of any company in the group, such as 01234567.
 * @returns A table of the group's companies, ultimate parent first.
 * @cancelable
 * @requiresAddress
 */
export function group(company_number: any, invocation: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return runFormula(invocation, (engine, context) => groupFormula(engine, company_number, context)) as Promise<any[][]>;
}

export const GROUP = defineFunction({
  name: "GROUP",
  kind: "groups",
  key: ([number]) => {
    const parsed = parseCompanyNumber(number);
    return parsed.ok ? { key: parsed.number } : { problem: parsed.reason };
  },
  spill: (_inputs, rows, key) => groupSpill(key, rows as StoredGroupRow[]),
  formula: (engine, [number], context) => groupFormula(engine, number, context),
});

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
