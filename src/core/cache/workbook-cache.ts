/**
 * The memory tier: what this workbook's formulas have asked for, answered without the network.
 * Companies keep the raw values at the field paths formulas read (that is what the workbook store
 * saves), plus the full record of the most recently fetched companies, so a new field of a known
 * company needs no request. Matches and classifications keep what their functions show.
 */
import { readPath, resolveFieldPath, type PathStep } from "../field-path";
import {
  emptySnapshot,
  SNAPSHOT_VERSION,
  type CompanySnapshot,
  type Snapshot,
  type StoredClassification,
  type StoredGroupRow,
  type StoredMatch,
} from "./snapshot";

export interface Timed<T> {
  t: number;
  r: T;
}

export type FieldLookup =
  | { state: "hit"; value: unknown; entry: CompanySnapshot }
  | { state: "not-found"; entry: CompanySnapshot }
  | { state: "miss" };

export interface CacheStats {
  companies: number;
  matches: number;
  classifications: number;
  groups: number;
  websites: number;
  marketCompanies: number;
  /** Size of the saved store, in bytes of JSON. */
  bytes: number;
  /** Oldest fetch time of anything held, or undefined when empty. */
  oldestFetchedAt: number | undefined;
}

/** Full records kept in memory; beyond this, only the read field values are kept. */
export const DEFAULT_MAX_FULL_RECORDS = 2000;

