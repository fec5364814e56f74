/** Multi-market: companies of the US, France, Germany and Ireland — filtered lists, lookups by number, search by name. */
import { Radio, RadioGroup, makeStyles, tokens } from "@fluentui/react-components";
import { useState } from "react";
import type { Market } from "@ukco/api/market/schemas";
import { MARKETS } from "@ukco/core/api-values";
import { MARKET_NAMES } from "@ukco/core/market/filters";
import { RateLimitNotice } from "../../taskpane/components/RateLimitNotice";
import { defineView, type ViewProps } from "../registry";
import { MarketLookups } from "./MarketLookups";
import { MarketQueryPanel } from "./MarketQueryPanel";
import { useMarketFilters } from "./useMarketFilters";

const useStyles = makeStyles({
  stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  // Four markets side by side are wider than a 320 px pane: they wrap onto a second line.
  markets: { flexWrap: "wrap" },
});

function MultiMarket({ active }: ViewProps) {
  const styles = useStyles();
  const [market, setMarket] = useState<Market>("us");
  const filters = useMarketFilters(market, active);
  return (
    <div className={styles.stack}>
      <RateLimitNotice service="market" />
      <RadioGroup
        aria-label="Market"
        layout="horizontal"
        className={styles.markets}
        value={market}
        onChange={(_, data) => setMarket(data.value as Market)}
      >
        {MARKETS.map((m) => (
          <Radio key={m} value={m} label={MARKET_NAMES[m]} />
        ))}
      </RadioGroup>
      {/* Keyed by market: choices made for one market mean nothing in another. */}
      <MarketQueryPanel key={`query-${market}`} market={market} filters={filters} />
      <MarketLookups key={`lookups-${market}`} market={market} />
    </div>
  );
}

export const marketView = defineView({
  id: "market",
  title: "Multi-market",
  description: "Companies in the US, France, Germany and Ireland: filtered lists, numbers, names.",
  group: "Find companies",
  Component: MultiMarket,
});
