/**
 * Search by company number as you type it: `GET /v2/search/aheadFull/{n}` lists the companies whose
 * number starts with what was typed; the hits are shown and can be inserted at the selection.
 */
import { Spinner, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { SearchAhead } from "../../../api/product/responses";
import { asSheetText, NUMBER_FORMATS, type SheetValue } from "../../../core/import/columns";
import { toDateCell, isDateCell } from "../../../core/cell-value";
import { InvalidArgumentError } from "../../../core/errors";
import { ErrorBar } from "../../components/ErrorBar";
import { RateLimitNotice } from "../../components/RateLimitNotice";
import { ResultList } from "../../components/ResultList";
import { TextQuery } from "../../components/TextQuery";
import { useRuntime } from "../../runtime-context";
import type { PaneView, ViewProps } from "../registry";

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

type Search =
  | { status: "idle" | "searching" }
  | { status: "done"; typed: string; rows: SheetValue[][]; count: number }
  | { status: "failed"; error: unknown };

function SearchCompanies({ navigate }: ViewProps) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [text, setText] = useState("");
  const [search, setSearch] = useState<Search>({ status: "idle" });

  const run = async () => {
    try {
      const typed = parseNumberStart(text);
      setSearch({ status: "searching" });
      const answer = await clients.product.searchAhead(typed);
      const rows = hitRows(answer);
      setSearch({ status: "done", typed, rows, count: answer.Count ?? rows.length });
    } catch (error) {
      setSearch({ status: "failed", error });
    }
  };

  return (
    <div className={styles.stack}>
      <RateLimitNotice service="product" />
      <TextQuery
        label="Company number starts with"
        hint="For example 0123 or SC12; the companies whose numbers start so are listed."
        value={text}
        onChange={setText}
        button="Search"
        busy={search.status === "searching"}
        onSubmit={() => void run()}
      />
      <div role="status" aria-live="polite" data-testid="search-status">
        {search.status === "searching" && <Spinner size="tiny" label="Searching…" />}
        {search.status === "done" && (
          <Text>
            {search.rows.length === 0
              ? `No company number starts with ${search.typed}.`
              : `${search.rows.length} of ${search.count.toLocaleString("en-GB")} compan${search.count === 1 ? "y" : "ies"} whose number starts with ${search.typed}.`}
          </Text>
        )}
      </div>
      {search.status === "failed" && (
        <ErrorBar
          title="The search did not run"
          error={search.error}
          onSignIn={() => navigate("sign-in")}
          onDismiss={() => setSearch({ status: "idle" })}
        />
      )}
      {search.status === "done" && (
        <ResultList
          label="Search results"
          header={[...SEARCH_HEADER]}
          rows={search.rows}
          numberFormats={FORMATS}
          shown={[0, 1, 2]}
          testId="search-results"
        />
      )}
    </div>
  );
}

export const searchView: PaneView = {
  id: "search",
  title: "Search by number",
  description: "Companies whose number starts with what you type; insert them at the selection.",
  group: "Explore",
  Component: SearchCompanies,
};
