/** A market's companies by number (from the selection, one row each) and by name (search, insertable). */
import { Button, Spinner, Text } from "@fluentui/react-components";
import { useState } from "react";
import { SEARCH_LIMIT, type Market } from "../../../api/market/schemas";
import { parseMarketNumber } from "../../../core/market/numbers";
import type { SheetValue } from "../../../core/import/columns";
import { InvalidArgumentError } from "../../../core/errors";
import { MARKET_COLUMNS, marketRow } from "../../../core/market/columns";
import { MAX_MARKET_LOOKUP } from "../../../core/import/sources/market-batch";
import { importSourceToNewSheet } from "../../../host/import-actions";
import { CellsFromSelection, type CellsSource } from "../../components/CellsFromSelection";
import { ErrorBar } from "../../components/ErrorBar";
import { ImportRunPanel } from "../../components/ImportRunPanel";
import { ResultList } from "../../components/ResultList";
import { TextQuery } from "../../components/TextQuery";
import { useImportRun } from "../../hooks/useImportRun";
import { useRuntime } from "../../runtime-context";

type Search =
  | { status: "idle" | "searching" }
  | { status: "done"; name: string; rows: SheetValue[][] }
  | { status: "failed"; error: unknown };

export function MarketLookups({ market, onSignIn }: { market: Market; onSignIn(): void }) {
  const { clients } = useRuntime();
  const [numbers, setNumbers] = useState<CellsSource>();
  const [name, setName] = useState("");
  const [search, setSearch] = useState<Search>({ status: "idle" });
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
  const searchNow = async () => {
    const typed = name.trim();
    if (typed.length < 2)
      return setSearch({
        status: "failed",
        error: new InvalidArgumentError("Type at least two letters of the company's name."),
      });
    setSearch({ status: "searching" });
    try {
      const answer = await clients.market.search(market, { name: typed, limit: Math.min(20, SEARCH_LIMIT.max) });
      setSearch({ status: "done", name: typed, rows: answer.Companies.map(marketRow) });
    } catch (error) {
      setSearch({ status: "failed", error });
    }
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
        <ImportRunPanel state={run.state} verb="Looked up" onCancel={run.cancel} onSignIn={onSignIn} />
      </section>
      <section aria-label="Search by name" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
        <TextQuery
          label="Company name"
          hint="The best matches in this market, best first."
          value={name}
          onChange={setName}
          button="Search"
          busy={search.status === "searching"}
          onSubmit={() => void searchNow()}
          primary={false}
        />
        <div role="status" aria-live="polite" data-testid="market-search-status">
          {search.status === "searching" && <Spinner size="tiny" label="Searching…" />}
          {search.status === "done" && (
            <Text>
              {search.rows.length
                ? `${search.rows.length} compan${search.rows.length === 1 ? "y" : "ies"} like "${search.name}".`
                : `No company in this market is called anything like "${search.name}".`}
            </Text>
          )}
        </div>
        {search.status === "failed" && (
          <ErrorBar
            title="The search did not run"
            error={search.error}
            onSignIn={onSignIn}
            onDismiss={() => setSearch({ status: "idle" })}
          />
        )}
        {search.status === "done" && (
          <ResultList
            label="Market search results"
            header={header}
            rows={search.rows}
            numberFormats={MARKET_COLUMNS.map((c) => c.numberFormat)}
            shown={[0, 1, 7]}
            testId="market-search-results"
          />
        )}
      </section>
    </>
  );
}
