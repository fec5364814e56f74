/**
 * The engine behind the UKCO functions and the pane: answers from the cache, or queues the ask
 * with a loader that batches it; stores what comes back; applies refresh scopes. It knows
 * nothing of Excel: callers pass the cell address, a cancel signal and whether Excel is only
 * previewing a formula being typed (no metered request then).
 */
import type { ClassificationClient } from "../api/classification/client";
import type { ServiceName } from "../api/credentials";
import type { Governor } from "../api/http/governor";
import type { Clock, WaitInfo } from "../api/http/types";
import type { MarketClient } from "../api/market/client";
import type { Market } from "../api/market/schemas";
import type { MatchingClient } from "../api/matching/client";
import type { ProductClient } from "../api/product/client";
import { ANSWER_KINDS, ANSWER_SHAPES, type AnswerKindName, type AnswerOf } from "./answers";
import type { BatchLoader } from "./batch-loader";
import { CachePersistence, DEFAULT_PERSISTENCE, type PersistenceOptions } from "./cache/persistence";
import { serialiseStore, type CompanySnapshot, type WorkbookStore } from "./cache/snapshot";
import { WorkbookCache } from "./cache/workbook-cache";
import { NotFoundError, toUserError, UnavailableError } from "./errors";
import type { ResolvedPath } from "./field-path";
import { createCompanyLoader, type LoadedCompany } from "./loaders/company-loader";
import { marketKey } from "./loaders/market-loader";
import { ChunkPlanner } from "./chunk-plan";
import { COMPANIES, estimateRefresh, type RefreshEstimate } from "./refresh-estimate";
import { RefreshScopes, type RefreshScope } from "./refresh-scopes";
import type { ScopeAnswers } from "./scope-answers";
import { MAX_RETURN_COUNT } from "../api/product/requests";

export interface CallContext {
  /** The calling cell, `Sheet1!B2`; refresh scopes apply by it. */
  address?: string;
  signal?: AbortSignal;
  /** Excel is showing a preview of a formula being typed: answer from the cache or not at all. */
  preview?: boolean;
  /** Told where a queued request stands (the classification governor's queue). */
  onWait?: (info: WaitInfo) => void;
}

export interface EngineClients {
  product: ProductClient;
  matching: MatchingClient;
  classification: ClassificationClient;
  market: MarketClient;
  /** The services' governors, whose headroom lets a burst go in more, smaller requests. */
  governors?: Partial<Readonly<Record<ServiceName, Pick<Governor, "headroom" | "limits">>>>;
}

export interface EngineOptions {
  clients: EngineClients;
  clock: Clock;
  /** The per-workbook store; without one, values live in memory only. */
  store?: WorkbookStore;
  persistence?: PersistenceOptions;
  /** Problems the user should see in the pane (a damaged store, a failed save). */
  onProblem?: (message: string) => void;
  maxFullRecords?: number;
}

type PerKind = { companies: number } & Record<AnswerKindName, number>;

/** One stored value that a refresh changed. */
export interface ValueChange {
  company: string;
  /** The field path, as UKCO.FIELD takes it. */
  field: string;
  before: unknown;
  after: unknown;
}

/** Another kind of answer (a match, a classification, …) that a refresh changed. */
export interface AnswerChange {
  /** Its store name (answers.ts): "matches", "classifications", … */
  kind: string;
  /** What the answer is stored under (match-key.ts, classify-key.ts, a company number, …). */
  key: string;
  before: unknown;
  after: unknown;
}

export interface RefreshChanges {
  /** Companies fetched again since the last refresh. */
  companies: number;
  changes: ValueChange[];
  /** Other answers fetched again since the last refresh whose value moved. */
  answers: AnswerChange[];
  /** Companies the service knew before and no longer does. */
  noLongerFound: string[];
  foundAgain: string[];
}

export interface EngineStats extends PerKind {
  /** Size of the saved store, in bytes of JSON. */
  bytes: number;
  /** Oldest fetch time of anything held, or undefined when empty. */
  oldestFetchedAt: number | undefined;
  /** Requests sent, per kind. */
  requests: PerKind;
}

const PREVIEW = "The value is fetched when you finish the formula (press Enter).";

/** Whatever a loader rejects with reaches callers as a UserError, the one kind the adapters show. */
async function userErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw toUserError(error);
  }
}

