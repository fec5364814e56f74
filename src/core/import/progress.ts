/**
 * Progress of a long import: rows so far, rows a second over the recent past (so a slow start or a
 * rate-limit pause does not skew the estimate for ever), and the time left.
 */

export interface Progress {
  rows: number;
  total?: number;
  /** 0–1 when the total is known. */
  fraction?: number;
  rowsPerSecond?: number;
  /** Estimated time left; undefined until there is a rate to go by. */
  remainingMs?: number;
  elapsedMs: number;
}

/** INFERRED (ours): the rate is measured over the last 15 seconds. */
export const RATE_WINDOW_MS = 15_000;

export class ProgressMeter {
  private readonly samples: { at: number; rows: number }[] = [];
  private readonly started: number;
  private rows = 0;

  constructor(
    private readonly now: () => number,
    private total?: number,
  ) {
    this.started = now();
    this.samples.push({ at: this.started, rows: 0 });
  }

  setTotal(total: number | undefined): void {
    this.total = total;
  }

  update(rows: number): Progress {
    this.rows = rows;
    const at = this.now();
    this.samples.push({ at, rows });
    while (this.samples.length > 2 && this.samples[1]!.at <= at - RATE_WINDOW_MS) this.samples.shift();
    return this.snapshot();
  }

  snapshot(): Progress {
    const at = this.now();
    const first = this.samples[0]!;
    const seconds = (at - first.at) / 1000;
    const rowsPerSecond = seconds > 0 && this.rows > first.rows ? (this.rows - first.rows) / seconds : undefined;
    const total = this.total;
    const progress: Progress = { rows: this.rows, elapsedMs: at - this.started };
    if (total !== undefined) {
      progress.total = total;
      progress.fraction = total > 0 ? Math.min(1, this.rows / total) : 1;
    }
    if (rowsPerSecond !== undefined) {
      progress.rowsPerSecond = rowsPerSecond;
      if (total !== undefined) progress.remainingMs = (Math.max(0, total - this.rows) / rowsPerSecond) * 1000;
    }
    return progress;
  }
}

/** "about 40 s", "about 3 min", "about 1 h 20 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `about ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "12,000 of 50,000 rows · 850 rows/s · about 45 s left" */
export function describeProgress(progress: Progress): string {
  const rows = progress.rows.toLocaleString("en-GB");
  const parts = [
    progress.total !== undefined ? `${rows} of ${progress.total.toLocaleString("en-GB")} rows` : `${rows} rows`,
  ];
  if (progress.rowsPerSecond !== undefined)
    parts.push(`${Math.round(progress.rowsPerSecond).toLocaleString("en-GB")} rows/s`);
  if (progress.remainingMs !== undefined && progress.rows < (progress.total ?? Infinity))
    parts.push(`${formatDuration(progress.remainingMs)} left`);
  return parts.join(" · ");
}
