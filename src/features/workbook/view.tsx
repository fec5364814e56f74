/** Workbook data: what the workbook's store holds and how old it is, refresh actions, imported tables, Convert to values, Clear. */
import { Divider, makeStyles, tokens } from "@fluentui/react-components";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { defineView, type ViewProps } from "../registry";
import { ClearStore } from "./ClearStore";
import { ImportedTables } from "./ImportedTables";
import { RefreshActions } from "./RefreshActions";
import { StoreAgeChart } from "./StoreAgeChart";
import { StoreStats } from "./StoreStats";
import { useStoreAge } from "./useStoreAge";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

function WorkbookData({ active }: ViewProps) {
  const styles = useStyles();
  const age = useStoreAge(active);
  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <StoreStats active={active} />
      <StoreAgeChart age={age} />
      <RefreshActions age={age} />
      <Divider />
      <ImportedTables active={active} />
      <Divider />
      <ClearStore />
    </div>
  );
}

export const workbookView = defineView({
  id: "workbook",
  title: "Workbook data",
  description: "What this workbook stores, refresh, imported tables, convert to values, clear.",
  group: "Keep it current",
  Component: WorkbookData,
});
