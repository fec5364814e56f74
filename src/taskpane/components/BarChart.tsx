/**
 * A horizontal bar chart drawn as SVG (no chart library is installed), with its data in words as
 * the picture's description, so a screen reader reads what a sighted user sees.
 */
import { useId } from "react";
import { chartSummary, type Chart } from "@ukco/core/import/insights";

const ROW = 22;
const LABEL_WIDTH = 132;
const BAR_WIDTH = 120;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 52;
const MAX_LABEL = 22;

const short = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);

export function BarChart({ chart }: { chart: Chart }) {
  const id = useId();
  const max = Math.max(1, ...chart.bars.map((bar) => bar.count));
  const height = chart.bars.length * ROW + 4;
  return (
    <figure style={{ margin: 0 }} data-testid={`chart-${chart.id}`}>
      <figcaption style={{ fontWeight: 600, marginBottom: 4 }}>{chart.title}</figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: 420 }}
      >
        <title id={`${id}-title`}>{chart.title}</title>
        <desc id={`${id}-desc`}>{chartSummary(chart)}</desc>
        {chart.bars.map((bar, i) => {
          const y = i * ROW + 2;
          const width = Math.max(1, Math.round((bar.count / max) * BAR_WIDTH));
          return (
            <g key={`${bar.label}-${i}`}>
              <title>{`${bar.label}: ${bar.count.toLocaleString("en-GB")}`}</title>
              <text
                x={LABEL_WIDTH - 6}
                y={y + 14}
                textAnchor="end"
                fontSize={11}
                style={{ fill: "var(--colorNeutralForeground1, #242424)" }}
              >
                {short(bar.label)}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y + 3}
                width={width}
                height={ROW - 8}
                rx={2}
                style={{ fill: "var(--colorBrandBackground, #0f6cbd)" }}
              />
              <text
                x={LABEL_WIDTH + width + 4}
                y={y + 14}
                fontSize={11}
                style={{ fill: "var(--colorNeutralForeground2, #424242)" }}
              >
                {bar.count.toLocaleString("en-GB")}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
