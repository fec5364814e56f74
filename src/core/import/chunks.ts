/**
 * Splits an import's rows into writes that Excel on the web accepts (core/sync-budget.ts): each
 * chunk is measured on its values themselves, UTF-8 bytes of their JSON, not guessed from a row
 * count, and holds at most maxRows rows so the pane can yield to Excel between writes.
 */
import type { SheetValue } from "./columns";
import { jsonBytes, planSlices, type Slice } from "../sync-budget";

export { PAYLOAD_LIMIT_BYTES, utf8Bytes } from "../sync-budget";

export interface ChunkLimits {
  /** Bytes of values JSON per write; well under the limit, which also carries formats and operations. */
  maxBytes: number;
  /** Rows per write, so each sync stays short and the pane can yield to Excel between them. */
  maxRows: number;
}

/** INFERRED (ours): 40 % of the payload limit and 5,000 rows; bench/import.ts prints what they give. */
export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { maxBytes: 2_000_000, maxRows: 5_000 };

/** Bytes of `JSON.stringify(row)`, UTF-8 encoded. */
export function rowJsonBytes(row: readonly SheetValue[]): number {
  return jsonBytes(row);
}

export type Chunk = Slice;

/** Consecutive chunks covering every row; a row larger than the budget still gets a chunk of its own. */
export function planChunks(
  rows: readonly (readonly SheetValue[])[],
  limits: ChunkLimits = DEFAULT_CHUNK_LIMITS,
): Chunk[] {
  // "[" and "]" around the rows: the slices count each row and the comma after it.
  return planSlices(rows.length, (i) => rowJsonBytes(rows[i]!), {
    maxBytes: limits.maxBytes - 1,
    maxItems: limits.maxRows,
  }).map((slice) => ({ ...slice, bytes: slice.bytes + 1 }));
}
