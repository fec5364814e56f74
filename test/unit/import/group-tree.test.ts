import type { GroupStructureRow } from "../../../src/api/product/responses";
import {
  buildGroupTree,
  groupTableRows,
  highlightParts,
  pathTo,
  searchTree,
  visibleRows,
} from "../../../src/core/import/group-tree";

const row = (
  number: string,
  name: string,
  level: number,
  parent: string,
  extra: Partial<GroupStructureRow> = {},
): GroupStructureRow => ({
  SubsidiaryCompanyNumber: number,
  SubsidiaryCompanyName: name,
  SubsidiaryCompanyLevel: level,
  ParentCompanyNumber: parent,
  ...extra,
});

const ROWS = [
  row("00000002", "Beta Holdings", 1, "00000001"),
  row("00000001", "Acme Group PLC", 0, "00000001", { SubsidiaryCompanyWebsite: "acme.example" }),
  row("00000004", "Acme Widgets", 2, "00000002", { CanBeConsolidated: true, IsLikelyDistinctBrand: true }),
  row("00000003", "Alpha Services", 1, "00000001"),
  row("00000005", "Lost Child", 2, "09999999"),
];

describe("group tree", () => {
  const tree = buildGroupTree(ROWS)!;

  test("hangs every company under its parent, from the level-0 ultimate parent; orphans under the root", () => {
    expect(tree.root.name).toBe("Acme Group PLC");
    expect(tree.size).toBe(5);
    expect(tree.root.children.map((c) => c.name)).toEqual(["Alpha Services", "Beta Holdings", "Lost Child"]);
    expect(tree.byNumber.get("00000004")).toMatchObject({ consolidated: true, distinctBrand: true });
    expect(pathTo(tree, "00000004")).toEqual(["00000001", "00000002", "00000004"]);
  });

  test("survives a cycle in the data instead of looping for ever", () => {
    const cyclic = buildGroupTree([row("A", "Root", 0, "A"), row("B", "B", 1, "C"), row("C", "C", 2, "B")])!;
    expect(cyclic.size).toBe(3);
    expect(groupTableRows(cyclic)).toHaveLength(3);
  });

  test("shows the children of expanded nodes only, with their tree positions", () => {
    expect(visibleRows(tree, new Set()).map((r) => r.node.number)).toEqual(["00000001"]);
    const rows = visibleRows(tree, new Set(["00000001", "00000002"]));
    expect(rows.map((r) => [r.node.name, r.depth, r.position, r.siblings, r.hasChildren])).toEqual([
      ["Acme Group PLC", 0, 1, 1, true],
      ["Alpha Services", 1, 1, 3, false],
      ["Beta Holdings", 1, 2, 3, true],
      ["Acme Widgets", 2, 1, 1, false],
      ["Lost Child", 1, 3, 3, false],
    ]);
  });

  test("search finds names and numbers, keeps their ancestors and opens the way to them", () => {
    const search = searchTree(tree, "widg");
    expect([...search.matches]).toEqual(["00000004"]);
    expect([...search.expand].sort()).toEqual(["00000001", "00000002"]);
    const rows = visibleRows(tree, search.expand, search.keep);
    expect(rows.map((r) => r.node.name)).toEqual(["Acme Group PLC", "Beta Holdings", "Acme Widgets"]);
    expect(searchTree(tree, "00000003").matches.has("00000003")).toBe(true);
    expect(searchTree(tree, "  ").matches.size).toBe(0);
  });

  test("marks every match in a name for highlighting, whatever its case", () => {
    expect(highlightParts("Acme acme", "ACME")).toEqual([
      { text: "Acme", match: true },
      { text: " ", match: false },
      { text: "acme", match: true },
    ]);
    expect(highlightParts("<b>x</b>", "x")).toEqual([
      { text: "<b>", match: false },
      { text: "x", match: true },
      { text: "</b>", match: false },
    ]);
  });

  test("the inserted block lists the tree in order, names indented by depth, with each parent's number", () => {
    expect(groupTableRows(tree).map((r) => [r[0], r[1], r[2], r[3], r[5], r[6]])).toEqual([
      [0, "'00000001", "'Acme Group PLC", "", false, false],
      [1, "'00000003", "'    Alpha Services", "'00000001", false, false],
      [1, "'00000002", "'    Beta Holdings", "'00000001", false, false],
      [2, "'00000004", "'        Acme Widgets", "'00000002", true, true],
      [2, "'00000005", "'    Lost Child", "'00000001", false, false],
    ]);
  });

  test("a company in no group has no tree", () => {
    expect(buildGroupTree([])).toBeUndefined();
  });
});
