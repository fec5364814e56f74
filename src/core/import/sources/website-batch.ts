/** Companies for the website addresses of a selection: `POST /v2/companies/by-website/batch`, paged. */
import { z } from "zod";
import { pageWebsiteBatch } from "@ukco/api/product/paging";
import { MAX_RETURN_COUNT } from "@ukco/api/product/requests";
import { asSheetText } from "../columns";
import { matchedUrl, MAX_BATCH_URLS } from "../../explore/websites";
import { companyTable } from "./company-table";
import type { RowPage, TableSourceDefinition } from "./types";

export const WebsiteBatchSourceSchema = z.object({
  kind: z.literal("website-batch"),
  urls: z.array(z.string().min(1)).min(1).max(MAX_BATCH_URLS),
  columns: z.array(z.string().min(1)).min(1),
});
export type WebsiteBatchSource = z.infer<typeof WebsiteBatchSourceSchema>;

export const MATCHED_URL_HEADER = "Matched URL";

export function describeWebsites(urls: readonly string[]): string {
  return urls.length === 1
    ? `companies for ${urls[0]}`
    : `companies for ${urls.length.toLocaleString("en-GB")} website addresses`;
}

export const websiteBatchSource: TableSourceDefinition<WebsiteBatchSource> = {
  kind: "website-batch",
  schema: WebsiteBatchSourceSchema,
  describe: (source) => describeWebsites(source.urls),
  async prepare(clients, source) {
    const table = companyTable(source.columns, [
      {
        header: MATCHED_URL_HEADER,
        value: (item) => asSheetText(matchedUrl("invalid" in item ? undefined : item.Homepage_domain, source.urls)),
      },
    ]);
    return {
      header: table.header,
      fields: table.fields,
      numberFormats: table.numberFormats,
      description: describeWebsites(source.urls),
      pages: ({ signal, onWait }) =>
        (async function* (): AsyncGenerator<RowPage> {
          for await (const page of pageWebsiteBatch(
            clients.product,
            { urls: source.urls },
            { pageSize: MAX_RETURN_COUNT, signal, onWait },
          ))
            yield table.rows(page.items);
        })(),
    };
  },
};
