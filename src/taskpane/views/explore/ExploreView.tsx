/** Explore lists: the catalogue of curated lists, and one of them imported as a table that refreshes in place. */
import { Button, Field, Input, Radio, RadioGroup, Spinner, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useCallback, useEffect, useState } from "react";
import type { ExploreListEntry } from "../../../api/product/responses";
import { loadExploreLists, typedListId, type ExploreLists as ListsAnswer } from "../../../core/explore/lists";
import { DEFAULT_COLUMNS } from "../../../core/import/columns";
import { importSourceToNewSheet } from "../../../host/import-actions";
import { ErrorBar } from "../../components/ErrorBar";
import { ImportRunPanel } from "../../components/ImportRunPanel";
import { RateLimitNotice } from "../../components/RateLimitNotice";
import { useImportRun } from "../../hooks/useImportRun";
import { useRuntime } from "../../runtime-context";
import { ColumnChooser } from "../import/ColumnChooser";
import type { PaneView, ViewProps } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

type Catalogue =
  { status: "idle" | "loading" } | ({ status: "ready" } & ListsAnswer) | { status: "failed"; error: unknown };

function ExploreLists({ navigate, active }: ViewProps) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: "idle" });
  const [chosen, setChosen] = useState<string>();
  const [typed, setTyped] = useState("");
  const [columns, setColumns] = useState<string[]>([...DEFAULT_COLUMNS]);
  const run = useImportRun();
  const signIn = () => navigate("sign-in");
  const load = useCallback(() => {
    setCatalogue({ status: "loading" });
    loadExploreLists(clients).then(
      (answer) => setCatalogue({ status: "ready", ...answer }),
      (error: unknown) => setCatalogue({ status: "failed", error }),
    );
  }, [clients]);
  useEffect(() => {
    if (active && catalogue.status === "idle") load();
  }, [active, catalogue.status, load]);

  // A list ID typed by hand wins over the one picked from the catalogue.
  const typedId = typedListId(typed);
  const list: ExploreListEntry | undefined = typedId
    ? { ListId: typedId, Name: undefined, Description: undefined, CompanyCount: undefined }
    : catalogue.status === "ready"
      ? catalogue.lists.find((l) => l.ListId === chosen)
      : undefined;
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
      {catalogue.status === "loading" && <Spinner size="tiny" label="Loading the lists…" />}
      {catalogue.status === "failed" && (
        <ErrorBar title="Could not load the lists" error={catalogue.error} onSignIn={signIn} />
      )}
      {catalogue.status === "failed" && (
        <div>
          <Button onClick={load}>Try again</Button>
        </div>
      )}
      {catalogue.status === "ready" && catalogue.source === "filters" && (
        <Text>
          The product API has no catalogue of explore lists.{" "}
          {catalogue.lists.length > 0
            ? "These are the lists its filter catalogue names; you can also type a list ID."
            : "Type the ID of a list you know."}
        </Text>
      )}
      {catalogue.status === "ready" && catalogue.source === "catalogue" && catalogue.lists.length === 0 && (
        <Text>The product API's catalogue lists no explore lists. Type the ID of a list you know.</Text>
      )}
      {catalogue.status === "ready" && catalogue.lists.length > 0 && (
        <RadioGroup aria-label="Lists" value={chosen ?? ""} onChange={(_, data) => setChosen(data.value)}>
          {catalogue.lists.map((l) => (
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
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} onSignIn={signIn} />
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
