/**
 * The memory tier: what this workbook's formulas have asked for, answered without the network.
 * Companies keep the raw values at the field paths formulas read (that is what the workbook store
 * saves), plus the full record of the most recently fetched companies, so a new field of a known
 * company needs no request. Every other kind of answer (answers.ts) keeps what its function shows,
 * in one map per kind, with the time it was fetched.
 */
import type { RawCompany } from "../../api/product/lazy-company";
import { readCompanyPath, resolveFieldPath, type PathStep } from "../field-path";
import {
  emptyStore,
  type AnswerShapes,
  type CompanySnapshot,
  type StoreContents,
  type StoreSource,
  type Timed,
} from "./snapshot";

/** A cached answer and when it was fetched. */
export interface CachedAnswer<T> {
  value: T;
  fetchedAt: number;
}

export type FieldLookup =
  | { state: "hit"; value: unknown; entry: CompanySnapshot }
  | { state: "not-found"; entry: CompanySnapshot }
  /** The service sent this field in a shape the record schema refuses; `problem` says where and how. */
  | { state: "unreadable"; problem: string; entry: CompanySnapshot }
  | { state: "miss" };

export interface CacheStats {
  companies: number;
  /** Answers held per kind, by store name. */
  answers: Record<string, number>;
  /** Size of the saved store, in bytes of JSON. */
  bytes: number;
  /** Oldest fetch time of anything held, or undefined when empty. */
  oldestFetchedAt: number | undefined;
}

/** When each thing held was fetched: companies apart, other answers by store name. */
export interface FetchTimes {
  companies: number[];
  answers: Record<string, number[]>;
}

/** Full records kept in memory; beyond this, only the read field values are kept. */
export const DEFAULT_MAX_FULL_RECORDS = 2000;

export class WorkbookCache {
  private companies = new Map<string, CompanySnapshot>();
  private records = new Map<string, RawCompany>();
  private answers = new Map<string, Map<string, Timed<unknown>>>();
  /** Answers fetched in this session (not read from the workbook's store), as `store\0key`. */
  private fetched = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(
    /** How each kind of answer is stored, by store name (answers.ts). */
    readonly shapes: AnswerShapes,
    private readonly maxFullRecords = DEFAULT_MAX_FULL_RECORDS,
  ) {
    this.load();
  }

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
    // An unreadable field is not stored: the store keeps only values the service sent readably.
    const read = readCompanyPath(record, steps);
    if (!read.ok) return { state: "unreadable", problem: read.problem, entry };
    const value = read.value ?? null;
    entry.f[pathText] = value;
    this.changed();
    return { state: "hit", value, entry };
  }

  /** Stores a fetched record (or that the company does not exist); known field paths are re-read from it. */
  putCompany(
    number: string,
    record: RawCompany | undefined,
    lackingScopes: readonly string[],
    fetchedAt: number,
  ): void {
    const previous = this.companies.get(number);
    const entry: CompanySnapshot = { t: fetchedAt, f: {} };
    if (!record) entry.nf = 1;
    if (lackingScopes.length) entry.l = [...lackingScopes];
    if (record && previous) {
      // Every field of a company comes from one fetch, so the cells of a row never mix two dates.
      for (const pathText of Object.keys(previous.f)) {
        const read = readCompanyPath(record, resolveFieldPath(pathText).steps);
        if (read.ok) entry.f[pathText] = read.value ?? null;
      }
    }
    this.companies.set(number, entry);
    this.fetched.add(`companies\0${number}`);
    if (record) {
      this.records.delete(number);
      this.records.set(number, record);
      if (this.records.size > this.maxFullRecords) this.records.delete(this.records.keys().next().value!);
    }
    this.changed();
  }

  /**
   * Puts back an entry a fetch replaced (undoing a refresh). The full record in memory is the newer
   * one, so it is dropped: a field never read before comes from a new fetch, not a mix of the two.
   */
  restoreCompany(number: string, entry: CompanySnapshot): void {
    this.companies.set(number, entry);
    this.records.delete(number);
    this.changed();
  }

  /** The company's cached entry if fetched after `freshAfter`. */
  companyEntry(number: string, freshAfter: number): CompanySnapshot | undefined {
    const entry = this.companies.get(number);
    return entry && entry.t >= freshAfter ? entry : undefined;
  }

  /** The full record, when it is still in memory and fresh enough. */
  fullRecord(number: string, freshAfter: number): RawCompany | undefined {
    return this.companyEntry(number, freshAfter) ? this.records.get(number) : undefined;
  }

  /** A cached answer of one kind, if fetched after `freshAfter`. */
  answer<T>(store: string, key: string, freshAfter: number): CachedAnswer<T> | undefined {
    const hit = this.answers.get(store)?.get(key);
    return hit && hit.t >= freshAfter ? { value: hit.r as T, fetchedAt: hit.t } : undefined;
  }

  putAnswer<T>(store: string, key: string, value: T, fetchedAt: number): void {
    const kind = this.answers.get(store);
    if (!kind) throw new Error(`No kind of answer is stored as ${store}.`);
    kind.set(key, { t: fetchedAt, r: value });
    this.fetched.add(`${store}\0${key}`);
    this.changed();
  }

  /** Whether the answer was fetched in this session rather than read from the workbook's store. */
  fetchedThisSession(store: "companies" | string, key: string): boolean {
    return this.fetched.has(`${store}\0${key}`);
  }

  clear(): void {
    this.fetched.clear();
    this.companies.clear();
    this.records.clear();
    for (const kind of this.answers.values()) kind.clear();
    this.changed();
  }

  /** What the store is saved from, read live (snapshot.ts serialiseStoreInSlices). */
  toSource(now: number): StoreSource {
    return { savedAt: now, companies: this.companies.entries(), answers: this.answers.entries() };
  }

  toStore(now: number): StoreContents {
    return {
      savedAt: now,
      companies: Object.fromEntries(this.companies),
      answers: Object.fromEntries([...this.answers].map(([store, kind]) => [store, Object.fromEntries(kind)])),
    };
  }

  /** Replaces the memory tier with what a store held (a reopened workbook); empty without one. */
  load(contents: StoreContents = emptyStore(0, this.shapes)): void {
    this.companies = new Map(Object.entries(contents.companies));
    this.fetched.clear();
    this.records.clear();
    this.answers = new Map(
      Object.keys(this.shapes).map((store) => [store, new Map(Object.entries(contents.answers[store] ?? {}))]),
    );
  }

  fetchTimes(): FetchTimes {
    return {
      companies: Array.from(this.companies.values(), (entry) => entry.t),
      answers: Object.fromEntries(
        [...this.answers].map(([store, kind]) => [store, Array.from(kind.values(), (e) => e.t)]),
      ),
    };
  }

  stats(serialise: (contents: StoreContents) => string): CacheStats {
    let oldest: number | undefined;
    const consider = (t: number) => (oldest = oldest === undefined ? t : Math.min(oldest, t));
    for (const entry of this.companies.values()) consider(entry.t);
    for (const kind of this.answers.values()) for (const entry of kind.values()) consider(entry.t);
    return {
      companies: this.companies.size,
      answers: Object.fromEntries([...this.answers].map(([store, kind]) => [store, kind.size])),
      bytes: new TextEncoder().encode(serialise(this.toStore(0))).length,
      oldestFetchedAt: oldest,
    };
  }
}
