/** What the Excel proxies count per context.sync(), so tests can assert chunked writes. */
export interface SyncRecord {
  requestBytes: number;
  responseBytes: number;
  operations: number;
  /** Time the simulated Excel spent applying the operations (in Excel, the host's own process does this). */
  hostMs?: number;
  failed?: string;
}

export class SyncStats {
  /** Round trips: syncs that carried at least one operation (an empty sync costs nothing in Office.js). */
  syncs = 0;
  requestBytes = 0;
  responseBytes = 0;
  largestRequestBytes = 0;
  largestResponseBytes = 0;
  /** Time the simulated Excel spent applying every sync's operations, in the page's own thread. */
  hostMs = 0;
  /** Time the simulated Excel spent drawing its window (grid, formula bar, status), in the page's own thread. */
  drawMs = 0;
  /** The most recent round trips, newest last (bounded so long benchmarks do not grow it without end). */
  readonly recent: SyncRecord[] = [];

  record(entry: SyncRecord): void {
    this.syncs++;
    this.requestBytes += entry.requestBytes;
    this.responseBytes += entry.responseBytes;
    this.largestRequestBytes = Math.max(this.largestRequestBytes, entry.requestBytes);
    this.largestResponseBytes = Math.max(this.largestResponseBytes, entry.responseBytes);
    this.hostMs += entry.hostMs ?? 0;
    this.recent.push(entry);
    if (this.recent.length > 1000) this.recent.shift();
  }

  reset(): void {
    Object.assign(this, {
      syncs: 0,
      requestBytes: 0,
      responseBytes: 0,
      largestRequestBytes: 0,
      largestResponseBytes: 0,
      hostMs: 0,
      drawMs: 0,
    });
    this.recent.length = 0;
  }
}
