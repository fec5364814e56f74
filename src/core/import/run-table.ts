/**
 * One run of a table source (an import, or the refresh of an imported table): page through the
 * source, hand rows to a sink in chunks Excel accepts, report progress. Cancelling stops cleanly:
 * what arrived stays, and the as-of line says how far it got. Knows nothing of Excel; the host's
 * writer is the sink.
 */
import { AbortedError } from "@ukco/api/http/errors";
import type { CallOptions } from "@ukco/api/http/types";
import { planChunks, DEFAULT_CHUNK_LIMITS, type ChunkLimits } from "./chunks";
import type { SheetValue } from "./columns";
import { ProgressMeter, type Progress } from "./progress";
import type { PreparedTable } from "./sources/types";
import { asOfText, type ImportStatus } from "./table-layout";

/**
 * Pages a source may have in flight while one is written: the next two. One hides the round trip
 * and the service's time to build a page behind the write; the second covers a slow page or
 * added latency. More buys little once the fetch keeps ahead of Excel, and costs page heap: each
 * page of 1,000 full records is about 10 MB of JSON, held parsed until its turn (the target is an
 * import under 250 MB of heap). The product governor's own limits (6 in flight, 200 a minute,
 * shared with formulas) still apply to every one of them.
 */
export const PAGES_IN_FLIGHT = 2;

/** Where the rows go (the host's Excel writer; a memory sink in tests). */
export interface TableSink {
  /** Before any row: the header, each column's number format, and the as-of line. */
  begin(header: SheetValue[], numberFormats: (string | undefined)[], asOf: string): Promise<void>;
  /** One chunk of rows, below the rows already written, and the as-of line as it now stands. */
  append(rows: SheetValue[][], asOf: string): Promise<void>;
  /** Whatever happened: size the table to the rows written and set the final as-of line. */
  finish(asOf: string, rows: number): Promise<void>;
}

export interface TableRun {
  prepared: PreparedTable;
  sink: TableSink;
  now: () => number;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  onWait?: CallOptions["onWait"];
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

export async function runTable(run: TableRun): Promise<ImportOutcome> {
  const { sink, signal, prepared } = run;
  const total = prepared.total;
  const at = new Date(run.now());
  const meter = new ProgressMeter(run.now, total);
  const asOf = (rows: number, status: ImportStatus) =>
    asOfText({
      at,
      query: prepared.description,
      rows,
      total,
      status,
      dataLabel: prepared.dataLabel,
      rowNoun: prepared.rowNoun,
    });
  let rows = 0;
  let invalidRecords = 0;
  let outcome: Pick<ImportOutcome, "status" | "error"> = { status: "complete" };
  // Our own controller, so the page being fetched ahead stops when we stop for any reason.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  await sink.begin(prepared.header, prepared.numberFormats, asOf(0, "running"));
  try {
    const pages = prepared.pages({
      signal: stop.signal,
      onWait: run.onWait,
      inFlight: PAGES_IN_FLIGHT,
      ...(total !== undefined ? { total } : {}),
    });
    let next = pages.next();
    for (;;) {
      const page = await next;
      if (page.done) break;
      // Resume the pager now, so it asks for its next pages while this one is written.
      next = pages.next();
      next.catch(() => undefined);
      const batch = page.value.rows;
      invalidRecords += page.value.invalid;
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
  return { ...outcome, rows, invalidRecords, at, ...(total !== undefined ? { total } : {}) };
}