export class Engine {
  readonly cache: WorkbookCache;
  private readonly scopes: RefreshScopes;
  private readonly companies: BatchLoader<LoadedCompany>;
  private readonly companyPlanner: ChunkPlanner;
  /** One loader per kind of answer (answers.ts). */
  private readonly loaders: { [K in AnswerKindName]: BatchLoader<{ fetchedAt: number }> };
  private readonly persistence: CachePersistence | undefined;
  private readonly applied = new WeakSet<object>();
  /** Each company's entry as it was before a fetch since the last refresh replaced it. */
  private readonly replaced = new Map<string, CompanySnapshot>();
  /** Each other answer as it was before a fetch since the last refresh replaced it, by store then key. */
  private readonly replacedAnswers = new Map<string, Map<string, { value: unknown; fetchedAt: number }>>();
  /** Companies asked again under a refresh scope, until their new record arrives. */
  private readonly refreshing = new Set<string>();
  /** Resolves once the workbook store has been read: before that, every ask waits. */
  readonly ready: Promise<void>;
  private isReady = false;

  private clients: EngineClients;

  constructor(private readonly options: EngineOptions) {
    const { clock } = options;
    this.clients = options.clients;
    this.cache = new WorkbookCache(ANSWER_SHAPES, options.maxFullRecords);
    this.scopes = new RefreshScopes(() => clock.now());
    this.companyPlanner = new ChunkPlanner(MAX_RETURN_COUNT, () => this.clients.governors?.product?.headroom());
    this.companies = createCompanyLoader(() => this.clients.product, clock, {
      refreshing: (n) => this.refreshing.has(n),
      planner: this.companyPlanner,
    });
    const clients = () => this.clients;
    this.loaders = Object.fromEntries(
      Object.entries(ANSWER_KINDS).map(([name, kind]) => [name, kind.loader(clients, clock)]),
    ) as unknown as Engine["loaders"];
    this.persistence = options.store
      ? new CachePersistence(this.cache, options.store, clock, {
          ...DEFAULT_PERSISTENCE,
          ...options.persistence,
          onProblem: options.onProblem,
        })
      : undefined;
    this.ready = (this.persistence ? this.persistence.start() : Promise.resolve()).then(() => {
      this.isReady = true;
    });
  }

  /** Switches to new clients (the user changed a service URL); the cache stays. */
  useClients(clients: EngineClients): void {
    this.clients = clients;
  }

  /**
   * The cached values of `paths` for one company, at once, as `companyValues` gives them; undefined
   * when any must be fetched (or the store is still being read). A warm recalculation of 10,000
   * cells is answered here without a promise per cell.
   */
  cachedCompanyValues(
    number: string,
    paths: readonly ResolvedPath[],
    context: CallContext = {},
  ): unknown[] | undefined {
    return this.isReady ? this.lookup(number, paths, this.scopes.freshAfter(context.address)) : undefined;
  }

  /** Raw values of `paths` for one company, in order (null where the company has no value). */
  async companyValues(number: string, paths: readonly ResolvedPath[], context: CallContext = {}): Promise<unknown[]> {
    if (!this.isReady) await this.ready;
    const freshAfter = this.scopes.freshAfter(context.address);
    const cached = this.lookup(number, paths, freshAfter);
    if (cached) return cached;
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    if (freshAfter > 0 && this.cache.companyEntry(number, 0)) this.refreshing.add(number);
    // One await per ask, not three: a cold recalculation has 10,000 of them.
    let loaded: LoadedCompany;
    try {
      loaded = await this.companies.load(number, context.signal);
    } catch (error) {
      throw toUserError(error);
    } finally {
      this.refreshing.delete(number);
    }
    this.applyCompany(number, loaded);
    const values = this.lookup(number, paths, 0);
    if (!values) throw new UnavailableError("internal", "The company data was dropped before it could be read.");
    return values;
  }

  /**
   * When the stored record of a company was fetched (epoch ms), or undefined when nothing is stored.
   * It never sends a request, but a load of the company in flight (a FIELD cell of the same
   * recalculation) is waited for, so after a refresh it gives the new time, not the old one.
   */
  async companyFetchedAt(number: string, context: CallContext = {}): Promise<number | undefined> {
    if (!this.isReady) await this.ready;
    // Excel calls a recalculation's cells in no set order: when this cell comes before the FIELD
    // cells that fetch the company, one turn of the event loop lets them ask first.
    if (!this.companies.isLoading(number) && !this.cache.companyEntry(number, this.scopes.freshAfter(context.address)))
      await this.options.clock.sleep(0);
    if (this.companies.isLoading(number)) {
      try {
        const loaded = await this.companies.load(number, context.signal);
        this.applyCompany(number, loaded);
      } catch (error) {
        // A failed refresh leaves the stored record in place, and that is what the time describes.
        if (!this.cache.companyEntry(number, 0)) throw toUserError(error);
      }
    }
    return this.cache.companyEntry(number, 0)?.t;
  }

