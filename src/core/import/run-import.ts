/**
 * The filtered company list (`POST /v2/companies`): the request (with an uploaded number set for
 * long lists), the count shown before importing, and the rows of each page. The run itself is
 * run-table.ts, shared by every table source.
 */
import type { ApiClients } from "@ukco/api/factory";
import type { ProductClient } from "@ukco/api/product/client";
import { pageCompanies, pageCompanyRecords } from "@ukco/api/product/paging";
import { MAX_RETURN_COUNT, type CompaniesQuery } from "@ukco/api/product/requests";
import type { ListEnvelope } from "@ukco/api/product/responses";
import type { CallOptions } from "@ukco/api/http/types";
import { InvalidArgumentError } from "../errors";
import { recordRow, resolveColumns, type ImportColumn } from "./columns";
import { companiesRequest, describeQuery, needsNumberSet, type ImportQuery } from "./query";
import { runTable, type ImportOutcome, type TableRun } from "./run-table";
import type { PreparedTable, RowPage } from "./sources/types";
import { headerRow } from "./table-layout";

export { runTable, type ImportOutcome, type TableSink } from "./run-table";

export type Insights = NonNullable<ListEnvelope["insights"]>;

/** Contract maximum: the fewest requests against the product API's 200 a minute. */
export const IMPORT_PAGE_SIZE = MAX_RETURN_COUNT;

/** API-FACTS: inline `CompanyNumbers` serve up to about 50,000 numbers. */
export const MAX_INLINE_NUMBERS = 50_000;

/**
 * Uploads the numbers as a set when there are too many to send inline (API-FACTS: above about
 * 10,000). The upload is a guessed operation (api/guessed.ts): where the service has none, up to
 * MAX_INLINE_NUMBERS numbers go inline instead, and more are refused with the reason.
 */
export async function prepareRequest(
  clients: Pick<ApiClients, "product" | "guessed">,
  query: Pick<ImportQuery, "filters" | "companyNumbers">,
  options: CallOptions = {},
): Promise<CompaniesQuery> {
  if (!needsNumberSet(query)) return companiesRequest(query);
  const upload = async () => {
    const set = await clients.product.uploadCompanyNumberSet(query.companyNumbers, options);
    return companiesRequest(query, set.CompanyNumberSetId);
  };
  const inline = async () => {
    if (query.companyNumbers.length > MAX_INLINE_NUMBERS)
      throw new InvalidArgumentError(
        `The product API has no number-set upload, so at most ${MAX_INLINE_NUMBERS.toLocaleString("en-GB")} company numbers can be sent at once; ${query.companyNumbers.length.toLocaleString("en-GB")} are selected. Select fewer, or add filters.`,
      );
    return companiesRequest(query);
  };
  return clients.guessed.attempt("product.uploadCompanyNumberSet", upload, inline);
}

export interface MatchCount {
  total: number;
  insights?: Insights;
}

/** How many companies match: the insights' TotalCompanies, or, for a token without insights, numbers only, 1000 a page. */
export async function countMatches(
  product: ProductClient,
  request: CompaniesQuery,
  options: CallOptions = {},
): Promise<MatchCount> {
  const answer = await product.listCompanies({ ...request, returnCount: 1, insights: true }, options);
  const total = answer.insights?.TotalCompanies;
  if (total !== undefined) return { total, insights: answer.insights };
  let counted = 0;
  for await (const page of pageCompanies(
    product,
    { ...request, ReturnCompanyIDsOnly: true },
    { ...options, pageSize: MAX_RETURN_COUNT },
  )) {
    counted += page.items.length;
  }
  return { total: counted };
}

/** The rows of a company list, page by page, in the given columns. */
export function companyPages(
  product: ProductClient,
  request: CompaniesQuery,
  columns: readonly ImportColumn[],
  pageSize = IMPORT_PAGE_SIZE,
): PreparedTable["pages"] {
  return ({ signal, onWait, inFlight, total }) =>
    (async function* (): AsyncGenerator<RowPage> {
      // Records checked only for their number as they arrive; each row reads just its columns.
      const options = { pageSize, signal, onWait, inFlight, total };
      for await (const page of pageCompanyRecords(product, request, options)) {
        yield {
          rows: page.items.map((item) => recordRow(item, columns)),
          invalid: page.items.filter((item) => "invalid" in item).length,
        };
      }
    })();
}

/** The prepared table for a query whose request (and count) the caller already holds. */
export function preparedCompanies(
  product: ProductClient,
  query: ImportQuery,
  request: CompaniesQuery,
  total: number | undefined,
  pageSize = IMPORT_PAGE_SIZE,
): PreparedTable {
  const { columns, problems } = resolveColumns(query.columns);
  if (problems.length) throw new InvalidArgumentError(problems.map((p) => p.message).join(" "));
  return {
    header: headerRow(columns),
    fields: columns.map((c) => c.path.text),
    numberFormats: columns.map((c) => c.numberFormat),
    description: describeQuery(query),
    ...(total !== undefined ? { total } : {}),
    pages: companyPages(product, request, columns, pageSize),
  };
}

export interface ImportRun extends Omit<TableRun, "prepared"> {
  product: ProductClient;
  /** The request body (after prepareRequest). */
  request: CompaniesQuery;
  columns: readonly ImportColumn[];
  /** The query in words, for the as-of line. */
  description: string;
  total?: number;
  pageSize?: number;
}

/** A company-list run with columns already resolved (kept for callers that hold them). */
export function runImport(run: ImportRun): Promise<ImportOutcome> {
  const { product, request, columns, description, total, pageSize, ...rest } = run;
  const prepared: PreparedTable = {
    header: headerRow(columns),
    fields: columns.map((c) => c.path.text),
    numberFormats: columns.map((c) => c.numberFormat),
    description,
    ...(total !== undefined ? { total } : {}),
    pages: companyPages(product, request, columns, pageSize),
  };
  return runTable({ ...rest, prepared });
}
