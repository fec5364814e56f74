/**
 * Search by company number as you type it: `GET /v2/search/aheadFull/{n}` lists the companies whose
 * number starts with what was typed; the hits are shown and can be inserted at the selection.
 */
import { Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { ApiClients } from "@ukco/api/factory";
import type { SearchAhead } from "@ukco/api/product/responses";
import { asSheetText, type SheetValue } from "@ukco/core/import/columns";
import { toDateCell, isDateCell } from "@ukco/core/cell-value";
import { InvalidArgumentError } from "@ukco/core/errors";
import { fieldLabel, NUMBER_FORMATS } from "@ukco/core/field-labels";
import { LookupStatus } from "../../taskpane/components/LookupStatus";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { ResultList } from "../../taskpane/components/ResultList";
import { TextQuery } from "../../taskpane/components/TextQuery";
import { useLookup } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";
import { defineView } from "../registry";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

export const SEARCH_HEADER = [
  "CompanyNumber",
  "CompanyName",
  "CompanyStatus",
  "RegisteredPostcode",
  "IncorporationDate",
  "Homepage_domain",
] as const;
const FORMATS = SEARCH_HEADER.map((h) => (h === "IncorporationDate" ? NUMBER_FORMATS.date : undefined));

/** The start of a company number: letters and digits, up to the 8 a number has. */
export function parseNumberStart(text: string): string {
  const typed = text.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,8}$/.test(typed))
    throw new InvalidArgumentError(
      "Type the start of a company number: up to 8 letters and digits, such as 0123 or SC12.",
    );
  return typed;
}

function hitRows(answer: SearchAhead): SheetValue[][] {
  return answer.Companies.map((hit) =>
    SEARCH_HEADER.map((field) => {
      const value = hit[field];
      if (typeof value !== "string") return "";
      if (field === "IncorporationDate") {
        const date = toDateCell(value, false);
        return isDateCell(date) ? date.serial : asSheetText(value);
      }
      return asSheetText(value);
    }),
  );
}

interface Hits {
  typed: string;
  rows: SheetValue[][];
  count: number;
}

async function searchHits(text: string, signal: AbortSignal, product: ApiClients["product"]): Promise<Hits> {
  const typed = parseNumberStart(text);
  const answer = await product.searchAhead(typed, { signal });
  const rows = hitRows(answer);
  return { typed, rows, count: answer.Count ?? rows.length };
}

function hitsSentence({ typed, rows, count }: Hits): string {
  if (rows.length === 0) return `No company number starts with ${typed}.`;
  return `${rows.length} of ${count.toLocaleString("en-GB")} compan${count === 1 ? "y" : "ies"} whose number starts with ${typed}.`;
}

function SearchCompanies() {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [text, setText] = useState("");
  const search = useLookup((typed: string, signal) => searchHits(typed, signal, clients.product));

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <TextQuery
        label="Company number starts with"
        hint="For example 0123 or SC12; the companies whose numbers start so are listed."
        value={text}
        onChange={setText}
        button="Search"
        busy={search.state.status === "loading"}
        onSubmit={() => void search.run(text)}
      />
      <LookupStatus
        state={search.state}
        busy="Searching…"
        failedTitle="The search did not run"
        done={(hits) => <Text>{hitsSentence(hits)}</Text>}
        testId="search-status"
        onDismiss={search.reset}
      />
      {search.state.status === "done" && (
        <ResultList
          label="Search results"
          header={[...SEARCH_HEADER]}
          headerLabels={SEARCH_HEADER.map(fieldLabel)}
          rows={search.state.result.rows}
          numberFormats={FORMATS}
          shown={[0, 1, 2]}
          testId="search-results"
        />
      )}
    </div>
  );
}

export const searchView = defineView({
  id: "search",
  title: "Search by number",
  description: "Companies whose number starts with what you type; insert them at the selection.",
  group: "Find companies",
  Component: SearchCompanies,
});
