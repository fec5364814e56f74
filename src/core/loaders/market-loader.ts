/**
 * Multi-market companies by market and number, a burst at a time: the distinct numbers of one
 * market go through the client's lookup — 1,000 a request by the batch operation, or one request
 * per number where the service has none. A number the market does not know is a null record.
 * Keys are `market:number`.
 */
import type { Clock } from "@ukco/api/http/types";
import type { MarketClient } from "@ukco/api/market/client";
import { MAX_BATCH_NUMBERS, MARKETS, type Market } from "@ukco/api/market/schemas";
import { BatchLoader } from "../batch-loader";
import { mayBelongToPartOfBatch } from "./isolatable";
import { NotFoundError } from "../errors";
import { GATHERED_LOOKUP_TIMING } from "./company-loader";

export interface LoadedMarketCompany {
  /** Null when the market does not know the number. */
  record: Record<string, unknown> | null;
  fetchedAt: number;
}

export const marketKey = (market: Market, number: string) => `${market}:${number}`;

export function createMarketLoader(client: () => MarketClient, clock: Clock): BatchLoader<LoadedMarketCompany> {
  return new BatchLoader<LoadedMarketCompany>({
    clock,
    maxBatchSize: MAX_BATCH_NUMBERS,
    ...GATHERED_LOOKUP_TIMING,
    timeoutMessage: "The multi-market service did not answer within 5 minutes.",
    missing: (key) => new NotFoundError(`No company ${key}.`),
    isolate: mayBelongToPartOfBatch,
    async loadMany(keys, signal) {
      const answers = new Map<string, LoadedMarketCompany | Error>();
      // A burst may mix markets; each market is its own lookup (the paths name the market).
      for (const market of MARKETS) {
        const numbers = keys.filter((k) => k.startsWith(`${market}:`)).map((k) => k.slice(market.length + 1));
        if (!numbers.length) continue;
        const found = await client().lookup(market, numbers, { signal });
        const fetchedAt = clock.now();
        for (const number of numbers) {
          const record = found.get(number) ?? null;
          answers.set(
            marketKey(market, number),
            record instanceof Error ? record : { record: record as Record<string, unknown> | null, fetchedAt },
          );
        }
      }
      return answers;
    },
  });
}
