/**
 * Page-by-page readers for the product list endpoints. The contract's rule: page with
 * `returnCount`/`skip` (body fields on POST, query parameters on GET) and stop when a page
 * returns fewer records than `returnCount`. Given the query's total (counted just before), the
 * pages below it are known to exist and are asked for several at once by skip; they are still
 * handed over in order, and past the total the walk goes on one page at a time by the rule.
 */
import { AbortedError } from "../http/errors";
import { walkPages, type Page, type PagingOptions } from "../paging";
import type { CallOptions } from "../http/types";
import type { ClassifiedCompany } from "./company";
import type { ProductClient } from "./client";
import type { LazyListEnvelope } from "./lazy-company";
import type { CompaniesQuery, Paging, WebsiteBatchRequest, WebsiteRequest } from "./requests";
import type { InvalidCompany, ListEnvelope, WebsiteEnvelope } from "./responses";

/** Page size the iterators ask for unless told otherwise: fewer round trips than the default 40, modest bodies. */
export const DEFAULT_PAGE_SIZE = 100;

type Fetch<R> = (paging: { returnCount: number; skip: number }, pageIndex: number, options: CallOptions) => Promise<R>;
/** A page's records; a record that broke the schema is an InvalidCompany in its place. */
export type CompanyItem = ClassifiedCompany | InvalidCompany;
/** Pages of a list envelope, each item as the envelope's schema reads it. */
type CompanyPages<R extends { companies: unknown[] }> = AsyncGenerator<Page<R["companies"][number], R>>;

export interface ReadAheadOptions extends PagingOptions {
  /** The query's total when it was counted: pages that start below it exist. */
  total?: number;
  /** Most pages asked for at once while earlier ones are read (default 1: one after another). */
  inFlight?: number;
}

function pages<R extends { companies: unknown[] }>(
  fetch: Fetch<R>,
  start: { skip?: number; returnCount?: number },
  options: ReadAheadOptions = {},
): CompanyPages<R> {
  const { total, inFlight = 1, ...paging } = options;
  const walk = {
    pageSize: options.pageSize ?? start.returnCount ?? DEFAULT_PAGE_SIZE,
    startOffset: start.skip ?? 0,
    fetchPage: (window: Window, call: CallOptions) =>
      fetch({ returnCount: window.limit, skip: window.offset }, window.pageIndex, call),
  };
  if (total === undefined || inFlight <= 1) {
    return walkPages({ ...walk, service: "product", itemsOf: (r) => r.companies }, paging);
  }
  return readAhead(walk, total, inFlight, paging);
}

interface Window {
  limit: number;
  offset: number;
  pageIndex: number;
}

interface Asked<R> extends Window {
  response: Promise<R>;
}

/** The walk with up to `inFlight` pages asked for at once, all of them below `total`. */
async function* readAhead<R extends { companies: unknown[] }>(
  walk: { pageSize: number; startOffset: number; fetchPage: (w: Window, call: CallOptions) => Promise<R> },
  total: number,
  inFlight: number,
  options: PagingOptions,
): CompanyPages<R> {
  const { signal, onWait, maxRecords = Infinity } = options;
  // Our own controller, so pages asked for ahead stop when the walk ends for any reason.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  const asked: Asked<R>[] = [];
  let next: Window = { limit: 0, offset: walk.startOffset, pageIndex: 0 };
  const ask = () => {
    // A walk that was stopped asks for nothing more, not even a request that would fail at once.
    if (stop.signal.aborted) throw new AbortedError("product");
    const window = { ...next, limit: Math.min(walk.pageSize, maxRecords - (next.offset - walk.startOffset)) };
    const response = walk.fetchPage(window, { signal: stop.signal, onWait });
    // Read in order later; a page failing while an earlier one is read must not be an unhandled rejection.
    response.catch(() => undefined);
    asked.push({ ...window, response });
    next = { limit: 0, offset: window.offset + window.limit, pageIndex: window.pageIndex + 1 };
  };
  const known = () => next.offset < total && next.offset - walk.startOffset < maxRecords;
  let collected = 0;
  if (maxRecords <= 0) return;
  try {
    ask();
    for (;;) {
      while (asked.length < inFlight && known()) ask();
      const page = asked.shift();
      if (!page) return;
      if (signal?.aborted) throw new AbortedError("product");
      const response = await page.response;
      const items = response.companies;
      collected += items.length;
      yield { items, response, pageIndex: page.pageIndex, offset: page.offset, collected };
      if (items.length < page.limit || collected >= maxRecords) return;
      // Past the total (the list grew, or ended on a full page): one page at a time, by the rule.
      if (asked.length === 0) ask();
    }
  } finally {
    stop.abort();
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Pages of `POST /v2/companies`. Insights cover the whole matched set, so only the first page asks for them. */
function listPages<R extends { companies: unknown[] }>(
  list: (query: CompaniesQuery, call: CallOptions) => Promise<R>,
  query: CompaniesQuery,
  options?: ReadAheadOptions,
): CompanyPages<R> {
  return pages(
    (paging, i, call) => list({ ...query, ...paging, insights: i === 0 ? query.insights : undefined }, call),
    query,
    options,
  );
}

/** Pages of `POST /v2/companies`, each record checked whole. */
export function pageCompanies(
  client: ProductClient,
  query: CompaniesQuery,
  options?: ReadAheadOptions,
): CompanyPages<ListEnvelope> {
  return listPages((q, call) => client.listCompanies(q, call), query, options);
}

/** Pages of `POST /v2/companies`, each record checked only shallowly (lazy-company.ts): imports read just their columns. */
export function pageCompanyRecords(
  client: ProductClient,
  query: CompaniesQuery,
  options?: ReadAheadOptions,
): CompanyPages<LazyListEnvelope> {
  return listPages((q, call) => client.listCompanyRecords(q, call), query, options);
}

export function pageWebsiteBatch(
  client: ProductClient,
  request: WebsiteBatchRequest,
  options?: ReadAheadOptions,
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
  options?: ReadAheadOptions,
): CompanyPages<ListEnvelope> {
  return pages((paging, _i, call) => client.exploreList(listId, paging, call), start, options);
}
