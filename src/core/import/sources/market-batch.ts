/**
 * A market's companies by number: the selected numbers through the client's lookup (the batch
 * operation, 1,000 a request, or one request per number where the service has none), one row per
 * number in the order given; a number the market does not know keeps its row and says so.
 */
import { z } from "zod";
import { MarketSchema, MAX_BATCH_NUMBERS } from "@ukco/api/market/schemas";
import { MARKET_COLUMNS, marketRow } from "../../market/columns";
import { MARKET_NAMES } from "../../market/filters";
import { asSheetText } from "../columns";
import { marketFields, marketFormats, marketHeader } from "./market";
import type { RowPage, TableSourceDefinition } from "./types";

/** INFERRED (ours): numbers one lookup takes from a selection. */
export const MAX_MARKET_LOOKUP = 20_000;

export const MarketBatchSourceSchema = z.object({
  kind: z.literal("market-batch"),
  market: MarketSchema,
  numbers: z.array(z.string().min(1)).min(1).max(MAX_MARKET_LOOKUP),
});
export type MarketBatchSource = z.infer<typeof MarketBatchSourceSchema>;

const describe = (source: MarketBatchSource) =>
  `${MARKET_NAMES[source.market]} (${source.market}): ${source.numbers.length.toLocaleString("en-GB")} company numbers`;

export function unknownNumberRow(number: string, market: string): RowPage["rows"][number] {
  return MARKET_COLUMNS.map((_, i) =>
    i === 0 ? asSheetText(number) : i === 1 ? asSheetText(`⚠ Not a company the ${market} market knows.`) : "",
  );
}

function failedNumberRow(number: string, error: Error): RowPage["rows"][number] {
  return MARKET_COLUMNS.map((_, i) =>
    i === 0 ? asSheetText(number) : i === 1 ? asSheetText(`⚠ Could not be looked up: ${error.message}`) : "",
  );
}

export const marketBatchSource: TableSourceDefinition<MarketBatchSource> = {
  kind: "market-batch",
  schema: MarketBatchSourceSchema,
  describe,
  async prepare(clients, source) {
    return {
      header: marketHeader(),
      fields: marketFields(),
      numberFormats: marketFormats(),
      description: describe(source),
      dataLabel: `${MARKET_NAMES[source.market]} company data`,
      total: source.numbers.length,
      pages: ({ signal, onWait }) =>
        (async function* (): AsyncGenerator<RowPage> {
          for (let i = 0; i < source.numbers.length; i += MAX_BATCH_NUMBERS) {
            const chunk = source.numbers.slice(i, i + MAX_BATCH_NUMBERS);
            const found = await clients.market.lookup(source.market, chunk, { signal, onWait });
            let invalid = 0;
            const rows = chunk.map((number) => {
              const company = found.get(number);
              if (company instanceof Error) {
                invalid += 1;
                return failedNumberRow(number, company);
              }
              return company ? marketRow(company) : unknownNumberRow(number, source.market);
            });
            // Unknown numbers are answers, not broken records: their rows say so. A number whose own
            // request failed keeps its row too, with the reason.
            yield { rows, invalid };
          }
        })(),
    };
  },
};
