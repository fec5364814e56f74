/** One company in the group tree: name (search hits marked), number, level, website and the two flags. */
import { Badge, makeStyles, tokens } from "@fluentui/react-components";
import { forwardRef, type KeyboardEvent } from "react";
import { highlightParts, type VisibleRow } from "@ukco/core/import/group-tree";

export const ROW_HEIGHT = 62;
/** Pixels of indentation per level of the tree. */
const INDENT = 14;

const useStyles = makeStyles({
  row: {
    position: "absolute",
    left: 0,
    right: 0,
    height: `${ROW_HEIGHT}px`,
    boxSizing: "border-box",
    display: "flex",
    alignItems: "flex-start",
    gap: tokens.spacingHorizontalXS,
    paddingTop: tokens.spacingVerticalXS,
    cursor: "pointer",
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    ":focus-visible": { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "-2px" },
  },
  focused: { backgroundColor: tokens.colorNeutralBackground1Selected },
  twisty: { width: "14px", flexShrink: 0, textAlign: "center" },
  body: { minWidth: 0, flexGrow: 1 },
  name: { fontWeight: tokens.fontWeightSemibold, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" },
  meta: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    whiteSpace: "nowrap",
    overflow: "hidden",
    textOverflow: "ellipsis",
    display: "flex",
    gap: "4px",
    alignItems: "center",
  },
  mark: { backgroundColor: tokens.colorPaletteYellowBackground2, color: "inherit" },
});

export interface GroupTreeRowProps {
  row: VisibleRow;
  index: number;
  focused: boolean;
  search: string;
  match: boolean;
  onToggle(): void;
  onFocus(): void;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
}

export const GroupTreeRow = forwardRef<HTMLDivElement, GroupTreeRowProps>(function GroupTreeRow(
  { row, index, focused, search, match, onToggle, onFocus, onKeyDown },
  ref,
) {
  const styles = useStyles();
  const { node } = row;
  return (
    <div
      ref={ref}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-setsize={row.siblings}
      aria-posinset={row.position}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={focused}
      tabIndex={focused ? 0 : -1}
      className={`${styles.row} ${focused ? styles.focused : ""}`}
      style={{ top: index * ROW_HEIGHT, paddingLeft: 4 + row.depth * INDENT }}
      onClick={() => (onFocus(), row.hasChildren && onToggle())}
      onKeyDown={onKeyDown}
      data-number={node.number}
      data-match={match || undefined}
    >
      <span className={styles.twisty} aria-hidden="true">
        {row.hasChildren ? (row.expanded ? "▾" : "▸") : ""}
      </span>
      <span className={styles.body}>
        <span className={styles.name} style={{ display: "block" }}>
          {highlightParts(node.name || "(no name)", search).map((part, i) =>
            part.match ? (
              <mark key={i} className={styles.mark}>
                {part.text}
              </mark>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </span>
        <span className={styles.meta}>
          <span>{node.number}</span>
          <span>· level {node.level}</span>
          {node.consolidated && (
            <Badge size="small" appearance="outline">
              consolidated
            </Badge>
          )}
          {node.distinctBrand && (
            <Badge size="small" appearance="outline" color="brand">
              distinct brand
            </Badge>
          )}
        </span>
        <span className={styles.meta} style={{ display: "block" }}>
          {node.website ?? "no website"}
        </span>
      </span>
    </div>
  );
});
