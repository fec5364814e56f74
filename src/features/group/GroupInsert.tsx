/** Inserts the whole group as a table: at the selected cell (only over empty cells) or on a new sheet. */
import { Button } from "@fluentui/react-components";
import type { GroupTree } from "@ukco/core/import/group-tree";
import { insertGroupTable, type GroupPlacement } from "../../host/import-actions";
import { ActionOutcome } from "../../taskpane/components/ActionOutcome";
import { useAction } from "../../taskpane/hooks/useAction";

export function GroupInsert({ tree }: { tree: GroupTree }) {
  const [state, run] = useAction();
  const insert = (placement: GroupPlacement) =>
    run(async () => {
      const { table, address } = await insertGroupTable(tree, placement);
      return `Inserted ${tree.size.toLocaleString("en-GB")} companies as the table ${table} (${address}).`;
    });
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button onClick={() => insert("selection")} disabled={state.status === "running"}>
          Insert as table at the selection
        </Button>
        <Button onClick={() => insert("new-sheet")} disabled={state.status === "running"}>
          Insert on a new sheet
        </Button>
      </div>
      <ActionOutcome state={state} failedTitle="The group was not inserted" />
    </div>
  );
}
