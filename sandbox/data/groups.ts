import { type Rng, intBetween } from "./prng";

/**
 * Shapes of company groups: one very large group (over 1,000 members once the dataset can hold it,
 * as the real register has), a few deep chains, and many small groups. Members of a group occupy
 * consecutive company indices, the ultimate parent first.
 */

export interface GroupPlan {
  readonly size: number;
  /** Direct parent of member k (k >= 1) as a member offset < k; level follows from it. */
  readonly parents: Int32Array;
}

/** INFERRED: about 15 % of companies belong to a group. */
const GROUPED_SHARE = 0.15;
const GIANT_MIN_DATASET = 4000;

function planGiant(rng: Rng, size: number): GroupPlan {
  const parents = new Int32Array(size);
  const subHoldings = Math.min(12, size - 1);
  for (let k = 1; k < size; k++) {
    if (k <= subHoldings) parents[k] = 0;
    else if (k <= subHoldings * 8) parents[k] = intBetween(rng, 1, subHoldings);
    else parents[k] = intBetween(rng, subHoldings + 1, Math.min(k - 1, subHoldings * 8));
  }
  return { size, parents };
}

function planDeep(rng: Rng, size: number, depth: number): GroupPlan {
  const parents = new Int32Array(size);
  for (let k = 1; k < size; k++) parents[k] = k < depth ? k - 1 : intBetween(rng, 0, k - 1);
  return { size, parents };
}

function planSmall(rng: Rng, size: number): GroupPlan {
  const parents = new Int32Array(size);
  for (let k = 1; k < size; k++) parents[k] = k > 2 && rng() < 0.3 ? intBetween(rng, 1, k - 1) : 0;
  return { size, parents };
}

export function planGroups(rng: Rng, companies: number): GroupPlan[] {
  const plans: GroupPlan[] = [];
  let used = 0;
  if (companies >= GIANT_MIN_DATASET) {
    const giant = planGiant(rng, 1000 + intBetween(rng, 20, 150));
    plans.push(giant);
    used += giant.size;
  }
  if (companies >= 500) {
    for (let d = 0; d < 3; d++) {
      const deep = planDeep(rng, intBetween(rng, 20, 50), 6 + d);
      plans.push(deep);
      used += deep.size;
    }
  }
  const target = Math.max(used, Math.floor(companies * GROUPED_SHARE));
  while (used < target) {
    const size = Math.min(intBetween(rng, 2, 12), target - used);
    if (size < 2) break;
    plans.push(planSmall(rng, size));
    used += size;
  }
  return plans;
}

export function levelsOf(plan: GroupPlan): Uint8Array {
  const levels = new Uint8Array(plan.size);
  for (let k = 1; k < plan.size; k++) levels[k] = (levels[plan.parents[k] ?? 0] ?? 0) + 1;
  return levels;
}
