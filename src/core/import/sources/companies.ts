/** The filtered company list of the Import view: `POST /v2/companies`, paged at the contract's largest page. */
import { z } from "zod";
import { describeQuery, ImportQuerySchema } from "../query";
import { countMatches, preparedCompanies, prepareRequest } from "../run-import";
import type { TableSourceDefinition } from "./types";

export const CompaniesSourceSchema = z.object({ kind: z.literal("companies"), query: ImportQuerySchema });
export type CompaniesSource = z.infer<typeof CompaniesSourceSchema>;

export const companiesSource: TableSourceDefinition<CompaniesSource> = {
  kind: "companies",
  schema: CompaniesSourceSchema,
  describe: (source) => describeQuery(source.query),
  async prepare(clients, source, call) {
    // Refresh: a number set is uploaded afresh (sets expire) and the count is taken again.
    const request = await prepareRequest(clients, source.query, call);
    const { total } = await countMatches(clients.product, request, call);
    return preparedCompanies(clients.product, source.query, request, total);
  },
};
