/** A market's companies by number (from the selection, one row each) and by name (search, insertable). */
import { Button, Text } from "@fluentui/react-components";
import { useState } from "react";
import type { MarketClient } from "@ukco/api/market/client";
import type { Market } from "@ukco/api/market/schemas";
import { SEARCH_LIMIT } from "@ukco/core/api-values";
import { parseMarketNumber } from "@ukco/core/market/numbers";
import type { SheetValue } from "@ukco/core/import/columns";
import { InvalidArgumentError } from "@ukco/core/errors";
import { MARKET_COLUMNS, marketRow } from "@ukco/core/market/columns";
import { MAX_MARKET_LOOKUP } from "@ukco/core/import/sources/market-batch";
import { importSourceToNewSheet } from "../../host/import-actions";
import { CellsFromSelection, type CellsSource } from "../../taskpane/components/CellsFromSelection";
import { ImportRunPanel } from "../../taskpane/components/ImportRunPanel";
import { LookupStatus } from "../../taskpane/components/LookupStatus";
import { ResultList } from "../../taskpane/components/ResultList";
import { TextQuery } from "../../taskpane/components/TextQuery";
import { useImportRun } from "../../taskpane/hooks/useImportRun";
import { useLookup } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";

/** INFERRED (ours): matches shown for a name. */
const NAME_RESULTS = Math.min(20, SEARCH_LIMIT.max);

interface NameMatches {
  name: string;
  rows: SheetValue[][];
}

async function companiesNamed(
  market: Market,
  typed: string,
  signal: AbortSignal,
  client: MarketClient,
): Promise<NameMatches> {
  const name = typed.trim();
  if (name.length < 2) throw new InvalidArgumentError("Type at least two letters of the company's name.");
  const answer = await client.search(market, { name, limit: NAME_RESULTS }, { signal });
  return { name, rows: answer.Companies.map(marketRow) };
}

function matchesSentence({ name, rows }: NameMatches): string {
  if (rows.length === 0) return `No company in this market is called anything like "${name}".`;
  return `${rows.length} compan${rows.length === 1 ? "y" : "ies"} like "${name}".`;
}

export function MarketLookups({ market }: { market: Market }) {
  const { clients } = useRuntime();
  const [numbers, setNumbers] = useState<CellsSource>();
  const [name, setName] = useState("");
  const search = useLookup((typed: string, signal) => companiesNamed(market, typed, signal, clients.market));
  const run = useImportRun();
  const header = MARKET_COLUMNS.map((c) => c.header);

  const lookUp = () => {
    if (!numbers?.values.length) return;
    void run.run((options) =>
      importSourceToNewSheet(
        clients,
        { kind: "market-batch", market, numbers: numbers.values },
        options,
        `Market ${market.toUpperCase()}`,
      ),
    );
  };
  return (
    <>
      <section aria-label="Look up by number" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
        <Text as="h3" weight="semibold">
          By company number
        </Text>
        <CellsFromSelection
          label={`${market.toUpperCase()} company numbers`}
          hint="Select the cells that hold them, then press the button; each gets a row, unknown ones say so."
          noun="company number"
          plural="company numbers"
          parse={parseMarketNumber}
          max={MAX_MARKET_LOOKUP}
          source={numbers}
          onChange={setNumbers}
          testId="market-numbers-summary"
        />
        <Button disabled={run.state.status === "running" || !numbers?.values.length} onClick={lookUp}>
          Look them up into a new sheet
        </Button>
        <ImportRunPanel state={run.state} verb="Looked up" onCancel={run.cancel} />
      </section>
      <section aria-label="Search by name" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
        <TextQuery
          label="Company name"
          hint="The best matches in this market, best first."
          value={name}
          onChange={setName}
          button="Search"
          busy={search.state.status === "loading"}
          onSubmit={() => void search.run(name)}
          primary={false}
        />
        <LookupStatus
          state={search.state}
          busy="Searching…"
          failedTitle="The search did not run"
          done={(matches) => <Text>{matchesSentence(matches)}</Text>}
          testId="market-search-status"
          onDismiss={search.reset}
        />
        {search.state.status === "done" && (
          <ResultList
            label="Market search results"
            header={header}
            rows={search.state.result.rows}
            numberFormats={MARKET_COLUMNS.map((c) => c.numberFormat)}
            shown={[0, 1, 7]}
            testId="market-search-results"
          />
        )}
      </section>
    </>
  );
}
