/**
 * A multi-market company list: `POST /v1/{market}/companies`, paged by the contract's rule
 * (advance Offset; stop at TotalCount or on a short page), governed at 60 requests a minute.
 */
import { z } from "zod";
import { pageMarketCompanies } from "@ukco/api/market/paging";
import { MarketSchema, MAX_LIMIT } from "@ukco/api/market/schemas";
import { MARKET_COLUMNS, marketRow } from "../../market/columns";
import { describeMarketQuery, MARKET_FILTER_FIELDS, MARKET_NAMES, marketRequest } from "../../market/filters";
import { asSheetText } from "../columns";
import type { RowPage, TableSourceDefinition } from "./types";

const count = z.number().int().min(0).optional();

export const MarketSourceSchema = z.object({
  kind: z.literal("market"),
  market: MarketSchema,
  query: z.object({
    filters: z.partialRecord(z.enum(MARKET_FILTER_FIELDS), z.array(z.string().min(1))).default({}),
    minEmployees: count,
    maxEmployees: count,
  }),
});
export type MarketSource = z.infer<typeof MarketSourceSchema>;

/** Header and formats shared by every market table. */
export const marketHeader = () => MARKET_COLUMNS.map((c) => asSheetText(c.header));
export const marketFormats = () => MARKET_COLUMNS.map((c) => c.numberFormat);
export const marketFields = () => MARKET_COLUMNS.map((c) => c.field);

export const marketSource: TableSourceDefinition<MarketSource> = {
  kind: "market",
  schema: MarketSourceSchema,
  describe: (source) => describeMarketQuery(source.market, source.query),
  async prepare(clients, source, call) {
    const request = marketRequest(source.query);
    // The count first (one record), so the progress bar knows the total; the pages then follow it.
    const first = await clients.market.listCompanies(
      source.market,
      { ...request, Limit: 1, IncludeTotalCount: true },
      call,
    );
    const total = first.TotalCount ?? undefined;
    return {
      header: marketHeader(),
      fields: marketFields(),
      numberFormats: marketFormats(),
      description: describeMarketQuery(source.market, source.query),
      dataLabel: `${MARKET_NAMES[source.market]} company data`,
      ...(total !== undefined && total !== null ? { total } : {}),
      pages: ({ signal, onWait }) =>
        (async function* (): AsyncGenerator<RowPage> {
          const pages = pageMarketCompanies(
            clients.market,
            source.market,
            { ...request, IncludeTotalCount: true },
            { pageSize: MAX_LIMIT, signal, onWait },
          );
          for await (const page of pages) yield { rows: page.items.map(marketRow), invalid: 0 };
        })(),
    };
  },
};
