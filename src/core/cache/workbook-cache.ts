/**
 * The memory tier: what this workbook's formulas have asked for, answered without the network.
 * Companies keep the raw values at the field paths formulas read (that is what the workbook store
 * saves), plus the full record of the most recently fetched companies, so a new field of a known
 * company needs no request. A record a team gateway cut to some fields (company-loader.ts) is held
 * with those fields' names: a field outside them is a miss, fetched again, never read as absent.
 * Every other kind of answer (answers.ts) keeps what its function shows,
 * in one map per kind, with the time it was fetched.
 */
import type { RawCompany } from "@ukco/api/product/lazy-company";
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

/** A field of a stored company, as a cell reads it; the stored form never leaves cache/. */
export type FieldLookup =
  /** `kept`: the store already keeps this field (else it was read off the full record in memory). */
  | { state: "hit"; value: unknown; kept: boolean; lackingScopes: readonly string[] }
  | { state: "not-found" }
  /** The service sent this field in a shape the record schema refuses; `problem` says where and how. */
  | { state: "unreadable"; problem: string }
  | { state: "miss" };

/** What is stored of a company, read-only: when, whether the service knew it, and the scopes its token lacked. */
export interface StoredCompany {
  fetchedAt: number;
  notFound: boolean;
  lackingScopes: readonly string[];
}

/**
 * One stored answer as it was, to be put back (undo) or compared (What changed): a company gives
 * its kept fields, every other kind its value.
 */
export interface Held {
  fetchedAt: number;
  value: unknown;
}

/** A company as `Held` gives it. */
export interface HeldCompany {
  notFound: boolean;
  fields: Readonly<Record<string, unknown>>;
  lackingScopes: readonly string[];
}

/** What a read gives when nothing fresh enough is held: the answer must be fetched. */
export const MISS: unique symbol = Symbol("miss");

/** The store name of company records, beside the stores of answers.ts. */
export const COMPANIES = "companies";

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

const NONE: readonly string[] = [];
// Shared: a cold recalculation asks 10,000 times, and a miss says nothing of its own.
const MISSED: FieldLookup = { state: "miss" };
const NOT_FOUND: FieldLookup = { state: "not-found" };

/** A record held in memory, and the top-level fields it was cut to (undefined: whole). */
interface HeldRecord {
  record: RawCompany;
  fields: ReadonlySet<string> | undefined;
}

/** The top-level field of a path's text (`CompanyFinancials_Vendor[0].TURNOVER` → `CompanyFinancials_Vendor`). */
const TOP_FIELD = /^[A-Za-z_]\w*/;

function covers(held: HeldRecord, steps: readonly PathStep[]): boolean {
  if (!held.fields) return true;
  const first = steps[0];
  return first !== undefined && "name" in first && held.fields.has(first.name);
}

/** Full records kept in memory; beyond this, only the read field values are kept. */
export const DEFAULT_MAX_FULL_RECORDS = 2000;

export class WorkbookCache {
  private companies = new Map<string, CompanySnapshot>();
  private records = new Map<string, HeldRecord>();
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

  /** The cached value at `path` for a company fetched after `freshAfter`, or why there is none. Never writes. */
  companyField(number: string, path: { text: string; steps: readonly PathStep[] }, freshAfter: number): FieldLookup {
    const entry = this.companies.get(number);
    if (!entry || entry.t < freshAfter) return MISSED;
    if (entry.nf) return NOT_FOUND;
    const lackingScopes = entry.l ?? NONE;
    if (path.text in entry.f) return { state: "hit", value: entry.f[path.text], kept: true, lackingScopes };
    const held = this.records.get(number);
    if (!held || !covers(held, path.steps)) return MISSED;
    const read = readCompanyPath(held.record, path.steps);
    if (!read.ok) return { state: "unreadable", problem: read.problem };
    return { state: "hit", value: read.value ?? null, kept: false, lackingScopes };
  }

  /**
   * Keeps a field a cell read in the company's stored entry, so the workbook store answers it after
   * a reopen. An unreadable field is never kept: the store keeps only values the service sent readably.
   */
  keepField(number: string, pathText: string, value: unknown): void {
    const entry = this.companies.get(number);
    if (!entry || entry.nf || pathText in entry.f) return;
    entry.f[pathText] = value ?? null;
    this.changed();
  }

