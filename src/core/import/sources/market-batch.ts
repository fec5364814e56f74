/**
 * A market's companies by number: the selected numbers through the market batch operation, 1,000
 * a request, one row per number in the order given; a number the market does not know keeps its
 * row and says so.
 */
import { z } from "zod";
import { MarketSchema, MAX_BATCH_NUMBERS } from "../../../api/market/schemas";
import { MARKET_COLUMNS, marketRow } from "../../market/columns";
import { MARKET_NAMES } from "../../market/filters";
import { asSheetText } from "../columns";
import { marketFormats, marketHeader } from "./market";
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

export const marketBatchSource: TableSourceDefinition<MarketBatchSource> = {
  kind: "market-batch",
  schema: MarketBatchSourceSchema,
  describe,
  async prepare(clients, source) {
    return {
      header: marketHeader(),
      numberFormats: marketFormats(),
      description: describe(source),
      dataLabel: `${MARKET_NAMES[source.market]} company data`,
      total: source.numbers.length,
      pages: ({ signal, onWait }) =>
        (async function* (): AsyncGenerator<RowPage> {
          for (let i = 0; i < source.numbers.length; i += MAX_BATCH_NUMBERS) {
            const chunk = source.numbers.slice(i, i + MAX_BATCH_NUMBERS);
            const answer = await clients.market.batch(source.market, chunk, { signal, onWait });
            const byNumber = new Map(answer.Results.map((r) => [r.CompanyNumber, r.Company]));
            const rows = chunk.map((number) => {
              const company = byNumber.get(number);
              return company ? marketRow(company) : unknownNumberRow(number, source.market);
            });
            // Unknown numbers are answers, not broken records: their rows say so.
            yield { rows, invalid: 0 };
          }
        })(),
    };
  },
};
