/**
 * Every kind of table source the pane can import and refresh. To add one: a module under
 * sources/ exporting its schema (with a literal `kind`) and its TableSourceDefinition, then one
 * entry in each list below.
 */
import { z } from "zod";
import { classifySource, ClassifySourceSchema } from "./classify";
import { companiesSource, CompaniesSourceSchema } from "./companies";
import { exploreSource, ExploreSourceSchema } from "./explore";
import { marketSource, MarketSourceSchema } from "./market";
import { marketBatchSource, MarketBatchSourceSchema } from "./market-batch";
import { websiteBatchSource, WebsiteBatchSourceSchema } from "./website-batch";
import type { TableSourceDefinition } from "./types";

export const TableSourceSchema = z.discriminatedUnion("kind", [
  CompaniesSourceSchema,
  WebsiteBatchSourceSchema,
  ClassifySourceSchema,
  ExploreSourceSchema,
  MarketSourceSchema,
  MarketBatchSourceSchema,
]);
export type TableSource = z.infer<typeof TableSourceSchema>;

const DEFINITIONS = [
  companiesSource,
  websiteBatchSource,
  classifySource,
  exploreSource,
  marketSource,
  marketBatchSource,
] as const;

/** The definition of a source's kind, typed for that source. */
export function sourceDefinition<S extends TableSource>(source: S): TableSourceDefinition<S> {
  const found = DEFINITIONS.find((d) => d.kind === source.kind);
  if (!found) throw new Error(`no table source of kind ${source.kind}`);
  return found as unknown as TableSourceDefinition<S>;
}

export function describeSource(source: TableSource): string {
  return sourceDefinition(source).describe(source);
}