  /**
   * Stores a fetched record (or that the company does not exist); known field paths are re-read
   * from it. `fields`: the top-level fields the record was cut to; a known path outside them is
   * dropped (fetched again when a cell reads it), never kept from an older fetch.
   */
  putCompany(
    number: string,
    record: RawCompany | undefined,
    lackingScopes: readonly string[],
    fetchedAt: number,
    fields?: ReadonlySet<string>,
  ): void {
    const previous = this.companies.get(number);
    const entry: CompanySnapshot = { t: fetchedAt, f: {} };
    if (!record) entry.nf = 1;
    if (lackingScopes.length) entry.l = [...lackingScopes];
    const held: HeldRecord | undefined = record && { record, fields };
    if (held && previous) {
      // Every field of a company comes from one fetch, so the cells of a row never mix two dates.
      for (const pathText of Object.keys(previous.f)) {
        const { steps } = resolveFieldPath(pathText);
        if (!covers(held, steps)) continue;
        const read = readCompanyPath(held.record, steps);
        if (read.ok) entry.f[pathText] = read.value ?? null;
      }
    }
    this.companies.set(number, entry);
    this.fetched.add(`${COMPANIES}\0${number}`);
    if (held) {
      this.records.delete(number);
      this.records.set(number, held);
      if (this.records.size > this.maxFullRecords) this.records.delete(this.records.keys().next().value!);
    }
    this.changed();
  }

  /** What is stored of a company fetched after `freshAfter`, or undefined. */
  company(number: string, freshAfter = 0): StoredCompany | undefined {
    const entry = this.companies.get(number);
    return entry && entry.t >= freshAfter
      ? { fetchedAt: entry.t, notFound: entry.nf === 1, lackingScopes: entry.l ?? NONE }
      : undefined;
  }

  /** When the answer stored under `key` (a company number for COMPANIES) was fetched, or undefined. */
  fetchedAt(store: string, key: string): number | undefined {
    return store === COMPANIES ? this.companies.get(key)?.t : this.answers.get(store)?.get(key)?.t;
  }

  /** A copy of what is stored under `key`, to put back or compare later. */
  held(store: string, key: string): Held | undefined {
    if (store !== COMPANIES) {
      const hit = this.answers.get(store)?.get(key);
      return hit && { fetchedAt: hit.t, value: hit.r };
    }
    const entry = this.companies.get(key);
    if (!entry) return undefined;
    const company: HeldCompany = { notFound: entry.nf === 1, fields: { ...entry.f }, lackingScopes: entry.l ?? NONE };
    return { fetchedAt: entry.t, value: company };
  }

  /**
   * Puts back what `held` gave (undoing a refresh). A company's full record in memory is the newer
   * one, so it is dropped: a field never read before comes from a new fetch, not a mix of the two.
   */
  restore(store: string, key: string, held: Held): void {
    if (store !== COMPANIES) return this.putAnswer(store, key, held.value, held.fetchedAt);
    const company = held.value as HeldCompany;
    const entry: CompanySnapshot = { t: held.fetchedAt, f: { ...company.fields } };
    if (company.notFound) entry.nf = 1;
    if (company.lackingScopes.length) entry.l = [...company.lackingScopes];
    this.companies.set(key, entry);
    this.records.delete(key);
    this.changed();
  }

  /**
   * The record as sent, when it is still in memory and fresh enough: whole, or, given `steps`, cut
   * to fields that include the one they start at.
   */
  fullRecord(number: string, freshAfter: number, steps?: readonly PathStep[]): RawCompany | undefined {
    const held = this.company(number, freshAfter) ? this.records.get(number) : undefined;
    if (!held || (held.fields && !(steps && covers(held, steps)))) return undefined;
    return held.record;
  }

  /**
   * The top-level fields held of a company: those of the paths its entry keeps, and those its
   * record in memory was cut to. A new fetch of it asks them all, so they come from one fetch.
   */
  heldFields(number: string): readonly string[] {
    const entry = this.companies.get(number);
    const held = this.records.get(number);
    if (!entry && !held) return NONE;
    const fields = new Set(held?.fields);
    for (const pathText of Object.keys(entry?.f ?? {})) {
      const top = TOP_FIELD.exec(pathText);
      if (top) fields.add(top[0]);
    }
    return [...fields];
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
  fetchedThisSession(store: string, key: string): boolean {
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
