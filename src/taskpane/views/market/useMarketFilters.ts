/** A market's filter catalogue (`GET /v1/{market}/filters`), fetched when the market is chosen. */
import { useCallback, useEffect, useState } from "react";
import type { FilterGroup } from "../../../api/lenient";
import type { Market } from "../../../api/market/schemas";
import { useRuntime } from "../../runtime-context";

export type MarketFiltersState =
  | { status: "loading" }
  | { status: "ready"; market: Market; groups: FilterGroup[] }
  | { status: "failed"; error: unknown };

export function useMarketFilters(market: Market, active: boolean): [MarketFiltersState, () => void] {
  const { clients } = useRuntime();
  const [state, setState] = useState<MarketFiltersState>({ status: "loading" });
  const load = useCallback(() => {
    setState({ status: "loading" });
    clients.market.filters(market).then(
      (answer) => setState({ status: "ready", market, groups: answer.Filters }),
      (error: unknown) => setState({ status: "failed", error }),
    );
  }, [clients, market]);
  useEffect(() => {
    if (active) load();
  }, [active, load]);
  return [state, load];
}
