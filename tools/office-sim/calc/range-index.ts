/**
 * A spatial index of ranges, to answer "which formulas read (or write) this region?" without
 * scanning every formula: each range is filed under the 64-row blocks of each column it covers;
 * ranges too big for that (whole columns, wide areas) are kept in a short list checked every time.
 */
import { MAX_ROWS, type RangeRef } from "../model/address";

const BLOCK_ROWS = 64;
const BLOCKS_PER_COLUMN = Math.ceil(MAX_ROWS / BLOCK_ROWS);
const MAX_BUCKETS_PER_RANGE = 512;
const MAX_BUCKETS_PER_QUERY = 4096;

interface Entry<T> {
  item: T;
  sheetId: string;
  range: RangeRef;
  large: boolean;
}

function bucketCount(range: RangeRef): number {
  const blocks = Math.floor(range.r1 / BLOCK_ROWS) - Math.floor(range.r0 / BLOCK_ROWS) + 1;
  return blocks * (range.c1 - range.c0 + 1);
}

/** The bucket keys a range covers (plain loops: this is the engine's hottest path). */
function bucketKeys(range: RangeRef): number[] {
  const keys: number[] = [];
  const b0 = Math.floor(range.r0 / BLOCK_ROWS);
  const b1 = Math.floor(range.r1 / BLOCK_ROWS);
  for (let c = range.c0; c <= range.c1; c++) {
    for (let b = b0; b <= b1; b++) keys.push(c * BLOCKS_PER_COLUMN + b);
  }
  return keys;
}

export class RangeIndex<T> {
  private readonly buckets = new Map<string, Map<number, Set<Entry<T>>>>();
  private readonly large = new Map<string, Set<Entry<T>>>();
  private readonly byItem = new Map<T, Entry<T>[]>();

  add(item: T, sheetId: string, range: RangeRef): void {
    const entry: Entry<T> = { item, sheetId, range, large: bucketCount(range) > MAX_BUCKETS_PER_RANGE };
    const list = this.byItem.get(item) ?? [];
    list.push(entry);
    this.byItem.set(item, list);
    if (entry.large) {
      const set = this.large.get(sheetId) ?? new Set();
      set.add(entry);
      this.large.set(sheetId, set);
      return;
    }
    let sheetBuckets = this.buckets.get(sheetId);
    if (!sheetBuckets) this.buckets.set(sheetId, (sheetBuckets = new Map()));
    for (const key of bucketKeys(range)) {
      let bucket = sheetBuckets.get(key);
      if (!bucket) sheetBuckets.set(key, (bucket = new Set()));
      bucket.add(entry);
    }
  }

  remove(item: T): void {
    for (const entry of this.byItem.get(item) ?? []) {
      if (entry.large) {
        this.large.get(entry.sheetId)?.delete(entry);
        continue;
      }
      const sheetBuckets = this.buckets.get(entry.sheetId);
      for (const key of bucketKeys(entry.range)) {
        const bucket = sheetBuckets?.get(key);
        bucket?.delete(entry);
        if (bucket?.size === 0) sheetBuckets!.delete(key);
      }
    }
    this.byItem.delete(item);
  }

  /** Items with a range on this sheet that intersects the given range. */
  query(sheetId: string, range: RangeRef): Set<T> {
    const found = new Set<T>();
    const visit = (entries: Iterable<Entry<T>>) => {
      for (const entry of entries) {
        const r = entry.range;
        if (r.r0 <= range.r1 && range.r0 <= r.r1 && r.c0 <= range.c1 && range.c0 <= r.c1 && entry.sheetId === sheetId)
          found.add(entry.item);
      }
    };
    const large = this.large.get(sheetId);
    if (large) visit(large);
    if (bucketCount(range) > MAX_BUCKETS_PER_QUERY) {
      for (const entries of this.byItem.values()) visit(entries);
      return found;
    }
    const sheetBuckets = this.buckets.get(sheetId);
    if (!sheetBuckets) return found;
    for (const key of bucketKeys(range)) {
      const bucket = sheetBuckets.get(key);
      if (bucket) visit(bucket);
    }
    return found;
  }
}
