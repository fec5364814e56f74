/**
 * The shared page walker: ask for `pageSize` records at `offset`, yield the page, advance the
 * offset by the page size, and stop on a short page, on reaching a known total, or at
 * `maxRecords`. Cancelled by the AbortSignal between and during pages.
 */
import type { ServiceName } from "./credentials";
import { AbortedError } from "./http/errors";
import type { CallOptions } from "./http/types";

export interface Page<T, R> {
  items: T[];
  /** The whole response of this page (insights, totals, scope-guarded aggregates). */
  response: R;
  pageIndex: number;
  /** Offset (`skip`, `Offset`) this page was asked for. */
  offset: number;
  /** Records yielded so far, this page included. */
  collected: number;
  /** The service's total for the whole query, when it gives one. */
  total?: number;
}

export interface PagingOptions extends CallOptions {
  pageSize?: number;
  /** Stop once this many records have been yielded (the last page is asked for smaller). */
  maxRecords?: number;
}

export interface PageWalk<T, R> {
  service: ServiceName;
  pageSize: number;
  startOffset: number;
  fetchPage: (window: { limit: number; offset: number; pageIndex: number }, options: CallOptions) => Promise<R>;
  itemsOf: (response: R) => T[];
  totalOf?: (response: R) => number | undefined;
}

export async function* walkPages<T, R>(walk: PageWalk<T, R>, options: PagingOptions = {}): AsyncGenerator<Page<T, R>> {
  const { signal, onWait, maxRecords = Infinity } = options;
  let offset = walk.startOffset;
  let collected = 0;
  for (let pageIndex = 0; collected < maxRecords; pageIndex += 1) {
    if (signal?.aborted) throw new AbortedError(walk.service);
    const limit = Math.min(walk.pageSize, maxRecords - collected);
    const response = await walk.fetchPage({ limit, offset, pageIndex }, { signal, onWait });
    const items = walk.itemsOf(response);
    const total = walk.totalOf?.(response);
    collected += items.length;
    yield total === undefined
      ? { items, response, pageIndex, offset, collected }
      : { items, response, pageIndex, offset, collected, total };
    offset += limit;
    if (items.length < limit || (total !== undefined && offset >= total)) return;
  }
}
