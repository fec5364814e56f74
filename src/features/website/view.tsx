/**
 * Find by website: one address through `GET /v2/companies/by-website` (results shown, insertable),
 * or the addresses in the selected cells through `POST /v2/companies/by-website/batch`, imported
 * onto a new sheet with the URL each company matched; the table refreshes in place.
 */
import { Button, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { ProductClient } from "@ukco/api/product/client";
import { pageWebsite } from "@ukco/core/api-values";
import { DEFAULT_COLUMNS, recordRow, resolveColumns, type SheetValue } from "@ukco/core/import/columns";
import { MAX_BATCH_URLS, parseWebsite } from "@ukco/core/explore/websites";
import { InvalidArgumentError } from "@ukco/core/errors";
import { fieldLabel } from "@ukco/core/field-labels";
import { importSourceToNewSheet } from "../../host/import-actions";
import { CellsFromSelection, type CellsSource } from "../../taskpane/components/CellsFromSelection";
import { ImportRunPanel } from "../../taskpane/components/ImportRunPanel";
import { LookupStatus } from "../../taskpane/components/LookupStatus";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { ResultList } from "../../taskpane/components/ResultList";
import { TextQuery } from "../../taskpane/components/TextQuery";
import { useImportRun } from "../../taskpane/hooks/useImportRun";
import { useLookup } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";
import { ColumnChooser } from "../../taskpane/components/ColumnChooser";
import { defineView } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

/** INFERRED (ours): companies shown for one address; the service's own default page is 10. */
const ONE_URL_RESULTS = 50;
const RESULT_COLUMNS = ["CompanyNumber", "CompanyName", "CompanyStatus", "Homepage_domain", "RegisteredPostcode"];

interface WebsiteCompanies {
  url: string;
  rows: SheetValue[][];
}

async function companiesAt(typed: string, signal: AbortSignal, product: ProductClient): Promise<WebsiteCompanies> {
  const parsed = parseWebsite(typed);
  if (!parsed.ok) throw new InvalidArgumentError(`Type a website address such as example.co.uk: ${parsed.reason}.`);
  const { columns } = resolveColumns(RESULT_COLUMNS);
  const rows: SheetValue[][] = [];
  const pages = pageWebsite(product, { url: parsed.value }, { pageSize: ONE_URL_RESULTS, signal });
  for await (const page of pages) {
    rows.push(...page.items.map((item) => recordRow(item, columns)));
    if (rows.length >= ONE_URL_RESULTS) break;
  }
  return { url: parsed.value, rows };
}

function companiesSentence({ url, rows }: WebsiteCompanies): string {
  if (rows.length === 0) return `No active company has the website ${url}.`;
  return `${rows.length} compan${rows.length === 1 ? "y has" : "ies have"} the website ${url}.`;
}

function FindByWebsite() {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [url, setUrl] = useState("");
  const lookup = useLookup((typed: string, signal) => companiesAt(typed, signal, clients.product));
  const [urls, setUrls] = useState<CellsSource>();
  const [columns, setColumns] = useState<string[]>([...DEFAULT_COLUMNS]);
  const run = useImportRun();

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
        busy={lookup.state.status === "loading"}
        onSubmit={() => void lookup.run(url)}
      />
      <LookupStatus
        state={lookup.state}
        busy="Looking up…"
        failedTitle="The website was not looked up"
        done={(found) => <Text>{companiesSentence(found)}</Text>}
        testId="website-status"
        onDismiss={lookup.reset}
      />
      {lookup.state.status === "done" && (
        <ResultList
          label="Companies for the website"
          header={RESULT_COLUMNS}
          headerLabels={RESULT_COLUMNS.map(fieldLabel)}
          rows={lookup.state.result.rows}
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
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} />
    </div>
  );
}

export const websiteView = defineView({
  id: "website",
  title: "Find by website",
  description: "The companies behind one website, or behind the addresses in the selected cells.",
  group: "Find companies",
  Component: FindByWebsite,
});