  /** Stores a loaded record once however many asks shared it, keeping what it replaced (see `changes`). */
  private applyCompany(number: string, loaded: LoadedCompany): void {
    if (this.applied.has(loaded)) return;
    this.applied.add(loaded);
    const previous = this.cache.companyEntry(number, 0);
    this.cache.putCompany(number, loaded.record, loaded.lackingScopes, loaded.fetchedAt);
    if (previous && !this.replaced.has(number)) this.replaced.set(number, { ...previous, f: { ...previous.f } });
  }

  /**
   * What the values fetched since the last refresh replaced: each stored field whose value moved,
   * and the companies the service stopped (or started) knowing. Read from the cache; sends nothing.
   */
  changes(): RefreshChanges {
    const changes: ValueChange[] = [];
    const noLongerFound: string[] = [];
    const foundAgain: string[] = [];
    for (const [company, before] of this.replaced) {
      const after = this.cache.companyEntry(company, 0);
      if (!after) continue;
      if (!before.nf && after.nf) noLongerFound.push(company);
      if (before.nf && !after.nf) foundAgain.push(company);
      if (before.nf || after.nf) continue;
      for (const [field, old] of Object.entries(before.f)) {
        const now = after.f[field];
        if (JSON.stringify(old ?? null) !== JSON.stringify(now ?? null))
          changes.push({ company, field, before: old ?? null, after: now ?? null });
      }
    }
    const answers: AnswerChange[] = [];
    for (const [kind, replaced] of this.replacedAnswers)
      for (const [key, before] of replaced) {
        const after = this.cache.answer(kind, key, 0)?.value;
        if (JSON.stringify(before.value ?? null) !== JSON.stringify(after ?? null))
          answers.push({ kind, key, before: before.value, after });
      }
    return { companies: this.replaced.size, changes, answers, noLongerFound, foundAgain };
  }

  /**
   * Puts back what the values fetched since the last refresh replaced, from memory and without a
   * request, and ends the refresh so cells read them; the store saves them. Returns how many
   * companies and other answers were restored. Available until the next refresh.
   */
  undoRefresh(): { companies: number; answers: number } {
    const restored = {
      companies: this.replaced.size,
      answers: [...this.replacedAnswers.values()].reduce((sum, replaced) => sum + replaced.size, 0),
    };
    for (const [company, before] of this.replaced) this.cache.restoreCompany(company, before);
    this.replaced.clear();
    for (const [kind, replaced] of this.replacedAnswers)
      for (const [key, before] of replaced) this.cache.putAnswer(kind, key, before.value, before.fetchedAt);
    this.replacedAnswers.clear();
    this.scopes.clear();
    return restored;
  }

  private lookup(number: string, paths: readonly ResolvedPath[], freshAfter: number): unknown[] | undefined {
    const values: unknown[] = [];
    for (const path of paths) {
      const hit = this.cache.lookupField(number, path.text, path.steps, freshAfter);
      if (hit.state === "miss") return undefined;
      if (hit.state === "not-found") throw new NotFoundError(`No company ${number} is known to the product API.`);
      if (hit.state === "unreadable") {
        values.push(
          new UnavailableError(
            "unexpected-data",
            `The product API sent this company's ${path.text} in an unexpected shape (${hit.problem}).`,
            "product",
          ),
        );
        continue;
      }
      if ((hit.value === null || hit.value === undefined) && path.scope && hit.entry.l?.includes(path.scope)) {
        values.push(
          new UnavailableError(
            "scope",
            `${path.text} needs the scope ${path.scope}, which your product API token lacks. Ask your administrator for a token with it.`,
            "product",
          ),
        );
      } else values.push(hit.value);
    }
    return values;
  }

  /**
   * An answer of one kind (answers.ts) for its key: from the cache unless a refresh scope covers
   * the cell, else from the kind's loader, which batches it with the burst; stored once however
   * many cells asked.
   */
  async answer<K extends AnswerKindName>(kindName: K, key: string, context: CallContext = {}): Promise<AnswerOf<K>> {
    await this.ready;
    const kind = ANSWER_KINDS[kindName];
    const cached = this.cache.answer<AnswerOf<K>>(kind.store, key, this.scopes.freshAfter(context.address));
    if (cached) return cached.value;
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    const onProgress = context.onWait as ((progress: unknown) => void) | undefined;
    const loaded = await userErrors(this.loaders[kindName].load(key, context.signal, onProgress));
    const value = (kind.stored as (loaded: { fetchedAt: number }) => AnswerOf<K>)(loaded);
    if (!this.applied.has(loaded)) {
      this.applied.add(loaded);
      this.putAnswer(kind.store, key, value, loaded.fetchedAt);
    }
    return value;
  }

  /**
   * Stores an answer fetched outside the loaders (the pane's Match names runs its own batch jobs),
   * so the functions that read it answer from the cache, as if they had fetched it themselves.
   */
  async rememberAnswer<K extends AnswerKindName>(kindName: K, key: string, value: AnswerOf<K>): Promise<void> {
    if (!this.isReady) await this.ready;
    this.putAnswer(ANSWER_KINDS[kindName].store, key, value, this.options.clock.now());
  }

