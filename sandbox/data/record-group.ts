import type { CompanyContext } from "./record-context";
import { type Dataset, FLAG, companyNumberOf, domainOf, hasFlag } from "./dataset";
import { areaAt } from "./postcodes";
import { normaliseName } from "../matching/normalise";

/** Group fields of a company record: parents, consolidated accounts, brands and members. */

/** INFERRED: `GroupMembers` is capped; the full tree is what the group-structure operation returns. */
export const GROUP_MEMBERS_CAP = 100;

function memberItem(ds: Dataset, m: number): Record<string, unknown> {
  return { CompanyNumber: companyNumberOf(ds, m), CompanyName: ds.names[m] ?? "", Level: ds.level[m] ?? 0 };
}

export function groupFields(ctx: CompanyContext): Record<string, unknown> {
  const { ds, i } = ctx;
  const g = ds.groupOf[i] ?? -1;
  const group = g >= 0 ? ds.groups[g] : undefined;
  if (!group) {
    return {
      UltimateLinkedCompanyNumber: ctx.number,
      ConsolidatedAccountsCompanyName: [],
      ConsolidatedAccountsCompanyNumber: [],
      UltimateUKParentCompanyNames: [],
      UltimateUKParentCompanyNumbers: [],
      LinkedCompanyNumbers: linkedTwins(ctx),
      IsWebsiteInheritedFromGroupStructure: false,
      GroupMembers: [],
      DistinctBrandsInGroup: [],
    };
  }
  const root = group.root;
  const parent = ds.parentOf[i] ?? -1;
  const rootNumber = companyNumberOf(ds, root);
  const end = root + group.size;
  const members = [root];
  if (parent >= 0 && parent !== root) members.push(parent);
  for (let m = root + 1; m < end && members.length < GROUP_MEMBERS_CAP; m++) if (ds.parentOf[m] === i) members.push(m);
  const brands: number[] = [];
  for (let m = root; m < end && brands.length < 5; m++)
    if (hasFlag(ds, m, FLAG.HAS_WEBSITE) && !hasFlag(ds, m, FLAG.INHERITED_WEBSITE)) brands.push(m);
  const siblings: string[] = [];
  for (let m = root; m < end && siblings.length < 5; m++)
    if (m !== i && ds.parentOf[m] === parent) siblings.push(companyNumberOf(ds, m));
  return {
    GroupCompanyId: `G${String(group.id).padStart(7, "0")}`,
    UltimateLinkedCompanyNumber: rootNumber,
    ParentNation: areaAt(ds.area[parent >= 0 ? parent : i] ?? 0).nation,
    UltimateParentNation: areaAt(ds.area[root] ?? 0).nation,
    ConsolidatedAccountsCompanyName: [ds.names[root] ?? ""],
    ConsolidatedAccountsCompanyNumber: [rootNumber],
    UltimateUKParentCompanyNames: [ds.names[root] ?? ""],
    UltimateUKParentCompanyNumbers: [rootNumber],
    LinkedCompanyNumbers: siblings,
    IsWebsiteInheritedFromGroupStructure: hasFlag(ds, i, FLAG.INHERITED_WEBSITE) && domainOf(ds, i) !== null,
    IsLikelySPV: / (PROPERTIES|NOMINEES|FINANCE) /.test(ctx.name),
    GroupMembers: members.map((m) => memberItem(ds, m)),
    DistinctBrandsInGroup: brands.map((m) => ({
      CompanyNumber: companyNumberOf(ds, m),
      CompanyName: ds.names[m] ?? "",
      Website: domainOf(ds, m) ?? "",
    })),
  };
}

/** Companies sharing this company's normalised name (dissolved twins) count as linked. */
function linkedTwins(ctx: CompanyContext): string[] {
  return ctx.ds.nameIndex
    .find(normaliseName(ctx.name))
    .filter((j) => j !== ctx.i)
    .map((j) => companyNumberOf(ctx.ds, j));
}
