/**
 * A market's filtered list: pickers from its catalogue, codes typed by hand, employee bounds; the
 * count and insights before importing; the import, paged at 60 requests a minute with the wait shown.
 */
import { Button, Field, Input, Text, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { Market, MarketCompaniesResponse } from "@ukco/api/market/schemas";
import { InvalidArgumentError } from "@ukco/core/errors";
import { MAX_BARS, countedBars, topWithOther, type Chart } from "@ukco/core/import/insights";
import {
  explainEmpty,
  MARKET_FILTER_FIELDS,
  marketRequest,
  type MarketFilterField,
  type MarketQuery,
} from "@ukco/core/market/filters";
import { importSourceToNewSheet } from "../../host/import-actions";
import { BarChart } from "../../taskpane/components/BarChart";
import { LookupStatus } from "../../taskpane/components/LookupStatus";
import { ImportRunPanel } from "../../taskpane/components/ImportRunPanel";
import { useImportRun } from "../../taskpane/hooks/useImportRun";
import { useLookup } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";
import { CodePicker } from "../../taskpane/components/CodePicker";
import type { MarketFiltersState } from "./useMarketFilters";

// The two bounds share the pane's width: each box may shrink below its natural width (about 20 characters).
const useStyles = makeStyles({
  range: { display: "flex", gap: tokens.spacingHorizontalS },
  bound: { flex: "1 1 0", minWidth: 0 },
});

interface Count {
  total: number;
  insights: MarketCompaniesResponse["Insights"];
  /** Why nothing matched, when nothing did. */
  empty?: string;
}

/** What the user set in the panel, read into a query only when it is used (a bad bound fails there). */
interface Inputs {
  chosen: Partial<Record<MarketFilterField, string[]>>;
  typed: string;
  min: string;
  max: string;
}

function insightCharts(insights: MarketCompaniesResponse["Insights"]): Chart[] {
  if (!insights) return [];
  const charts: Chart[] = [];
  // A bar the service sent without a count is left out, never drawn as 0.
  const codes = countedBars(insights.ByCode, (c) => c.Description ?? c.Code ?? "Unknown");
  if (codes.length)
    charts.push({ id: "codes", title: "Companies by industry code", bars: topWithOther(codes, MAX_BARS) });
  const places = countedBars(insights.ByLocation, (c) => c.Name ?? c.Code ?? "Unknown");
  if (places.length)
    charts.push({ id: "locations", title: "Companies by location", bars: topWithOther(places, MAX_BARS) });
  const bands = countedBars(insights.EmployeeBands, (b) => b.Band ?? "Unknown");
  if (bands.length) charts.push({ id: "employees", title: "Companies by employee band", bars: bands });
  return charts;
}

/** Codes typed by hand, comma or space separated, as the market spells them. */
const typedCodes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim())
    .filter(Boolean);

function bound(text: string, label: string): number | undefined {
  if (text.trim() === "") return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new InvalidArgumentError(`${label} is a whole number of employees, 0 or more.`);
  return value;
}

function toQuery({ chosen, typed, min, max }: Inputs): MarketQuery {
  const extra = typedCodes(typed);
  const NAICS = [...(chosen.NAICS ?? []), ...extra.filter((c) => !(chosen.NAICS ?? []).includes(c))];
  return {
    filters: { ...chosen, NAICS },
    minEmployees: bound(min, "The smallest size"),
    maxEmployees: bound(max, "The largest size"),
  };
}

function countSentence({ total, empty }: Count): string {
  return empty ?? `${total.toLocaleString("en-GB")} compan${total === 1 ? "y matches" : "ies match"}.`;
}

export function MarketQueryPanel({ market, filters }: { market: Market; filters: MarketFiltersState }) {
  const styles = useStyles();
  const { clients } = useRuntime();
  const [chosen, setChosen] = useState<Partial<Record<MarketFilterField, string[]>>>({});
  const [typed, setTyped] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const run = useImportRun();
  const groups = filters.status === "done" && filters.query === market ? filters.result : [];
  const inputs: Inputs = { chosen, typed, min, max };
  const count = useLookup(async (asked: Inputs, signal): Promise<Count> => {
    const query = toQuery(asked);
    const answer = await clients.market.listCompanies(
      market,
      { ...marketRequest(query), Limit: 1, IncludeTotalCount: true, IncludeInsights: true },
      { signal },
    );
    const total = answer.TotalCount ?? answer.Companies.length;
    return { total, insights: answer.Insights, ...(total === 0 ? { empty: explainEmpty(market, query, groups) } : {}) };
  });
  const counted = count.state.status === "done" ? count.state.result : undefined;

  const start = () =>
    void run.run(async (options) =>
      importSourceToNewSheet(
        clients,
        { kind: "market", market, query: toQuery(inputs) },
        options,
        `Market ${market.toUpperCase()}`,
      ),
    );

  return (
    <section aria-label="Filtered list" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <LookupStatus
        state={filters}
        busy="Loading the market's filters…"
        failedTitle="Could not load the market's filters"
      />
      {MARKET_FILTER_FIELDS.map((field) => {
        const group = groups.find((g) => g.Field === field);
        if (!group) return null;
        const values = group.Values.flatMap((v) =>
          v.Code ? [{ code: v.Code, description: v.Description ?? v.Code }] : [],
        );
        return (
          <CodePicker
            key={`${market}-${field}`}
            group={{ name: group.Name ?? field, values }}
            selected={chosen[field] ?? []}
            onChange={(codes) => setChosen((c) => ({ ...c, [field]: codes }))}
          />
        );
      })}
      <Field label="Industry codes typed by hand" hint="Optional: codes pasted from elsewhere, separated by commas.">
        <Input value={typed} onChange={(_, data) => setTyped(data.value)} />
      </Field>
      <div className={styles.range}>
        <Field label="Employees from" className={styles.bound}>
          <Input className={styles.bound} value={min} onChange={(_, data) => setMin(data.value)} inputMode="numeric" />
        </Field>
        <Field label="Employees to" className={styles.bound}>
          <Input className={styles.bound} value={max} onChange={(_, data) => setMax(data.value)} inputMode="numeric" />
        </Field>
      </div>
      <div>
        <Button onClick={() => void count.run(inputs)} disabled={count.state.status === "loading"}>
          Count companies
        </Button>
      </div>
      <LookupStatus
        state={count.state}
        busy="Counting…"
        failedTitle="Could not count the companies"
        done={(answer) => <Text weight="semibold">{countSentence(answer)}</Text>}
        testId="market-count"
        onDismiss={count.reset}
      />
      {counted && insightCharts(counted.insights).map((chart) => <BarChart key={chart.id} chart={chart} />)}
      <Button appearance="primary" disabled={run.state.status === "running" || counted?.total === 0} onClick={start}>
        {counted && counted.total > 0
          ? `Import ${counted.total.toLocaleString("en-GB")} companies to a new sheet`
          : "Import to a new sheet"}
      </Button>
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} />
    </section>
  );
}