  /** Stores an answer, keeping the one it replaces for What changed and Undo refresh. */
  private putAnswer(store: string, key: string, value: unknown, fetchedAt: number): void {
    const previous = this.cache.answer(store, key, 0);
    if (previous) {
      const replaced = this.replacedAnswers.get(store) ?? new Map();
      if (!replaced.has(key)) this.replacedAnswers.set(store, replaced.set(key, previous));
    }
    this.cache.putAnswer(store, key, value, fetchedAt);
  }

  /** The match for a key built by `matchKey`. */
  match(key: string, context: CallContext = {}): Promise<AnswerOf<"matches">> {
    return this.answer("matches", key, context);
  }

  /** The classification for a key built by `classifyKey`. */
  classify(key: string, context: CallContext = {}): Promise<AnswerOf<"classifications">> {
    return this.answer("classifications", key, context);
  }

  /** The company number for a website's domain (see `domainOf`); null when no company has it. */
  website(domain: string, context: CallContext = {}): Promise<AnswerOf<"websites">> {
    return this.answer("websites", domain, context);
  }

  /** A multi-market company's record; null when the market does not know the number. */
  marketCompany(market: Market, number: string, context: CallContext = {}): Promise<AnswerOf<"marketCompanies">> {
    return this.answer("marketCompanies", marketKey(market, number), context);
  }

  /** Group structure rows of a company (level, number, name, parent), from the ultimate parent down. */
  group(number: string, context: CallContext = {}): Promise<AnswerOf<"groups">> {
    return this.answer("groups", number, context);
  }

  /** Marks cached values in `scope` stale: the next calculation of a cell there fetches again. */
  refresh(scope: RefreshScope): void {
    this.scopes.record(scope);
    // The previous values stay available (changes, undo) until the next refresh.
    this.replaced.clear();
    this.replacedAnswers.clear();
  }

  /**
   * What refreshing `scope` would send, for the answers its formulas read (scope-answers.ts): read
   * from the cache and the governors alone, so asking costs nothing.
   */
  estimateRefresh(answers: ScopeAnswers, scope: RefreshScope): RefreshEstimate {
    return estimateRefresh(answers, {
      fetchedAt: (store, key) =>
        store === COMPANIES ? this.cache.companyEntry(key, 0)?.t : this.cache.answer(store, key, 0)?.fetchedAt,
      ...(scope.kind === "olderThan" ? { cutoff: scope.cutoff } : {}),
      companyRequests: (n, before) => this.companyPlanner.forecast(n, before).length,
      governor: (service) => {
        const governor = this.clients.governors?.[service];
        return governor && { limits: governor.limits, headroom: governor.headroom() };
      },
    });
  }

  /**
   * Resolves once nothing has been queued or fetched for `quietMs` (Excel starts the formulas of a
   * recalculation a moment after it is asked for, so a quiet spell, not one idle instant); false
   * when still busy after `timeoutMs`. For a ribbon refresh to report what it changed.
   */
  async whenIdle({ quietMs = 500, timeoutMs = 10 * 60_000 } = {}): Promise<boolean> {
    const { clock } = this.options;
    const until = clock.now() + timeoutMs;
    let quietSince = clock.now();
    while (clock.now() < until) {
      const busy = this.companies.busy || Object.values(this.loaders).some((loader) => loader.busy);
      if (busy) quietSince = clock.now();
      else if (clock.now() - quietSince >= quietMs) return true;
      await clock.sleep(100);
    }
    return false;
  }

  /** Forgets everything cached for this workbook (the pane's Clear) and saves that. */
  async clear(): Promise<void> {
    this.cache.clear();
    await this.persistence?.saveNow();
  }

  /** Stops saving into the workbook store (the workbook is closed); pending changes are dropped. */
  detachStore(): void {
    this.persistence?.stop();
  }

  /** Saves the store now rather than after the usual quiet time. */
  async save(): Promise<void> {
    await this.persistence?.saveNow();
  }

  stats(): EngineStats {
    const held = this.cache.stats(serialiseStore);
    const perKind = (count: (name: AnswerKindName) => number) =>
      Object.fromEntries(Object.keys(ANSWER_KINDS).map((name) => [name, count(name as AnswerKindName)])) as Record<
        AnswerKindName,
        number
      >;
    return {
      companies: held.companies,
      ...perKind((name) => held.answers[ANSWER_KINDS[name].store] ?? 0),
      bytes: held.bytes,
      oldestFetchedAt: held.oldestFetchedAt,
      requests: { companies: this.companies.stats.requests, ...perKind((name) => this.loaders[name].stats.requests) },
    };
  }
}
