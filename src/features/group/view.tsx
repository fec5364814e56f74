/**
 * Group structure: the company in the selected cell (followed as the selection moves) or a typed
 * number, as a tree from its ultimate parent; search within it; insert it as a table.
 */
import { Button, Field, Input, Switch, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useMemo, useState } from "react";
import { parseCompanyNumber } from "@ukco/core/company-number";
import { InvalidArgumentError } from "@ukco/core/errors";
import { pathTo, searchTree } from "@ukco/core/import/group-tree";
import { ErrorBar } from "../../taskpane/components/ErrorBar";
import { LookupStatus } from "../../taskpane/components/LookupStatus";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { defineView, type ViewProps } from "../registry";
import { GroupInsert } from "./GroupInsert";
import { GroupTreeView } from "./GroupTreeView";
import { useFollowSelection } from "./useFollowSelection";
import { useGroup } from "./useGroup";

const useStyles = makeStyles({
  stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  row: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  // The number box shrinks beside its button in a 320 px pane instead of pushing it out.
  grow: { flexGrow: 1, minWidth: 0 },
  shrinkable: { minWidth: 0 },
});

function GroupStructure({ active }: ViewProps) {
  const styles = useStyles();
  const [follow, setFollow] = useState(true);
  const followed = useFollowSelection(follow && active);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<unknown>();
  const group = useGroup();
  const shown = group.state;
  const asked = shown.status === "idle" ? "" : shown.query;
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState("");

  useEffect(() => {
    if (followed?.number && asked !== followed.number) void group.run(followed.number);
    // Only a new number in the selection loads a group, not a change of state.
  }, [followed?.number]);

  const tree = shown.status === "done" ? shown.result.tree : undefined;
  useEffect(() => {
    // A new tree opens at the root and the path to the company asked for.
    if (tree && shown.status === "done")
      setExpanded(new Set([tree.root.number, ...pathTo(tree, shown.query).slice(0, -1)]));
  }, [tree]);
  const found = useMemo(
    () =>
      tree
        ? searchTree(tree, search)
        : { matches: new Set<string>(), keep: new Set<string>(), expand: new Set<string>() },
    [tree, search],
  );
  useEffect(() => {
    // Searching opens the way to every match; the user can close branches again.
    if (found.expand.size) setExpanded((current) => new Set([...current, ...found.expand]));
  }, [found]);

  const showTyped = () => {
    const parsed = parseCompanyNumber(typed);
    if (!parsed.ok) return setTypedError(new InvalidArgumentError(parsed.reason));
    setTypedError(undefined);
    setFollow(false);
    void group.run(parsed.number);
  };
  const toggle = (number: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !current.has(number)) next.add(number);
      else next.delete(number);
      return next;
    });

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <Switch label="Follow the selected cell" checked={follow} onChange={(_, data) => setFollow(data.checked)} />
      {follow && followed && !followed.number && (
        <Text
          size={200}
          role="status"
        >{`${followed.cell.address}: ${followed.reason ?? "an empty cell"}; select a cell that holds a company number.`}</Text>
      )}
      <form className={styles.row} onSubmit={(event) => (event.preventDefault(), showTyped())}>
        <Field label="Company number" className={styles.grow}>
          <Input
            className={styles.shrinkable}
            value={typed}
            onChange={(_, data) => setTyped(data.value)}
            placeholder="e.g. 08905473 or SC123456"
          />
        </Field>
        <Button type="submit">Show group</Button>
      </form>
      {typedError !== undefined && (
        <ErrorBar title="Not a company number" error={typedError} onDismiss={() => setTypedError(undefined)} />
      )}
      <LookupStatus
        state={shown}
        busy={`Loading the group of ${asked}…`}
        failedTitle={`No group structure for ${asked}`}
      />
      {!tree && shown.status === "done" && (
        <Text block role="status" data-testid="group-none">
          {`${shown.query} is in no group: the product API lists no parent or subsidiary for it.`}
        </Text>
      )}
      {tree && shown.status === "done" && (
        <>
          <Text
            role="status"
            data-testid="group-summary"
          >{`${tree.root.name} (${tree.root.number}): ${tree.size.toLocaleString("en-GB")} companies, loaded in ${shown.result.loadMs} ms.`}</Text>
          <Field
            label="Search this group"
            hint={
              search.trim()
                ? `${found.matches.size} match${found.matches.size === 1 ? "" : "es"}`
                : "Name or number; matches are shown with their parents."
            }
          >
            <Input type="search" value={search} onChange={(_, data) => setSearch(data.value)} />
          </Field>
          <GroupTreeView tree={tree} expanded={expanded} onToggle={toggle} search={search} found={found} />
          <GroupInsert tree={tree} />
        </>
      )}
    </div>
  );
}

export const groupView = defineView({
  id: "group",
  title: "Group structure",
  description: "The group of the selected company, from its ultimate parent; search it, insert it as a table.",
  group: "Add data to a sheet",
  Component: GroupStructure,
});
