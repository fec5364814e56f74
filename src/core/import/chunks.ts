/**
 * Splits rows into writes that Excel on the web accepts: each request carries at most about
 * 5 MB (API-FACTS), and Office.js sends a range's values as JSON. The size of each chunk is
 * measured on the values themselves (UTF-8 bytes of their JSON), not guessed from a row count.
 */
import type { SheetValue } from "./columns";

/** API-FACTS: Excel on the web's limit on one request between the add-in and Excel. */
export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export interface ChunkLimits {
  /** Bytes of values JSON per write; well under the limit, which also carries formats and operations. */
  maxBytes: number;
  /** Rows per write, so each sync stays short and the pane can yield to Excel between them. */
  maxRows: number;
}

/** INFERRED (ours): 40 % of the payload limit and 5,000 rows; bench/import.ts prints what they give. */
export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { maxBytes: 2_000_000, maxRows: 5_000 };

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

/** Bytes of `JSON.stringify(row)`, UTF-8 encoded. */
export function rowJsonBytes(row: readonly SheetValue[]): number {
  let bytes = 2 + Math.max(0, row.length - 1);
  for (const value of row) bytes += typeof value === "string" ? utf8Bytes(JSON.stringify(value)) : String(value).length;
  return bytes;
}

export interface Chunk {
  /** Index of the first row in the batch given to planChunks. */
  start: number;
  /** One past the last row. */
  end: number;
  bytes: number;
}

/** Consecutive chunks covering every row; a row larger than the budget still gets a chunk of its own. */
export function planChunks(
  rows: readonly (readonly SheetValue[])[],
  limits: ChunkLimits = DEFAULT_CHUNK_LIMITS,
): Chunk[] {
  const chunks: Chunk[] = [];
  // "[" and "]" plus a comma between rows: 1 + Σ(row + 1) for one or more rows.
  let start = 0;
  let bytes = 1;
  rows.forEach((row, i) => {
    const size = rowJsonBytes(row) + 1;
    const full = i > start && (bytes + size > limits.maxBytes || i - start >= limits.maxRows);
    if (full) {
      chunks.push({ start, end: i, bytes });
      start = i;
      bytes = 1;
    }
    bytes += size;
  });
  if (rows.length > start) chunks.push({ start, end: rows.length, bytes });
  return chunks;
}
