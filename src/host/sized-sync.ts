/**
 * The host's side of sizing syncs in bytes (core/sync-budget.ts). Every read and write of many cells
 * goes through these two: a read of a block takes a slice of rows per sync, each sized from what
 * the slices before it answered (and half of one Excel refused as too large, which a read may
 * simply ask again); a write is cut into slices measured before they are sent.
 */
import {
  isPayloadTooLarge,
  jsonBytes,
  OPERATION_BYTES,
  planSlices,
  SliceSizer,
  SYNC_BUDGET_BYTES,
  type SliceLimits,
} from "@ukco/core/sync-budget";
import type { DataTypeProperty } from "./capabilities";

/** What a read may load of each cell; a cell's data type only where the host has it (capabilities.ts, readDataTypes). */
export type CellProperty = "values" | "formulas" | "valueTypes" | "numberFormat" | DataTypeProperty;

export interface CellBlock {
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

/** The rows of a block of `sheet`, by property, read a slice at a time, each slice's answer under the budget. */
export async function readBlock<P extends CellProperty>(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  block: CellBlock,
  properties: readonly P[],
): Promise<Record<P, unknown[][]>> {
  const read = Object.fromEntries(properties.map((p) => [p, [] as unknown[][]])) as Record<P, unknown[][]>;
  const sizer = new SliceSizer(block.columnCount * properties.length);
  for (let start = 0; start < block.rowCount;) {
    const rows = Math.min(sizer.next(), block.rowCount - start);
    const part = sheet.getRangeByIndexes(block.rowIndex + start, block.columnIndex, rows, block.columnCount);
    part.load([...properties]);
    try {
      await context.sync();
    } catch (error) {
      // Nothing was changed by a read: a slice Excel found too large is asked again, smaller.
      if (!isPayloadTooLarge(error) || rows === 1) throw error;
      sizer.refused(rows);
      continue;
    }
    let bytes = 0;
    for (const p of properties) {
      const grid = part[p] as unknown[][];
      bytes += jsonBytes(grid);
      for (const row of grid) read[p].push(row);
    }
    sizer.measured(rows, bytes);
    start += rows;
  }
  return read;
}

/**
 * Writes `count` items (rows, formulas, parts) in slices whose requests are measured before they
 * are sent: `bytesOf(i)` is what item i adds to a request, `write(start, end)` queues items
 * start…end-1, and each slice is one sync. Returns the number of syncs.
 */
export async function writeSlices(
  context: Excel.RequestContext,
  count: number,
  bytesOf: (index: number) => number,
  write: (start: number, end: number) => void,
  limits: SliceLimits = { maxBytes: SYNC_BUDGET_BYTES, maxItems: Number.POSITIVE_INFINITY },
): Promise<number> {
  const slices = planSlices(count, bytesOf, limits);
  for (const { start, end } of slices) {
    write(start, end);
    await context.sync();
  }
  return slices.length;
}

/** What a grid written to a range sets: its values, its formulas or its number formats (null leaves a cell as it is). */
export type WrittenProperty = "values" | "formulas" | "numberFormat";

/**
 * Writes a grid of cells whose top-left cell is (row, column) of `sheet`, a slice of rows per sync,
 * each slice's request measured before it is sent.
 */
export async function writeGrid(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  at: { row: number; column: number },
  property: WrittenProperty,
  grid: readonly (readonly unknown[])[],
): Promise<number> {
  const width = grid[0]?.length ?? 0;
  if (width === 0) return 0;
  return writeSlices(
    context,
    grid.length,
    (r) => jsonBytes(grid[r]),
    (start, end) => {
      const range = sheet.getRangeByIndexes(at.row + start, at.column, end - start, width);
      range[property] = grid.slice(start, end) as unknown[][];
    },
    { maxBytes: SYNC_BUDGET_BYTES - OPERATION_BYTES, maxItems: Number.POSITIVE_INFINITY },
  );
}
