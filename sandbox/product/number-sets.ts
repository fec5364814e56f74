import { randomBytes } from "node:crypto";

/**
 * Uploaded company-number sets (`POST /v2/companies/number-sets`, CONTRACT-CHOICES): held in memory
 * and forgotten after the configured time to live (24 h by default, as the real service).
 */

export interface NumberSet {
  readonly id: string;
  readonly indices: Int32Array;
  /** Numbers uploaded, known or not. */
  readonly count: number;
  readonly expiresAt: number;
}

export class NumberSets {
  private readonly sets = new Map<string, NumberSet>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  create(indices: Int32Array, count: number): NumberSet {
    const set = { id: `cns_${randomBytes(9).toString("hex")}`, indices, count, expiresAt: this.now() + this.ttlMs };
    this.sets.set(set.id, set);
    return set;
  }

  /** The live set, or undefined when unknown or expired (expired sets are dropped). */
  get(id: string): NumberSet | undefined {
    const set = this.sets.get(id);
    if (set && set.expiresAt <= this.now()) {
      this.sets.delete(id);
      return undefined;
    }
    return set;
  }

  clear(): void {
    this.sets.clear();
  }
}
