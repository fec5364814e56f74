/** Workbook data: what the workbook's store holds, refresh actions, imported tables, Convert to values, Clear. */
import { Divider, makeStyles, tokens } from "@fluentui/react-components";
import { RateLimitNotice } from "../../components/RateLimitNotice";
import type { PaneView, ViewProps } from "../registry";
import { ClearStore } from "./ClearStore";
import { ImportedTables } from "./ImportedTables";
import { RefreshActions } from "./RefreshActions";
import { StoreStats } from "./StoreStats";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

function WorkbookData({ active }: ViewProps) {
  const styles = useStyles();
  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <StoreStats active={active} />
      <RefreshActions />
      <Divider />
      <ImportedTables active={active} />
      <Divider />
      <ClearStore />
    </div>
  );
}

export const workbookView: PaneView = {
  id: "workbook",
  title: "Workbook data",
  description: "What this workbook stores, refresh, imported tables, convert to values, clear.",
  group: "Workbook",
  Component: WorkbookData,
};
