/**
 * Find by website: one address through `GET /v2/companies/by-website` (results shown, insertable),
 * or the addresses in the selected cells through `POST /v2/companies/by-website/batch`, imported
 * onto a new sheet with the URL each company matched; the table refreshes in place.
 */
import { Button, Spinner, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { pageWebsite } from "../../../api/product/paging";
import { DEFAULT_COLUMNS, recordRow, resolveColumns, type SheetValue } from "../../../core/import/columns";
import { MAX_BATCH_URLS, parseWebsite } from "../../../core/explore/websites";
import { InvalidArgumentError } from "../../../core/errors";
import { importSourceToNewSheet } from "../../../host/import-actions";
import { CellsFromSelection, type CellsSource } from "../../components/CellsFromSelection";
import { ErrorBar } from "../../components/ErrorBar";
import { ImportRunPanel } from "../../components/ImportRunPanel";
import { RateLimitNotice } from "../../components/RateLimitNotice";
import { ResultList } from "../../components/ResultList";
import { TextQuery } from "../../components/TextQuery";
import { useImportRun } from "../../hooks/useImportRun";
import { useRuntime } from "../../runtime-context";
import { ColumnChooser } from "../import/ColumnChooser";
import type { PaneView, ViewProps } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

/** INFERRED (ours): companies shown for one address; the service's own default page is 10. */
const ONE_URL_RESULTS = 50;
const RESULT_COLUMNS = ["CompanyNumber", "CompanyName", "CompanyStatus", "Homepage_domain", "RegisteredPostcode"];

type Lookup =
  | { status: "idle" | "looking" }
  | { status: "done"; url: string; header: string[]; rows: SheetValue[][] }
  | { status: "failed"; error: unknown };

function FindByWebsite({ navigate }: ViewProps) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [url, setUrl] = useState("");
  const [lookup, setLookup] = useState<Lookup>({ status: "idle" });
  const [urls, setUrls] = useState<CellsSource>();
  const [columns, setColumns] = useState<string[]>([...DEFAULT_COLUMNS]);
  const run = useImportRun();
  const signIn = () => navigate("sign-in");

  const lookUp = async () => {
    const parsed = parseWebsite(url);
    if (!parsed.ok)
      return setLookup({
        status: "failed",
        error: new InvalidArgumentError(`Type a website address such as example.co.uk: ${parsed.reason}.`),
      });
    setLookup({ status: "looking" });
    try {
      const { columns: resolved } = resolveColumns(RESULT_COLUMNS);
      const rows: SheetValue[][] = [];
      for await (const page of pageWebsite(clients.product, { url: parsed.value }, { pageSize: ONE_URL_RESULTS })) {
        rows.push(...page.items.map((item) => recordRow(item, resolved)));
        if (rows.length >= ONE_URL_RESULTS) break;
      }
      setLookup({ status: "done", url: parsed.value, header: RESULT_COLUMNS, rows });
    } catch (error) {
      setLookup({ status: "failed", error });
    }
  };

  const importBatch = () => {
    if (!urls?.values.length) return;
    void run.run((options) =>
      importSourceToNewSheet(clients, { kind: "website-batch", urls: urls.values, columns }, options, "Websites"),
    );
  };

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <TextQuery
        label="Website address"
        hint="One address, such as example.co.uk or https://www.example.co.uk/about."
        value={url}
        onChange={setUrl}
        button="Look up"
        busy={lookup.status === "looking"}
        onSubmit={() => void lookUp()}
      />
      <div role="status" aria-live="polite" data-testid="website-status">
        {lookup.status === "looking" && <Spinner size="tiny" label="Looking up…" />}
        {lookup.status === "done" && (
          <Text>
            {lookup.rows.length === 0
              ? `No active company has the website ${lookup.url}.`
              : `${lookup.rows.length} compan${lookup.rows.length === 1 ? "y has" : "ies have"} the website ${lookup.url}.`}
          </Text>
        )}
      </div>
      {lookup.status === "failed" && (
        <ErrorBar
          title="The website was not looked up"
          error={lookup.error}
          onSignIn={signIn}
          onDismiss={() => setLookup({ status: "idle" })}
        />
      )}
      {lookup.status === "done" && (
        <ResultList
          label="Companies for the website"
          header={lookup.header}
          rows={lookup.rows}
          shown={[0, 1, 3]}
          testId="website-results"
        />
      )}

      <Text as="h3" weight="semibold" block>
        Many addresses
      </Text>
      <CellsFromSelection
        label="Website addresses"
        hint={`Select the cells that hold them (up to ${MAX_BATCH_URLS.toLocaleString("en-GB")}), then press the button.`}
        noun="website address"
        plural="website addresses"
        parse={parseWebsite}
        max={MAX_BATCH_URLS}
        source={urls}
        onChange={setUrls}
        testId="urls-summary"
      />
      <ColumnChooser columns={columns} onChange={setColumns} />
      <Button
        appearance="primary"
        disabled={run.state.status === "running" || !urls?.values.length}
        onClick={importBatch}
      >
        Import the companies for these addresses to a new sheet
      </Button>
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} onSignIn={signIn} />
    </div>
  );
}

export const websiteView: PaneView = {
  id: "website",
  title: "Find by website",
  description: "The companies behind one website, or behind the addresses in the selected cells.",
  group: "Companies",
  Component: FindByWebsite,
};
