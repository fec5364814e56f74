/**
 * One import (or the refresh of an imported table): count, page through `POST /v2/companies` at
 * the contract's largest page, turn records into rows, and hand them to a sink in chunks Excel
 * accepts. Cancelling stops cleanly: what arrived stays, and the as-of line says how far it got.
 * Knows nothing of Excel; the host's writer is the sink.
 */
import type { ProductClient } from "../../api/product/client";
import { pageCompanies } from "../../api/product/paging";
import { MAX_RETURN_COUNT, type CompaniesQuery } from "../../api/product/requests";
import type { ListEnvelope } from "../../api/product/responses";
import { AbortedError } from "../../api/http/errors";
import type { CallOptions } from "../../api/http/types";
import { planChunks, DEFAULT_CHUNK_LIMITS, type ChunkLimits } from "./chunks";
import { recordRow, type ImportColumn, type SheetValue } from "./columns";
import { ProgressMeter, type Progress } from "./progress";
import { companiesRequest, needsNumberSet, type ImportQuery } from "./query";
import { asOfText, headerRow, type ImportStatus } from "./table-layout";

export type Insights = NonNullable<ListEnvelope["insights"]>;

/** Where the rows go (the host's Excel writer; a memory sink in tests). */
export interface TableSink {
  /** Before any row: the header, each column's number format, and the as-of line. */
  begin(header: SheetValue[], numberFormats: (string | undefined)[], asOf: string): Promise<void>;
  /** One chunk of rows, below the rows already written, and the as-of line as it now stands. */
  append(rows: SheetValue[][], asOf: string): Promise<void>;
  /** Whatever happened: size the table to the rows written and set the final as-of line. */
  finish(asOf: string, rows: number): Promise<void>;
}

/** Contract maximum: the fewest requests against the product API's 200 a minute. */
export const IMPORT_PAGE_SIZE = MAX_RETURN_COUNT;

/** Uploads the numbers as a set when there are too many to send inline (API-FACTS: above about 10,000). */
export async function prepareRequest(product: ProductClient, query: ImportQuery, options: CallOptions = {}): Promise<CompaniesQuery> {
  if (!needsNumberSet(query)) return companiesRequest(query);
  const set = await product.uploadCompanyNumberSet(query.companyNumbers, options);
  return companiesRequest(query, set.CompanyNumberSetId);
}

export interface MatchCount {
  total: number;
  insights?: Insights;
}

/** How many companies match: the insights' TotalCompanies, or, for a token without insights, numbers only, 1000 a page. */
export async function countMatches(product: ProductClient, request: CompaniesQuery, options: CallOptions = {}): Promise<MatchCount> {
  const answer = await product.listCompanies({ ...request, returnCount: 1, insights: true }, options);
  const total = answer.insights?.TotalCompanies;
  if (total !== undefined) return { total, insights: answer.insights };
  let counted = 0;
  for await (const page of pageCompanies(product, { ...request, ReturnCompanyIDsOnly: true }, { ...options, pageSize: MAX_RETURN_COUNT })) {
    counted += page.items.length;
  }
  return { total: counted };
}

export interface ImportRun {
  product: ProductClient;
  /** The request body (after prepareRequest). */
  request: CompaniesQuery;
  columns: readonly ImportColumn[];
  /** The query in words, for the as-of line. */
  description: string;
  sink: TableSink;
  now: () => number;
  total?: number;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  onWait?: CallOptions["onWait"];
  pageSize?: number;
  chunkLimits?: ChunkLimits;
}

export interface ImportOutcome {
  status: Exclude<ImportStatus, "running">;
  rows: number;
  total?: number;
  /** Records that failed validation (shown as error rows, in their place). */
  invalidRecords: number;
  at: Date;
  error?: unknown;
}

function isCancel(error: unknown, signal: AbortSignal | undefined): boolean {
  return error instanceof AbortedError || signal?.aborted === true;
}

export async function runImport(run: ImportRun): Promise<ImportOutcome> {
  const { sink, columns, signal } = run;
  const at = new Date(run.now());
  const meter = new ProgressMeter(run.now, run.total);
  const asOf = (rows: number, status: ImportStatus) => asOfText({ at, query: run.description, rows, total: run.total, status });
  let rows = 0;
  let invalidRecords = 0;
  let outcome: Pick<ImportOutcome, "status" | "error"> = { status: "complete" };
  // Our own controller, so the page being fetched ahead stops when we stop for any reason.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  await sink.begin(headerRow(columns), columns.map((c) => c.numberFormat), asOf(0, "running"));
  try {
    const pages = pageCompanies(run.product, run.request, { pageSize: run.pageSize ?? IMPORT_PAGE_SIZE, signal: stop.signal, onWait: run.onWait });
    let next = pages.next();
    for (;;) {
      const page = await next;
      if (page.done) break;
      // Fetch the next page while this one is written.
      next = pages.next();
      next.catch(() => undefined);
      const batch = page.value.items.map((item) => recordRow(item, columns));
      invalidRecords += page.value.items.filter((item) => "invalid" in item).length;
      for (const chunk of planChunks(batch, run.chunkLimits ?? DEFAULT_CHUNK_LIMITS)) {
        if (stop.signal.aborted) throw new AbortedError("product");
        await sink.append(batch.slice(chunk.start, chunk.end), asOf(rows + chunk.end - chunk.start, "running"));
        rows += chunk.end - chunk.start;
        run.onProgress?.(meter.update(rows));
      }
    }
  } catch (error) {
    outcome = isCancel(error, signal) ? { status: "cancelled" } : { status: "failed", error };
  } finally {
    stop.abort();
    signal?.removeEventListener("abort", onAbort);
  }
  await sink.finish(asOf(rows, outcome.status), rows);
  return { ...outcome, rows, invalidRecords, at, ...(run.total !== undefined ? { total: run.total } : {}) };
}
