/**
 * A market's filtered list: pickers from its catalogue, codes typed by hand, employee bounds; the
 * count and insights before importing; the import, paged at 60 requests a minute with the wait shown.
 */
import { Button, Field, Input, Spinner, Text } from "@fluentui/react-components";
import { useState } from "react";
import type { Market, MarketCompaniesResponse } from "../../../api/market/schemas";
import { InvalidArgumentError } from "../../../core/errors";
import { MAX_BARS, topWithOther, type Chart } from "../../../core/import/insights";
import {
  explainEmpty,
  MARKET_FILTER_FIELDS,
  marketRequest,
  type MarketFilterField,
  type MarketQuery,
} from "../../../core/market/filters";
import { importSourceToNewSheet } from "../../../host/import-actions";
import { BarChart } from "../../components/BarChart";
import { ErrorBar } from "../../components/ErrorBar";
import { ImportRunPanel } from "../../components/ImportRunPanel";
import { useImportRun } from "../../hooks/useImportRun";
import { useRuntime } from "../../runtime-context";
import { CodePicker } from "../import/CodePicker";
import type { MarketFiltersState } from "./useMarketFilters";

type Count =
  | { status: "idle" | "counting" }
  | { status: "ready"; total: number; insights: MarketCompaniesResponse["Insights"]; empty?: string }
  | { status: "failed"; error: unknown };

function insightCharts(insights: MarketCompaniesResponse["Insights"]): Chart[] {
  if (!insights) return [];
  const charts: Chart[] = [];
  const codes = insights.ByCode.map((c) => ({ label: c.Description ?? c.Code ?? "Unknown", count: c.Count ?? 0 }));
  if (codes.length)
    charts.push({ id: "codes", title: "Companies by industry code", bars: topWithOther(codes, MAX_BARS) });
  const places = insights.ByLocation.map((c) => ({ label: c.Name ?? c.Code ?? "Unknown", count: c.Count ?? 0 }));
  if (places.length)
    charts.push({ id: "locations", title: "Companies by location", bars: topWithOther(places, MAX_BARS) });
  const bands = insights.EmployeeBands.map((b) => ({ label: b.Band ?? "Unknown", count: b.Count ?? 0 }));
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

export function MarketQueryPanel({
  market,
  filters,
  onSignIn,
}: {
  market: Market;
  filters: MarketFiltersState;
  onSignIn(): void;
}) {
  const { clients } = useRuntime();
  const [chosen, setChosen] = useState<Partial<Record<MarketFilterField, string[]>>>({});
  const [typed, setTyped] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [count, setCount] = useState<Count>({ status: "idle" });
  const run = useImportRun();
  const groups = filters.status === "ready" ? filters.groups : [];

  const query = (): MarketQuery => {
    const extra = typedCodes(typed);
    const NAICS = [...(chosen.NAICS ?? []), ...extra.filter((c) => !(chosen.NAICS ?? []).includes(c))];
    return {
      filters: { ...chosen, NAICS },
      minEmployees: bound(min, "The smallest size"),
      maxEmployees: bound(max, "The largest size"),
    };
  };

  const countNow = async () => {
    try {
      const q = query();
      setCount({ status: "counting" });
      const answer = await clients.market.listCompanies(market, {
        ...marketRequest(q),
        Limit: 1,
        IncludeTotalCount: true,
        IncludeInsights: true,
      });
      const total = answer.TotalCount ?? answer.Companies.length;
      setCount({
        status: "ready",
        total,
        insights: answer.Insights,
        ...(total === 0 ? { empty: explainEmpty(market, q, groups) } : {}),
      });
    } catch (error) {
      setCount({ status: "failed", error });
    }
  };

  const start = () => {
    try {
      const q = query();
      void run.run((options) =>
        importSourceToNewSheet(
          clients,
          { kind: "market", market, query: q },
          options,
          `Market ${market.toUpperCase()}`,
        ),
      );
    } catch (error) {
      setCount({ status: "failed", error });
    }
  };

  return (
    <section aria-label="Filtered list" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      {filters.status === "loading" && <Spinner size="tiny" label="Loading the market's filters…" />}
      {filters.status === "failed" && (
        <ErrorBar title="Could not load the market's filters" error={filters.error} onSignIn={onSignIn} />
      )}
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
      <div style={{ display: "flex", gap: 8 }}>
        <Field label="Employees from">
          <Input value={min} onChange={(_, data) => setMin(data.value)} inputMode="numeric" />
        </Field>
        <Field label="Employees to">
          <Input value={max} onChange={(_, data) => setMax(data.value)} inputMode="numeric" />
        </Field>
      </div>
      <div>
        <Button onClick={countNow} disabled={count.status === "counting"}>
          Count companies
        </Button>
      </div>
      <div role="status" aria-live="polite" data-testid="market-count">
        {count.status === "counting" && <Spinner size="tiny" label="Counting…" />}
        {count.status === "ready" && (
          <Text weight="semibold">
            {count.empty ??
              `${count.total.toLocaleString("en-GB")} compan${count.total === 1 ? "y matches" : "ies match"}.`}
          </Text>
        )}
      </div>
      {count.status === "failed" && (
        <ErrorBar
          title="Could not count the companies"
          error={count.error}
          onSignIn={onSignIn}
          onDismiss={() => setCount({ status: "idle" })}
        />
      )}
      {count.status === "ready" &&
        insightCharts(count.insights).map((chart) => <BarChart key={chart.id} chart={chart} />)}
      <Button
        appearance="primary"
        disabled={run.state.status === "running" || (count.status === "ready" && count.total === 0)}
        onClick={start}
      >
        {count.status === "ready" && count.total > 0
          ? `Import ${count.total.toLocaleString("en-GB")} companies to a new sheet`
          : "Import to a new sheet"}
      </Button>
      <ImportRunPanel state={run.state} verb="Imported" onCancel={run.cancel} onSignIn={onSignIn} />
    </section>
  );
}
