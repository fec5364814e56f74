/**
 * Every kind of table source the pane can import and refresh. To add one: a module under
 * sources/ exporting its schema (with a literal `kind`) and its TableSourceDefinition, then one
 * entry in each list below.
 */
import { z } from "zod";
import { companiesSource, CompaniesSourceSchema } from "./companies";
import type { TableSourceDefinition } from "./types";

export const TableSourceSchema = z.discriminatedUnion("kind", [CompaniesSourceSchema]);
export type TableSource = z.infer<typeof TableSourceSchema>;

const DEFINITIONS = [companiesSource] as const;

/** The definition of a source's kind, typed for that source. */
export function sourceDefinition<S extends TableSource>(source: S): TableSourceDefinition<S> {
  const found = DEFINITIONS.find((d) => d.kind === source.kind);
  if (!found) throw new Error(`no table source of kind ${source.kind}`);
  return found as unknown as TableSourceDefinition<S>;
}

export function describeSource(source: TableSource): string {
  return sourceDefinition(source).describe(source);
}