export class WorkbookCache {
  private companies = new Map<string, CompanySnapshot>();
  private records = new Map<string, Record<string, unknown>>();
  private matches = new Map<string, Timed<StoredMatch>>();
  private classifications = new Map<string, Timed<StoredClassification>>();
  private groups = new Map<string, Timed<StoredGroupRow[]>>();
  private websites = new Map<string, Timed<string | null>>();
  private marketCompanies = new Map<string, Timed<Record<string, unknown> | null>>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly maxFullRecords = DEFAULT_MAX_FULL_RECORDS) {}

  /** Called after every change, so the store can be saved. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** The cached value at `path` for a company fetched after `freshAfter`, or why there is none. */
  lookupField(number: string, pathText: string, steps: readonly PathStep[], freshAfter: number): FieldLookup {
    const entry = this.companies.get(number);
    if (!entry || entry.t < freshAfter) return { state: "miss" };
    if (entry.nf) return { state: "not-found", entry };
    if (pathText in entry.f) return { state: "hit", value: entry.f[pathText], entry };
    const record = this.records.get(number);
    if (!record) return { state: "miss" };
    const value = readPath(record, steps) ?? null;
    entry.f[pathText] = value;
    this.changed();
    return { state: "hit", value, entry };
  }

  /** Stores a fetched record (or that the company does not exist); known field paths are re-read from it. */
  putCompany(
    number: string,
    record: Record<string, unknown> | undefined,
    lackingScopes: readonly string[],
    fetchedAt: number,
  ): void {
    const previous = this.companies.get(number);
    const entry: CompanySnapshot = { t: fetchedAt, f: {} };
    if (!record) entry.nf = 1;
    if (lackingScopes.length) entry.l = [...lackingScopes];
    if (record && previous) {
      // Every field of a company comes from one fetch, so the cells of a row never mix two dates.
      for (const pathText of Object.keys(previous.f))
        entry.f[pathText] = readPath(record, resolveFieldPath(pathText).steps) ?? null;
    }
    this.companies.set(number, entry);
    if (record) {
      this.records.delete(number);
      this.records.set(number, record);
      if (this.records.size > this.maxFullRecords) this.records.delete(this.records.keys().next().value!);
    }
    this.changed();
  }

  /** The company's cached entry if fetched after `freshAfter`. */
  companyEntry(number: string, freshAfter: number): CompanySnapshot | undefined {
    const entry = this.companies.get(number);
    return entry && entry.t >= freshAfter ? entry : undefined;
  }

  /** The full record, when it is still in memory and fresh enough. */
  fullRecord(number: string, freshAfter: number): Record<string, unknown> | undefined {
    return this.companyEntry(number, freshAfter) ? this.records.get(number) : undefined;
  }

  match(key: string, freshAfter: number): StoredMatch | undefined {
    const hit = this.matches.get(key);
    return hit && hit.t >= freshAfter ? hit.r : undefined;
  }

  putMatch(key: string, match: StoredMatch, fetchedAt: number): void {
    this.matches.set(key, { t: fetchedAt, r: match });
    this.changed();
  }

  classification(key: string, freshAfter: number): StoredClassification | undefined {
    const hit = this.classifications.get(key);
    return hit && hit.t >= freshAfter ? hit.r : undefined;
  }

  putClassification(key: string, classification: StoredClassification, fetchedAt: number): void {
    this.classifications.set(key, { t: fetchedAt, r: classification });
    this.changed();
  }

  group(number: string, freshAfter: number): StoredGroupRow[] | undefined {
    const hit = this.groups.get(number);
    return hit && hit.t >= freshAfter ? hit.r : undefined;
  }

  putGroup(number: string, rows: StoredGroupRow[], fetchedAt: number): void {
    this.groups.set(number, { t: fetchedAt, r: rows });
    this.changed();
  }

  /** A website's company number (null: none), keyed by domain; undefined when not held or stale. */
  website(domain: string, freshAfter: number): Timed<string | null> | undefined {
    const hit = this.websites.get(domain);
    return hit && hit.t >= freshAfter ? hit : undefined;
  }

  putWebsite(domain: string, number: string | null, fetchedAt: number): void {
    this.websites.set(domain, { t: fetchedAt, r: number });
    this.changed();
  }

  marketCompany(key: string, freshAfter: number): Timed<Record<string, unknown> | null> | undefined {
    const hit = this.marketCompanies.get(key);
    return hit && hit.t >= freshAfter ? hit : undefined;
  }

  putMarketCompany(key: string, record: Record<string, unknown> | null, fetchedAt: number): void {
    this.marketCompanies.set(key, { t: fetchedAt, r: record });
    this.changed();
  }

  clear(): void {
    this.companies.clear();
    this.records.clear();
    this.matches.clear();
    this.classifications.clear();
    this.groups.clear();
    this.websites.clear();
    this.marketCompanies.clear();
    this.changed();
  }

  toSnapshot(now: number): Snapshot {
    return {
      v: SNAPSHOT_VERSION,
      savedAt: now,
      companies: Object.fromEntries(this.companies),
      matches: Object.fromEntries(this.matches),
      classifications: Object.fromEntries(this.classifications),
      groups: Object.fromEntries(this.groups),
      websites: Object.fromEntries(this.websites),
      market: Object.fromEntries(this.marketCompanies),
    };
  }

  /** Replaces the memory tier with a stored snapshot (a reopened workbook). */
  load(snapshot: Snapshot = emptySnapshot(0)): void {
    this.companies = new Map(Object.entries(snapshot.companies));
    this.records.clear();
    this.matches = new Map(Object.entries(snapshot.matches));
    this.classifications = new Map(Object.entries(snapshot.classifications));
    this.groups = new Map(Object.entries(snapshot.groups));
    this.websites = new Map(Object.entries(snapshot.websites));
    this.marketCompanies = new Map(Object.entries(snapshot.market));
  }

  stats(): CacheStats {
    let oldest: number | undefined;
    const consider = (t: number) => (oldest = oldest === undefined ? t : Math.min(oldest, t));
    for (const entry of this.companies.values()) consider(entry.t);
    for (const entry of this.matches.values()) consider(entry.t);
    for (const entry of this.classifications.values()) consider(entry.t);
    for (const entry of this.groups.values()) consider(entry.t);
    for (const entry of this.websites.values()) consider(entry.t);
    for (const entry of this.marketCompanies.values()) consider(entry.t);
    return {
      companies: this.companies.size,
      matches: this.matches.size,
      classifications: this.classifications.size,
      groups: this.groups.size,
      websites: this.websites.size,
      marketCompanies: this.marketCompanies.size,
      bytes: new TextEncoder().encode(JSON.stringify(this.toSnapshot(0))).length,
      oldestFetchedAt: oldest,
    };
  }
}
