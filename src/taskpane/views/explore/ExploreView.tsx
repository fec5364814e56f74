/** Explore lists: the catalogue of curated lists, and one of them imported as a table that refreshes in place. */
import { Button, Radio, RadioGroup, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { DEFAULT_COLUMNS } from "../../../core/import/columns";
import { importSourceToNewSheet } from "../../../host/import-actions";
import { LookupStatus } from "../../components/LookupStatus";
import { ImportRunPanel } from "../../components/ImportRunPanel";
import { RateLimitNotice } from "../../components/RateLimitNotice";
import { useImportRun } from "../../hooks/useImportRun";
import { useLookup } from "../../hooks/useLookup";
import { useRuntime } from "../../runtime-context";
import { ColumnChooser } from "../import/ColumnChooser";
import type { PaneView, ViewProps } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

function ExploreLists({ active }: ViewProps) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const catalogue = useLookup(async (_: void, signal) => (await clients.product.exploreCatalogue({ signal })).Lists);
  const lists = catalogue.state.status === "done" ? catalogue.state.result : undefined;
  const [chosen, setChosen] = useState<string>();
  const [columns, setColumns] = useState<string[]>([...DEFAULT_COLUMNS]);
  const run = useImportRun();
  useEffect(() => {
    if (active && catalogue.state.status === "idle") void catalogue.run();
  }, [active, catalogue.state.status]);

  const list = lists?.find((l) => l.ListId === chosen);
  const start = () => {
    if (!list) return;
    void run.run((options) =>
      importSourceToNewSheet(
        clients,
        { kind: "explore", listId: list.ListId, listName: list.Name ?? "", columns },
        options,
        "Explore",
      ),
    );
  };

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <LookupStatus
        state={catalogue.state}
        busy="Loading the lists…"
        failedTitle="Could not load the lists"
        done={(found) => found.length === 0 && <Text>The service offers no lists to explore.</Text>}
      />
      {catalogue.state.status === "failed" && (
        <div>
          <Button onClick={() => void catalogue.run()}>Try again</Button>
        </div>
      )}
      {lists && lists.length > 0 && (
        <RadioGroup aria-label="Lists" value={chosen ?? ""} onChange={(_, data) => setChosen(data.value)}>
          {lists.map((l) => (
            <Radio
              key={l.ListId}
              value={l.ListId}
              label={`${l.Name ?? l.ListId}${l.CompanyCount !== undefined && l.CompanyCount !== null ? ` (${l.CompanyCount.toLocaleString("en-GB")})` : ""}${l.Description ? ` — ${l.Description}` : ""}`}
            />
          ))}
        </RadioGroup>
      )}
      <ColumnChooser columns={columns} onChange={setColumns} />
      <Button appearance="primary" disabled={run.state.status === "running" || !list} onClick={start}>
        {list ? `Import "${list.Name ?? list.ListId}" to a new sheet` : "Choose a list to import"}
      </Button>
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} />
    </div>
  );
}

export const exploreView: PaneView = {
  id: "explore",
  title: "Explore lists",
  description: "Curated lists of companies, imported as tables you can refresh.",
  group: "Explore",
  Component: ExploreLists,
};
