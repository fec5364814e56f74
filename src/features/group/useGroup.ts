/** The group structure of one company, fetched from the product API and built into a tree from its ultimate parent. */
import { buildGroupTree, type GroupTree } from "@ukco/core/import/group-tree";
import { useLookup, type UseLookup } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";

export interface LoadedGroup {
  /** Undefined when the company belongs to no group: a fact about it, not a failure. */
  tree?: GroupTree;
  loadMs: number;
}

/** Keyed by company number: asking for another number drops the answer for the one before. */
export function useGroup(): UseLookup<string, LoadedGroup> {
  const { clients } = useRuntime();
  return useLookup(async (number: string, signal) => {
    const started = performance.now();
    const tree = buildGroupTree(await clients.product.groupStructure(number, { signal }));
    return { ...(tree ? { tree } : {}), loadMs: Math.round(performance.now() - started) };
  });
}
