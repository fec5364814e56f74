/**
 * A company group as a tree from its ultimate parent, from the rows of the group-structure
 * operation: the rows a tree view shows for a set of expanded nodes, search (matches and the
 * ancestors to open so they show), and the rows of the "Insert as table" block.
 */
import type { GroupStructureRow } from "@ukco/api/product/responses";
import { asSheetText, type SheetValue } from "./columns";

export interface GroupNode {
  number: string;
  name: string;
  level: number;
  parentNumber?: string;
  website?: string;
  /** CanBeConsolidated: the subsidiary can be consolidated into the parent's accounts. */
  consolidated: boolean;
  distinctBrand: boolean;
  children: GroupNode[];
}

export interface GroupTree {
  root: GroupNode;
  byNumber: ReadonlyMap<string, GroupNode>;
  parents: ReadonlyMap<string, GroupNode>;
  size: number;
}

function nodeOf(row: GroupStructureRow): GroupNode {
  return {
    number: row.SubsidiaryCompanyNumber ?? "",
    name: row.SubsidiaryCompanyName ?? "",
    level: row.SubsidiaryCompanyLevel ?? 0,
    ...(row.ParentCompanyNumber ? { parentNumber: row.ParentCompanyNumber } : {}),
    ...(row.SubsidiaryCompanyWebsite ? { website: row.SubsidiaryCompanyWebsite } : {}),
    consolidated: row.CanBeConsolidated === true,
    distinctBrand: row.IsLikelyDistinctBrand === true,
    children: [],
  };
}

/**
 * The root is the level-0 row (CONTRACT-CHOICES.md: it names itself as its parent). INFERRED (ours):
 * a row whose parent is missing from the answer hangs under the root rather than being dropped.
 */
export function buildGroupTree(rows: readonly GroupStructureRow[]): GroupTree | undefined {
  const nodes = rows.map(nodeOf).filter((node) => node.number !== "");
  if (!nodes.length) return undefined;
  const byNumber = new Map<string, GroupNode>();
  for (const node of nodes) if (!byNumber.has(node.number)) byNumber.set(node.number, node);
  const root = [...byNumber.values()].reduce((best, node) => (node.level < best.level ? node : best));
  const parents = new Map<string, GroupNode>();
  for (const node of byNumber.values()) {
    if (node === root) continue;
    const parent = node.parentNumber && node.parentNumber !== node.number ? byNumber.get(node.parentNumber) : undefined;
    const home = parent && !isAncestor(node, parent, parents) ? parent : root;
    home.children.push(node);
    parents.set(node.number, home);
  }
  const sort = (node: GroupNode) => {
    node.children.sort((a, b) => a.name.localeCompare(b.name) || a.number.localeCompare(b.number));
    node.children.forEach(sort);
  };
  sort(root);
  return { root, byNumber, parents, size: byNumber.size };
}

/** Guards against a cycle in bad data: would hanging `node` under `parent` make it its own ancestor? */
function isAncestor(node: GroupNode, parent: GroupNode, parents: ReadonlyMap<string, GroupNode>): boolean {
  for (let at: GroupNode | undefined = parent; at; at = parents.get(at.number)) if (at === node) return true;
  return false;
}

export interface VisibleRow {
  node: GroupNode;
  depth: number;
  /** 1-based position among its shown siblings, and how many are shown (aria-posinset/setsize). */
  position: number;
  siblings: number;
  expanded: boolean;
  hasChildren: boolean;
}

/** The rows a tree shows: the root, and the children of every expanded node; `keep` limits them to a filter. */
export function visibleRows(tree: GroupTree, expanded: ReadonlySet<string>, keep?: ReadonlySet<string>): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const shown = (node: GroupNode) => !keep || keep.has(node.number);
  const walk = (node: GroupNode, depth: number, position: number, siblings: number) => {
    const children = node.children.filter(shown);
    const open = expanded.has(node.number) && children.length > 0;
    rows.push({ node, depth, position, siblings, expanded: open, hasChildren: children.length > 0 });
    if (open) children.forEach((child, i) => walk(child, depth + 1, i + 1, children.length));
  };
  walk(tree.root, 0, 1, 1);
  return rows;
}

export interface TreeSearch {
  matches: ReadonlySet<string>;
  /** Matches and their ancestors: what a filtered tree keeps. */
  keep: ReadonlySet<string>;
  /** Ancestors of the matches: what to expand so every match shows. */
  expand: ReadonlySet<string>;
}

/** Case-insensitive search on name and number. */
export function searchTree(tree: GroupTree, text: string): TreeSearch {
  const needle = text.trim().toLowerCase();
  const matches = new Set<string>();
  const keep = new Set<string>();
  const expand = new Set<string>();
  if (!needle) return { matches, keep, expand };
  for (const node of tree.byNumber.values()) {
    if (!node.name.toLowerCase().includes(needle) && !node.number.toLowerCase().includes(needle)) continue;
    matches.add(node.number);
    keep.add(node.number);
    for (let parent = tree.parents.get(node.number); parent; parent = tree.parents.get(parent.number)) {
      keep.add(parent.number);
      expand.add(parent.number);
    }
  }
  return { matches, keep, expand };
}

/** The pieces of `text` with the parts that match `query` marked, for highlighting. */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let hit = lower.indexOf(needle); hit >= 0; hit = lower.indexOf(needle, at)) {
    if (hit > at) parts.push({ text: text.slice(at, hit), match: false });
    parts.push({ text: text.slice(hit, hit + needle.length), match: true });
    at = hit + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** Every number on the path from the root to `number` (for opening the tree at a company). */
export function pathTo(tree: GroupTree, number: string): string[] {
  const path: string[] = [];
  for (let node = tree.byNumber.get(number); node; node = tree.parents.get(node.number)) path.unshift(node.number);
  return path;
}

export const GROUP_TABLE_HEADER = [
  "Level",
  "Company number",
  "Company name",
  "Parent number",
  "Website",
  "Consolidated accounts",
  "Distinct brand",
];
/** INFERRED (ours): names are indented by level with this many spaces, so the block reads as a tree. */
export const INDENT_PER_LEVEL = 4;

/** Depth-first rows for the "Insert as table" block: the tree order, names indented by depth. */
export function groupTableRows(tree: GroupTree): SheetValue[][] {
  const rows: SheetValue[][] = [];
  const walk = (node: GroupNode, depth: number) => {
    const parent = tree.parents.get(node.number);
    const texts = [
      node.number,
      `${" ".repeat(depth * INDENT_PER_LEVEL)}${node.name}`,
      parent?.number ?? "",
      node.website ?? "",
    ].map((t) => (t ? asSheetText(t) : ""));
    rows.push([node.level, ...texts, node.consolidated, node.distinctBrand]);
    node.children.forEach((child) => walk(child, depth + 1));
  };
  walk(tree.root, 0);
  return rows;
}
