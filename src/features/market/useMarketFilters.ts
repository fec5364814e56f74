/** A market's filter catalogue (`GET /v1/{market}/filters`), fetched when the market is chosen while the view shows. */
import { useEffect } from "react";
import type { FilterGroup } from "@ukco/api/lenient";
import type { Market } from "@ukco/api/market/schemas";
import { useLookup, type LookupState } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";

export type MarketFiltersState = LookupState<Market, FilterGroup[]>;

/** Choosing another market abandons the catalogue still coming for the one before. */
export function useMarketFilters(market: Market, active: boolean): MarketFiltersState {
  const { clients } = useRuntime();
  const catalogue = useLookup(
    async (chosen: Market, signal) => (await clients.market.filters(chosen, { signal })).Filters,
  );
  const { state, run } = catalogue;
  useEffect(() => {
    // A failed catalogue is asked again when the user comes back to the view.
    if (active && (state.status === "idle" || state.status === "failed" || state.query !== market)) void run(market);
  }, [active, market]);
  return state;
}
