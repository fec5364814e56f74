/**
 * Page-by-page readers for the product list endpoints. The contract's rule: page with
 * `returnCount`/`skip` (body fields on POST, query parameters on GET) and stop when a page
 * returns fewer records than `returnCount`.
 */
import { walkPages, type Page, type PagingOptions } from "../paging";
import type { CallOptions } from "../http/types";
import type { ClassifiedCompany } from "./company";
import type { ProductClient } from "./client";
import type { CompaniesQuery, Paging, WebsiteBatchRequest, WebsiteRequest } from "./requests";
import type { InvalidCompany, ListEnvelope, WebsiteEnvelope } from "./responses";

/** Page size the iterators ask for unless told otherwise: fewer round trips than the default 40, modest bodies. */
export const DEFAULT_PAGE_SIZE = 100;

type Fetch<R> = (paging: { returnCount: number; skip: number }, pageIndex: number, options: CallOptions) => Promise<R>;
/** A page's records; a record that broke the schema is an InvalidCompany in its place. */
export type CompanyItem = ClassifiedCompany | InvalidCompany;
type CompanyPages<R> = AsyncGenerator<Page<CompanyItem, R>>;

function pages<R extends { companies: CompanyItem[] }>(
  fetch: Fetch<R>,
  start: { skip?: number; returnCount?: number },
  options: PagingOptions = {},
): CompanyPages<R> {
  return walkPages(
    {
      service: "product",
      pageSize: options.pageSize ?? start.returnCount ?? DEFAULT_PAGE_SIZE,
      startOffset: start.skip ?? 0,
      fetchPage: ({ limit, offset, pageIndex }, call) => fetch({ returnCount: limit, skip: offset }, pageIndex, call),
      itemsOf: (r) => r.companies,
    },
    options,
  );
}

/** Pages of `POST /v2/companies`. Insights cover the whole matched set, so only the first page asks for them. */
export function pageCompanies(
  client: ProductClient,
  query: CompaniesQuery,
  options?: PagingOptions,
): CompanyPages<ListEnvelope> {
  return pages(
    (paging, i, call) =>
      client.listCompanies({ ...query, ...paging, insights: i === 0 ? query.insights : undefined }, call),
    query,
    options,
  );
}

export function pageWebsiteBatch(
  client: ProductClient,
  request: WebsiteBatchRequest,
  options?: PagingOptions,
): CompanyPages<WebsiteEnvelope> {
  return pages((paging, _i, call) => client.companiesByWebsiteBatch({ ...request, ...paging }, call), request, options);
}

export function pageWebsite(
  client: ProductClient,
  request: WebsiteRequest,
  options?: PagingOptions,
): CompanyPages<WebsiteEnvelope> {
  return pages((paging, _i, call) => client.companiesByWebsite({ ...request, ...paging }, call), request, options);
}

export function pageExploreList(
  client: ProductClient,
  listId: string,
  start: Paging = {},
  options?: PagingOptions,
): CompanyPages<ListEnvelope> {
  return pages((paging, _i, call) => client.exploreList(listId, paging, call), start, options);
}
