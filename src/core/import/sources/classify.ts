/**
 * Companies like the examples: `POST /v2/classification/classify` with include (`yes`) and
 * exclude (`no`) company numbers, the classified companies with their scores, best first. The
 * operation takes no `skip`, so one request at the largest `returnCount` is the whole answer.
 */
import { z } from "zod";
import { MAX_RETURN_COUNT } from "@ukco/api/product/requests";
import { companyTable } from "./company-table";
import type { TableSourceDefinition } from "./types";

/** INFERRED (ours): example numbers per side; a classifier learns little from more. */
export const MAX_EXAMPLES = 5_000;

export const ClassifySourceSchema = z.object({
  kind: z.literal("classify"),
  include: z.array(z.string().min(1)).min(1).max(MAX_EXAMPLES),
  exclude: z.array(z.string().min(1)).max(MAX_EXAMPLES),
  returnCount: z.number().int().min(1).max(MAX_RETURN_COUNT),
  columns: z.array(z.string().min(1)).min(1),
});
export type ClassifySource = z.infer<typeof ClassifySourceSchema>;

export const SCORE_HEADER = "Score";
export const SCORE_FORMAT = "0.000";

const count = (n: number) => n.toLocaleString("en-GB");
const describe = (source: ClassifySource) =>
  `companies like ${count(source.include.length)} example${source.include.length === 1 ? "" : "s"}${source.exclude.length ? `, unlike ${count(source.exclude.length)}` : ""} (best ${count(source.returnCount)})`;

export const classifySource: TableSourceDefinition<ClassifySource> = {
  kind: "classify",
  schema: ClassifySourceSchema,
  describe,
  async prepare(clients, source, call) {
    const table = companyTable(source.columns, [
      {
        header: SCORE_HEADER,
        numberFormat: SCORE_FORMAT,
        value: (item) => ("invalid" in item || typeof item.Score !== "number" ? "" : item.Score),
      },
    ]);
    // One request is the whole answer, so it is made here and the total is known before writing.
    const answer = await clients.product.classify(
      { yes: source.include, no: source.exclude, returnCount: source.returnCount },
      call,
    );
    const items = answer.companies;
    return {
      header: table.header,
      fields: table.fields,
      numberFormats: table.numberFormats,
      description: describe(source),
      total: items.length,
      pages: () =>
        (async function* () {
          yield table.rows(items);
        })(),
    };
  },
};
