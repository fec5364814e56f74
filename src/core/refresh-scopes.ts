/**
 * Values change only when the user refreshes. A refresh (workbook, sheet, selection or table)
 * records a scope and the moment it was asked for; when a cell inside a scope recalculates, any
 * cached value fetched before that moment is fetched again. Cells outside keep their values, so
 * refreshing one sheet never changes numbers on another. "Older than" applies to every cell but
 * with an earlier moment, its cutoff: values fetched since then keep answering from the cache.
 */
import { parseAddress, rangeContains, type RangeRef } from "./address";

/** One stored answer, as a refresh scope names it: its store (answers.ts) and key. */
export const answerId = (store: string, key: string): string => `${store}\u0000${key}`;

/**
 * Cells of a spilled table selected without the formula's cell that spills it (scope-answers.ts
 * finds them): the answers those cells read, which that formula fetches again when it recalculates;
 * the table's other cells keep their stored answers. Without `answers`, every answer of the
 * formula (the selected cells' answers cannot be told apart from the rest).
 */
export interface SpillPart {
  /** The formula's cell, `Sheet1!B2`. */
  anchor: string;
  answers?: readonly string[];
}

export type RefreshScope =
  | { kind: "workbook" }
  | { kind: "sheet"; sheet: string }
  | { kind: "ranges"; addresses: readonly string[]; spills?: readonly SpillPart[] }
  /** Every value fetched before `cutoff` (a time in ms), wherever its cell is. */
  | { kind: "olderThan"; cutoff: number };

interface RecordedScope {
  /** Values fetched before this are fetched again. */
  since: number;
  /**
   * When the refresh was asked for; the lifetime counts from here. An "older than" scope's
   * `since` lies days back, so pruning by it would drop the scope before any cell recalculated.
   */
  recordedAt: number;
  covers(cell: RangeRef | undefined, answer?: string): boolean;
}

/** How long a refresh keeps forcing fresh fetches: long enough for a large sheet to recalculate. */
export const REFRESH_SCOPE_LIFETIME_MS = 30 * 60_000;

export class RefreshScopes {
  private scopes: RecordedScope[] = [];

  constructor(private readonly now: () => number) {}

  record(scope: RefreshScope): void {
    const recordedAt = this.now();
    this.prune(recordedAt);
    // A cutoff after the refresh would make every value fetched by it stale again until the scope
    // expires, so each recalculation in that time would fetch once more.
    const since = scope.kind === "olderThan" ? Math.min(scope.cutoff, recordedAt) : recordedAt;
    this.scopes.push({ since, recordedAt, covers: coverage(scope) });
  }

  /** Ends every refresh in progress (undoing a refresh): cells read what is stored again. */
  clear(): void {
    this.scopes = [];
  }

  /** Whether any refresh is in progress: without one, nothing needs its answer's id built. */
  get active(): boolean {
    return this.scopes.length > 0;
  }

  /** The latest refresh time that applies to `answer` (answerId) read by the cell at `address` (0 when none). */
  freshAfter(address: string | undefined, answer?: string): number {
    // Warm recalculations ask this for every cell; most of the time there is no scope to test.
    if (this.scopes.length === 0) return 0;
    const cell = address ? parseAddress(address) : undefined;
    let latest = 0;
    for (const scope of this.scopes) if (scope.since > latest && scope.covers(cell, answer)) latest = scope.since;
    return latest;
  }

  private prune(now: number): void {
    this.scopes = this.scopes.filter((scope) => now - scope.recordedAt < REFRESH_SCOPE_LIFETIME_MS);
  }
}

const cellKey = (cell: RangeRef) => `${cell.sheet.toLowerCase()}!${cell.firstRow},${cell.firstColumn}`;

/**
 * Whether a scope covers a cell (or range): the rule a refresh applies, for estimates to use too.
 * With `answer`, whether that answer read by the cell is covered (a spilled table selected in
 * part: its formula's cell, for the answers of the selected cells); without, whether all it reads is.
 */
export function coverage(scope: RefreshScope): (cell: RangeRef | undefined, answer?: string) => boolean {
  switch (scope.kind) {
    case "workbook":
    case "olderThan":
      return () => true;
    case "sheet": {
      const sheet = scope.sheet.toLowerCase();
      return (cell) => cell !== undefined && cell.sheet.toLowerCase() === sheet;
    }
    case "ranges": {
      const ranges = scope.addresses.map(parseAddress).filter((r): r is RangeRef => r !== undefined);
      const parts = new Map<string, ReadonlySet<string> | "all">();
      for (const part of scope.spills ?? []) {
        const anchor = parseAddress(part.anchor);
        if (anchor) parts.set(cellKey(anchor), part.answers ? new Set(part.answers) : "all");
      }
      return (cell, answer) => {
        if (cell === undefined) return false;
        if (ranges.some((range) => rangeContains(range, cell))) return true;
        const part = parts.size > 0 ? parts.get(cellKey(cell)) : undefined;
        return part === "all" || (part !== undefined && answer !== undefined && part.has(answer));
      };
    }
  }
}
