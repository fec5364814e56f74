import { hashString } from "./prng";

/**
 * A compact string-key → company-index multimap: open hash buckets of int32 chains, about 12 bytes a
 * company, instead of a Map holding a million key strings. Keys are not stored; `keyOf` recomputes a
 * company's key to confirm a hit, so collisions never leak.
 */
export class StringIndex {
  private readonly heads: Int32Array;
  private readonly next: Int32Array;
  private readonly mask: number;

  constructor(
    capacity: number,
    private keyOf: (index: number) => string | null,
  ) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.heads = new Int32Array(size).fill(-1);
    this.next = new Int32Array(Math.max(capacity, 1)).fill(-1);
    this.mask = size - 1;
  }

  /** Swaps how keys are recomputed (the generator checks against cached keys, then drops them). */
  setKeyOf(keyOf: (index: number) => string | null): void {
    this.keyOf = keyOf;
  }

  add(index: number, key: string): void {
    const b = hashString(key) & this.mask;
    this.next[index] = this.heads[b] ?? -1;
    this.heads[b] = index;
  }

  /** Unlinks `index` from the chain of the key it was added under. */
  remove(index: number, oldKey: string): void {
    const b = hashString(oldKey) & this.mask;
    let prev = -1;
    let cur = this.heads[b] ?? -1;
    while (cur !== -1) {
      if (cur === index) {
        const after = this.next[cur] ?? -1;
        if (prev === -1) this.heads[b] = after;
        else this.next[prev] = after;
        return;
      }
      prev = cur;
      cur = this.next[cur] ?? -1;
    }
  }

  /** Every index whose current key equals `key`, most recently added first. */
  find(key: string): number[] {
    const out: number[] = [];
    let cur = this.heads[hashString(key) & this.mask] ?? -1;
    while (cur !== -1) {
      if (this.keyOf(cur) === key) out.push(cur);
      cur = this.next[cur] ?? -1;
    }
    return out;
  }

  has(key: string): boolean {
    return this.find(key).length > 0;
  }
}
