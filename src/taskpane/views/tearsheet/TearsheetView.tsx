/**
 * Company tearsheet: one button makes a sheet for the company of the selected cell (a company
 * number, or a UKCO formula whose first argument is one): its key fields, classification, latest
 * funding round, group, and charts of its turnover and employees by year, all UKCO formulas.
 */
import { Button, Text } from "@fluentui/react-components";
import { ActionOutcome } from "../../components/ActionOutcome";
import type { PaneView, ViewProps } from "../registry";
import { useTearsheet } from "./useTearsheet";

function Tearsheet({ active }: ViewProps) {
  const { state, make, selection } = useTearsheet(active);
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Text block>
        Select a cell holding a company number, or a UKCO formula whose first argument is one, then make its tearsheet
        on a new sheet.
      </Text>
      {selection && (
        <Text block size={200} role="status" data-testid="tearsheet-selection">
          {"company" in selection
            ? `${selection.company.address}: company ${selection.company.number}.`
            : selection.problem}
        </Text>
      )}
      <div>
        <Button appearance="primary" disabled={state.status === "running"} onClick={() => void make()}>
          Make tearsheet
        </Button>
      </div>
      <ActionOutcome state={state} failedTitle="No tearsheet made" />
    </div>
  );
}

export const tearsheetView: PaneView = {
  id: "tearsheet",
  title: "Company tearsheet",
  description: "A sheet for the selected company: key fields, codes, funding, group and history charts.",
  group: "Add data to a sheet",
  Component: Tearsheet,
};
