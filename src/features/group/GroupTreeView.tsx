/**
 * The group as an expandable tree (ARIA tree, roving focus), rendering only the rows in view: a
 * group of 1,000+ companies costs a few dozen elements, however far it is expanded. Keys: Up and
 * Down move, Right opens or goes to the first child, Left closes or goes to the parent,
 * Home and End jump, Enter and Space open or close.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { visibleRows, type GroupTree, type TreeSearch } from "@ukco/core/import/group-tree";
import { GroupTreeRow, ROW_HEIGHT } from "./GroupTreeRow";

/** INFERRED (ours): the tree's window, and rows drawn beyond it so scrolling shows no gap. */
const VIEW_HEIGHT = 360;
const OVERSCAN = 6;

export interface GroupTreeViewProps {
  tree: GroupTree;
  expanded: ReadonlySet<string>;
  onToggle(number: string, open?: boolean): void;
  search: string;
  found: TreeSearch;
}

export function GroupTreeView({ tree, expanded, onToggle, search, found }: GroupTreeViewProps) {
  const filtering = found.matches.size > 0;
  const rows = useMemo(
    () => visibleRows(tree, expanded, filtering ? found.keep : undefined),
    [tree, expanded, filtering, found],
  );
  const [focus, setFocus] = useState(0);
  // Keys can come faster than React renders: each handler reads the latest position from here.
  const focusNow = useRef(0);
  const [scrollTop, setScrollTop] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const rowRefs = useRef(new Map<number, HTMLDivElement>());
  const moved = useRef(false);
  const at = Math.min(focus, Math.max(0, rows.length - 1));

  useEffect(() => {
    if (!moved.current || !box.current) return;
    moved.current = false;
    const top = at * ROW_HEIGHT;
    if (top < box.current.scrollTop) box.current.scrollTop = top;
    else if (top + ROW_HEIGHT > box.current.scrollTop + VIEW_HEIGHT)
      box.current.scrollTop = top + ROW_HEIGHT - VIEW_HEIGHT;
    setScrollTop(box.current.scrollTop);
    requestAnimationFrame(() => rowRefs.current.get(at)?.focus());
  }, [at]);

  const move = (index: number) => {
    moved.current = true;
    focusNow.current = Math.max(0, Math.min(rows.length - 1, index));
    setFocus(focusNow.current);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = Math.min(focusNow.current, Math.max(0, rows.length - 1));
    const row = rows[at];
    if (!row) return;
    const parentIndex = () => {
      for (let i = at - 1; i >= 0; i--) if (rows[i]!.depth === row.depth - 1) return i;
      return at;
    };
    const actions: Record<string, () => void> = {
      ArrowDown: () => move(at + 1),
      ArrowUp: () => move(at - 1),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      ArrowRight: () =>
        row.hasChildren && !row.expanded ? onToggle(row.node.number, true) : row.expanded ? move(at + 1) : undefined,
      ArrowLeft: () =>
        row.expanded ? onToggle(row.node.number, false) : row.depth > 0 ? move(parentIndex()) : undefined,
      Enter: () => row.hasChildren && onToggle(row.node.number),
      " ": () => row.hasChildren && onToggle(row.node.number),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  // The focused row is always drawn, even scrolled out of view, so Tab can reach the tree.
  const drawn = Array.from({ length: Math.max(0, last - first) }, (_, i) => first + i);
  if (rows[at] && (at < first || at >= last)) drawn.push(at);
  return (
    <div
      ref={box}
      role="tree"
      aria-label={`Group of ${tree.root.name}: ${tree.size.toLocaleString("en-GB")} companies`}
      style={{ position: "relative", height: Math.min(VIEW_HEIGHT, rows.length * ROW_HEIGHT + 2), overflowY: "auto" }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid="group-tree"
      data-rows={rows.length}
    >
      <div role="presentation" style={{ height: rows.length * ROW_HEIGHT, position: "relative" }}>
        {drawn.map((index) => {
          const row = rows[index]!;
          return (
            <GroupTreeRow
              key={row.node.number}
              ref={(el) => void (el ? rowRefs.current.set(index, el) : rowRefs.current.delete(index))}
              row={row}
              index={index}
              focused={index === at}
              search={search}
              match={found.matches.has(row.node.number)}
              onToggle={() => onToggle(row.node.number)}
              onFocus={() => ((focusNow.current = index), setFocus(index))}
              onKeyDown={onKeyDown}
            />
          );
        })}
      </div>
    </div>
  );
}
