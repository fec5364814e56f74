/** A curated list of the explore catalogue: `GET /v2/explore/{listId}`, paged into a table. */
import { z } from "zod";
import { pageExploreList } from "@ukco/api/product/paging";
import { MAX_RETURN_COUNT } from "@ukco/api/product/requests";
import { companyTable } from "./company-table";
import type { RowPage, TableSourceDefinition } from "./types";

export const ExploreSourceSchema = z.object({
  kind: z.literal("explore"),
  listId: z.string().min(1),
  /** The list's name when imported, for the as-of line (the catalogue may rename it later). */
  listName: z.string(),
  columns: z.array(z.string().min(1)).min(1),
});
export type ExploreSource = z.infer<typeof ExploreSourceSchema>;

const describe = (source: ExploreSource) =>
  `explore list ${source.listName ? `"${source.listName}" (${source.listId})` : source.listId}`;

export const exploreSource: TableSourceDefinition<ExploreSource> = {
  kind: "explore",
  schema: ExploreSourceSchema,
  describe,
  async prepare(clients, source) {
    const table = companyTable(source.columns);
    return {
      header: table.header,
      fields: table.fields,
      numberFormats: table.numberFormats,
      description: describe(source),
      pages: ({ signal, onWait }) =>
        (async function* (): AsyncGenerator<RowPage> {
          for await (const page of pageExploreList(
            clients.product,
            source.listId,
            {},
            { pageSize: MAX_RETURN_COUNT, signal, onWait },
          ))
            yield table.rows(page.items);
        })(),
    };
  },
};
