import type { StoredGroupRow } from "../core/cache/snapshot";
import { parseCompanyNumber } from "../core/company-number";
import { groupFormula, groupSpill } from "../core/functions/group";
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
