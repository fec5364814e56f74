/** The insights of the query as bar charts (companies by RTIC, turnover bands, employee bands). */
import { Text } from "@fluentui/react-components";
import { insightCharts } from "@ukco/core/import/insights";
import type { Insights } from "@ukco/core/import/run-import";
import { BarChart } from "../../taskpane/components/BarChart";

export function InsightsPanel({ insights }: { insights: Insights | undefined }) {
  if (!insights) return <Text>Insights are not available for this query (your token may not include them).</Text>;
  const charts = insightCharts(insights);
  if (!charts.length) return <Text>No insights for this query.</Text>;
  return (
    <div data-testid="insights" style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      {charts.map((chart) => (
        <BarChart key={chart.id} chart={chart} />
      ))}
    </div>
  );
}
