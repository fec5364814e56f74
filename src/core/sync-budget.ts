/**
 * Every read and write of cells is sized in bytes, not cells. Excel on the web refuses a request or
 * a response over 5 MB (API-FACTS), and Office.js carries a range's values as JSON, so what counts
 * is the UTF-8 bytes of that JSON: a column of 200-character texts is forty times a column of
 * numbers. A write is measured before it is sent (planSlices); a read cannot be, so SliceSizer sizes
 * each slice from what the slices before it measured, starting small, and halves a slice the host
 * still refused. Each sync aims at SYNC_BUDGET_BYTES each way, well inside the limit.
 */

/** API-FACTS: Excel on the web's limit on one request, and on one response, between the add-in and Excel. */
export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** INFERRED (ours): what one sync aims at each way, 40 % of the limit (the rest for the request's own framing and a slice that runs long). */
export const SYNC_BUDGET_BYTES = 2_000_000;

/** INFERRED (ours): what Office.js adds to a request for one operation besides its data (the object's path, the action). */
export const OPERATION_BYTES = 200;

/** INFERRED (ours): what a cell is guessed to cost before anything was measured; a 200-character text is about 205. */
export const FIRST_GUESS_BYTES_PER_CELL = 256;

/** INFERRED (ours): a read slice grows at most this many times over the last, so one short slice cannot size a huge one. */
const MOST_GROWTH = 4;

/** INFERRED (ours): cells one read takes at most, however short they measured, so a run of long cells after short ones costs few refusals. */
export const MOST_CELLS_PER_READ = 200_000;

/** INFERRED (ours): a refused slice is followed by one this many times smaller (the cells just grew longer, by an unknown factor). */
const AFTER_REFUSAL = 8;

/** UTF-8 length of a string without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes of JSON.stringify(text): the quotes, escapes (\" \\ \n, \u00XX), UTF-8 for the rest. */
function jsonStringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 2;
    else if (code < 0x20) bytes += code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** UTF-8 bytes of JSON.stringify(value), counted without building the JSON (cell values, rows of them, cards). */
export function jsonBytes(value: unknown): number {
  switch (typeof value) {
    case "string":
      return jsonStringBytes(value);
    case "number":
      return Number.isFinite(value) ? String(value).length : 4;
    case "boolean":
      return value ? 4 : 5;
    case "object": {
      if (value === null) return 4;
      if (Array.isArray(value)) {
        let bytes = 2 + Math.max(0, value.length - 1);
        for (const item of value) bytes += item === undefined || typeof item === "function" ? 4 : jsonBytes(item);
        return bytes;
      }
      let bytes = 2;
      let first = true;
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined || typeof item === "function") continue;
        bytes += (first ? 0 : 1) + jsonStringBytes(key) + 1 + jsonBytes(item);
        first = false;
      }
      return bytes;
    }
    default:
      return 0;
  }
}

export interface SliceLimits {
  /** Bytes one sync carries at most (what is written, or what is read back). */
  maxBytes: number;
  /** Items one sync carries at most, so each sync stays short and Excel gets its turn between them. */
  maxItems: number;
}

export interface Slice {
  /** Index of the first item. */
  start: number;
  /** One past the last. */
  end: number;
  bytes: number;
}

/**
 * Consecutive slices covering every item of a write, each under the limits by measure (an item
 * larger than maxBytes still gets a slice of its own).
 */
export function planSlices(
  count: number,
  bytesOf: (index: number) => number,
  limits: SliceLimits = { maxBytes: SYNC_BUDGET_BYTES, maxItems: Number.POSITIVE_INFINITY },
): Slice[] {
  const slices: Slice[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const size = bytesOf(i) + 1;
    if (i > start && (bytes + size > limits.maxBytes || i - start >= limits.maxItems)) {
      slices.push({ start, end: i, bytes });
      start = i;
      bytes = 0;
    }
    bytes += size;
  }
  if (count > start) slices.push({ start, end: count, bytes });
  return slices;
}

/**
 * Sizes the slices of a read whose answers cannot be measured before they come: the first from a
 * cautious guess, each next one from the costliest rows seen lately (a slice of short rows after
 * long ones grows back slowly, at most MOST_GROWTH times, and never past MOST_CELLS_PER_READ), and
 * an eighth of a slice the host refused.
 */
export class SliceSizer {
  private rows: number;
  /** Bytes a row is taken to cost: the largest lately measured, halving each slice it is not seen again. */
  private rowBytes: number | undefined;

  private readonly maxRows: number;

  constructor(
    /** Cells in one row of what is read, counting each property loaded. */
    cellsPerRow: number,
    private readonly budget = SYNC_BUDGET_BYTES,
  ) {
    this.maxRows = Math.max(1, Math.floor(MOST_CELLS_PER_READ / Math.max(1, cellsPerRow)));
    this.rows = this.clamp(budget / (Math.max(1, cellsPerRow) * FIRST_GUESS_BYTES_PER_CELL));
  }

  /** Rows the next slice should take. */
  next(): number {
    return this.rows;
  }

  /** A slice of `rows` rows answered `bytes`. */
  measured(rows: number, bytes: number): void {
    const perRow = bytes / Math.max(1, rows);
    this.rowBytes = this.rowBytes === undefined ? perRow : Math.max(perRow, this.rowBytes / 2);
    this.rows = this.clamp(Math.min(this.budget / Math.max(1, this.rowBytes), rows * MOST_GROWTH));
  }

  /** The host refused a slice of `rows` rows as too large: the next takes an eighth. */
  refused(rows: number): void {
    this.rows = this.clamp(rows / AFTER_REFUSAL);
    this.rowBytes = Math.max(this.rowBytes ?? 0, PAYLOAD_LIMIT_BYTES / Math.max(1, rows));
  }

  private clamp(rows: number): number {
    return Math.max(1, Math.min(this.maxRows, Math.floor(rows)));
  }
}

/** Office.js's codes for a request or a response over the payload limit. */
export function isPayloadTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "RequestPayloadSizeLimitExceeded" || code === "ResponsePayloadSizeLimitExceeded";
}
