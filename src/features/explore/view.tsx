/** Explore lists: the catalogue of curated lists, and one of them imported as a table that refreshes in place. */
import { Button, Field, Input, Radio, RadioGroup, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import type { ExploreListEntry } from "@ukco/api/product/responses";
import { loadExploreLists, typedListId } from "@ukco/core/explore/lists";
import { DEFAULT_COLUMNS } from "@ukco/core/import/columns";
import { importSourceToNewSheet } from "../../host/import-actions";
import { LookupStatus } from "../../taskpane/components/LookupStatus";
import { ImportRunPanel } from "../../taskpane/components/ImportRunPanel";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { useImportRun } from "../../taskpane/hooks/useImportRun";
import { useLookup } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";
import { ColumnChooser } from "../../taskpane/components/ColumnChooser";
import { defineView, type ViewProps } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

function ExploreLists({ active }: ViewProps) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const catalogue = useLookup((_: void, signal) => loadExploreLists(clients, { signal }));
  const found = catalogue.state.status === "done" ? catalogue.state.result : undefined;
  const lists = found?.lists;
  const [chosen, setChosen] = useState<string>();
  const [typed, setTyped] = useState("");
  const [columns, setColumns] = useState<string[]>([...DEFAULT_COLUMNS]);
  const run = useImportRun();
  useEffect(() => {
    if (active && catalogue.state.status === "idle") void catalogue.run();
  }, [active, catalogue.state.status]);

  // A list ID typed by hand wins over the one picked from the catalogue.
  const typedId = typedListId(typed);
  const list: ExploreListEntry | undefined = typedId
    ? { ListId: typedId, Name: undefined, Description: undefined, CompanyCount: undefined }
    : lists?.find((l) => l.ListId === chosen);
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
        done={(answer) =>
          answer.source === "filters" ? (
            <Text>
              The product API has no catalogue of explore lists.{" "}
              {answer.lists.length > 0
                ? "These are the lists its filter catalogue names; you can also type a list ID."
                : "Type the ID of a list you know."}
            </Text>
          ) : (
            answer.lists.length === 0 && (
              <Text>The product API's catalogue lists no explore lists. Type the ID of a list you know.</Text>
            )
          )
        }
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
      <Field label="Or type a list ID" hint="Any list the product API knows, such as scottish-scaleups.">
        <Input value={typed} onChange={(_, data) => setTyped(data.value)} data-testid="explore-list-id" />
      </Field>
      <ColumnChooser columns={columns} onChange={setColumns} />
      <Button appearance="primary" disabled={run.state.status === "running" || !list} onClick={start}>
        {list ? `Import "${list.Name ?? list.ListId}" to a new sheet` : "Choose a list to import"}
      </Button>
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} />
    </div>
  );
}

export const exploreView = defineView({
  id: "explore",
  title: "Explore lists",
  description: "Curated lists of companies, imported as tables you can refresh.",
  group: "Find companies",
  Component: ExploreLists,
});
