import { FLAG, companyNumberOf, domainOf, hasFlag, indexOfNumber } from "../data/dataset";
import { type Reply, json } from "../http/types";
import type { SandboxState } from "../state";
import { productError } from "./common";

/**
 * `GET /v2/companies/{companyNumber}/group-structure`: every row of the company's group, ultimate
 * parent first (level 0). INFERRED: the parent row names itself as its parent; a company in no group
 * answers an empty array; an unknown number answers 404.
 */
export function getGroupStructure(state: SandboxState, companyNumber: string): Reply {
  const { ds } = state;
  const i = indexOfNumber(ds, companyNumber);
  if (i < 0) return productError(404, `Company ${companyNumber} not found.`);
  const group = ds.groups[ds.groupOf[i] ?? -1];
  if (!group) return json(200, []);
  const root = group.root;
  const name = (m: number) => ds.names[m] ?? "";
  const rows = [];
  for (let m = root; m < root + group.size; m++) {
    const parent = m === root ? root : (ds.parentOf[m] ?? root);
    const ownWebsite = hasFlag(ds, m, FLAG.HAS_WEBSITE) && !hasFlag(ds, m, FLAG.INHERITED_WEBSITE);
    rows.push({
      CanBeConsolidated: m !== root,
      ConsolidatedAccountsCompanyName: name(root),
      ConsolidatedAccountsCompanyNumber: companyNumberOf(ds, root),
      IsLikelyDistinctBrand: ownWebsite && m !== root,
      IsSubGroup: m !== root && ds.parentOf.subarray(root, root + group.size).includes(m),
      IsSubsidiaryCompanyWebsiteInheritedFromGroupStructure: hasFlag(ds, m, FLAG.INHERITED_WEBSITE),
      ParentCompanyName: name(parent),
      ParentCompanyNumber: companyNumberOf(ds, parent),
      SubsidiaryCompanyLevel: ds.level[m] ?? 0,
      SubsidiaryCompanyName: name(m),
      SubsidiaryCompanyNumber: companyNumberOf(ds, m),
      SubsidiaryCompanyWebsite: domainOf(ds, m) ?? "",
      TypeOfAccounts: m === root ? "Group" : pickAccounts(ds.employees[m] ?? 1),
      UltimateParentCompanyName: name(root),
      UltimateParentCompanyNumber: companyNumberOf(ds, root),
    });
  }
  return json(200, rows);
}

function pickAccounts(employees: number): string {
  return employees < 10 ? "Micro-entity" : employees < 50 ? "Small" : employees < 250 ? "Medium" : "Full";
}
