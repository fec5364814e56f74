/**
 * The sheets one click makes for the company of the selected cell (a company number, or a UKCO
 * formula whose first argument is one), all UKCO formulas: the tearsheet (key fields,
 * classification, latest funding round, group, charts of turnover and employees by year) and the
 * peer comparison (the company beside its similar companies, with their size, growth and charts).
 * Each is a PaneView made from one entry of the sheet templates.
 */
import { Button, Text } from "@fluentui/react-components";
import type { SheetTemplateId } from "@ukco/core/tearsheet-template";
import { ActionOutcome } from "../../taskpane/components/ActionOutcome";
import { defineView, type PaneView, type ViewProps } from "../registry";
import { useTearsheet } from "./useTearsheet";

/** What each template's view says and its button does. */
const WORDS: Readonly<Record<SheetTemplateId, { intro: string; button: string; failed: string }>> = {
  tearsheet: {
    intro:
      "Select a cell holding a company number, or a UKCO formula whose first argument is one, then make its tearsheet on a new sheet.",
    button: "Make tearsheet",
    failed: "No tearsheet made",
  },
  peers: {
    intro:
      "Select a cell holding a company number, or a UKCO formula whose first argument is one, then compare it with its most similar companies on a new sheet.",
    button: "Make peer comparison",
    failed: "No peer comparison made",
  },
};

function SheetFromCompany({ active, template }: ViewProps & { template: SheetTemplateId }) {
  const { state, make, selection } = useTearsheet(active, template);
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Text block>{WORDS[template].intro}</Text>
      {selection && (
        <Text block size={200} role="status" data-testid="tearsheet-selection">
          {"company" in selection
            ? `${selection.company.address}: company ${selection.company.number}.`
            : selection.problem}
        </Text>
      )}
      <div>
        <Button appearance="primary" disabled={state.status === "running"} onClick={() => void make()}>
          {WORDS[template].button}
        </Button>
      </div>
      <ActionOutcome state={state} failedTitle={WORDS[template].failed} />
    </div>
  );
}

const sheetView = (template: SheetTemplateId, view: Omit<PaneView, "Component" | "group">): PaneView =>
  defineView({
    ...view,
    group: "Add data to a sheet",
    Component: (props: ViewProps) => <SheetFromCompany {...props} template={template} />,
  });

export const tearsheetView = sheetView("tearsheet", {
  id: "tearsheet",
  title: "Company tearsheet",
  description: "A sheet for the selected company: key fields, codes, funding, group and history charts.",
});

export const peersView = sheetView("peers", {
  id: "peers",
  title: "Peer comparison",
  description: "The selected company beside its most similar companies: size, growth and charts.",
});
