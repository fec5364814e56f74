/**
 * The engine behind the UKCO functions and the pane: answers from the cache, or queues the ask
 * with a loader that batches it; stores what comes back; applies refresh scopes. It knows
 * nothing of Excel: callers pass the cell address, a cancel signal and whether Excel is only
 * previewing a formula being typed (no metered request then).
 */
import type { ClassificationClient } from "../api/classification/client";
import type { Clock, WaitInfo } from "../api/http/types";
import type { MarketClient } from "../api/market/client";
import type { Market } from "../api/market/schemas";
import type { MatchingClient } from "../api/matching/client";
import type { ProductClient } from "../api/product/client";
import { CachePersistence, DEFAULT_PERSISTENCE, type PersistenceOptions } from "./cache/persistence";
import type { StoredClassification, StoredGroupRow, StoredMatch, WorkbookStore } from "./cache/snapshot";
import { WorkbookCache, type CacheStats } from "./cache/workbook-cache";
import { NotFoundError, toUserError, UnavailableError } from "./errors";
import type { ResolvedPath } from "./field-path";
import { createClassificationLoader, type LoadedClassification } from "./loaders/classification-loader";
import { createCompanyLoader, type LoadedCompany } from "./loaders/company-loader";
import { createMarketLoader, marketKey, type LoadedMarketCompany } from "./loaders/market-loader";
import { createMatchLoader, type LoadedMatch } from "./loaders/match-loader";
import { createWebsiteLoader, type LoadedWebsite } from "./loaders/website-loader";
import { RefreshScopes, type RefreshScope } from "./refresh-scopes";
import type { BatchLoader } from "./batch-loader";

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

export interface EngineStats extends CacheStats {
  requests: {
    companies: number;
    matches: number;
    classifications: number;
    groups: number;
    websites: number;
    marketCompanies: number;
  };
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
  private readonly matches: BatchLoader<LoadedMatch>;
  private readonly classifications: BatchLoader<LoadedClassification>;
  private readonly websites: BatchLoader<LoadedWebsite>;
  private readonly marketCompanies: BatchLoader<LoadedMarketCompany>;
  private readonly persistence: CachePersistence | undefined;
  private readonly applied = new WeakSet<object>();
  private readonly groupsInFlight = new Map<string, Promise<StoredGroupRow[]>>();
  private groupRequests = 0;
  /** Resolves once the workbook store has been read: before that, every ask waits. */
  readonly ready: Promise<void>;

  private clients: EngineClients;

  constructor(private readonly options: EngineOptions) {
    const { clock } = options;
    this.clients = options.clients;
    this.cache = new WorkbookCache(options.maxFullRecords);
    this.scopes = new RefreshScopes(() => clock.now());
    this.companies = createCompanyLoader(() => this.clients.product, clock);
    this.matches = createMatchLoader(() => this.clients.matching, clock);
    this.classifications = createClassificationLoader(() => this.clients.classification, clock);
    this.websites = createWebsiteLoader(() => this.clients.product, clock);
    this.marketCompanies = createMarketLoader(() => this.clients.market, clock);
    this.persistence = options.store
      ? new CachePersistence(this.cache, options.store, clock, {
          ...DEFAULT_PERSISTENCE,
          ...options.persistence,
          onProblem: options.onProblem,
        })
      : undefined;
    this.ready = this.persistence ? this.persistence.start() : Promise.resolve();
  }

  /** Switches to new clients (the user changed a service URL); the cache stays. */
  useClients(clients: EngineClients): void {
    this.clients = clients;
  }

  /** Raw values of `paths` for one company, in order (null where the company has no value). */
  async companyValues(number: string, paths: readonly ResolvedPath[], context: CallContext = {}): Promise<unknown[]> {
    await this.ready;
    const freshAfter = this.scopes.freshAfter(context.address);
    const cached = this.lookup(number, paths, freshAfter);
    if (cached) return cached;
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    const loaded = await userErrors(this.companies.load(number, context.signal));
    if (!this.applied.has(loaded)) {
      this.applied.add(loaded);
      this.cache.putCompany(number, loaded.record, loaded.lackingScopes, loaded.fetchedAt);
    }
    const values = this.lookup(number, paths, 0);
    if (!values)
      throw new UnavailableError("internal", "The company data was dropped before it could be read. Press Refresh.");
    return values;
  }

  private lookup(number: string, paths: readonly ResolvedPath[], freshAfter: number): unknown[] | undefined {
    const values: unknown[] = [];
    for (const path of paths) {
      const hit = this.cache.lookupField(number, path.text, path.steps, freshAfter);
      if (hit.state === "miss") return undefined;
      if (hit.state === "not-found") throw new NotFoundError(`No company ${number} is known to the product API.`);
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

  /** The match for a key built by `matchKey`. */
  async match(key: string, context: CallContext = {}): Promise<StoredMatch> {
    await this.ready;
    const cached = this.cache.match(key, this.scopes.freshAfter(context.address));
    if (cached) return cached;
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    const loaded = await userErrors(this.matches.load(key, context.signal));
    if (!this.applied.has(loaded)) {
      this.applied.add(loaded);
      this.cache.putMatch(key, loaded.match, loaded.fetchedAt);
    }
    return loaded.match;
  }

  /** The classification for a key built by `classifyKey`. */
  async classify(key: string, context: CallContext = {}): Promise<StoredClassification> {
    await this.ready;
    const cached = this.cache.classification(key, this.scopes.freshAfter(context.address));
    if (cached) return cached;
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    const loaded = await userErrors(
      this.classifications.load(key, context.signal, context.onWait as (progress: unknown) => void),
    );
    if (!this.applied.has(loaded)) {
      this.applied.add(loaded);
      this.cache.putClassification(key, loaded.classification, loaded.fetchedAt);
    }
    return loaded.classification;
  }

  /** The company number for a website's domain (see `domainOf`); null when no company has it. */
  async website(domain: string, context: CallContext = {}): Promise<string | null> {
    await this.ready;
    const cached = this.cache.website(domain, this.scopes.freshAfter(context.address));
    if (cached) return cached.r;
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    const loaded = await userErrors(this.websites.load(domain, context.signal));
    if (!this.applied.has(loaded)) {
      this.applied.add(loaded);
      this.cache.putWebsite(domain, loaded.number, loaded.fetchedAt);
    }
    return loaded.number;
  }

  /** A multi-market company's record; null when the market does not know the number. */
  async marketCompany(
    market: Market,
    number: string,
    context: CallContext = {},
  ): Promise<Record<string, unknown> | null> {
    await this.ready;
    const key = marketKey(market, number);
    const cached = this.cache.marketCompany(key, this.scopes.freshAfter(context.address));
    if (cached) return cached.r;
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    const loaded = await userErrors(this.marketCompanies.load(key, context.signal));
    if (!this.applied.has(loaded)) {
      this.applied.add(loaded);
      this.cache.putMarketCompany(key, loaded.record, loaded.fetchedAt);
    }
    return loaded.record;
  }

  /** Group structure rows of a company (level, number, name, parent), shared by concurrent asks. */
  async group(number: string, context: CallContext = {}): Promise<StoredGroupRow[]> {
    await this.ready;
    const cached = this.cache.group(number, this.scopes.freshAfter(context.address));
    if (cached) return cached;
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    let request = this.groupsInFlight.get(number);
    if (!request) {
      this.groupRequests += 1;
      request = this.fetchGroup(number).finally(() => this.groupsInFlight.delete(number));
      this.groupsInFlight.set(number, request);
    }
    return request;
  }

  private async fetchGroup(number: string): Promise<StoredGroupRow[]> {
    try {
      const rows = await this.clients.product.groupStructure(number);
      const stored: StoredGroupRow[] = rows.map((row) => [
        row.SubsidiaryCompanyLevel ?? 0,
        row.SubsidiaryCompanyNumber ?? "",
        row.SubsidiaryCompanyName ?? "",
        row.ParentCompanyNumber ?? "",
      ]);
      stored.sort((a, b) => a[0] - b[0]);
      this.cache.putGroup(number, stored, this.options.clock.now());
      return stored;
    } catch (error) {
      throw toUserError(error);
    }
  }

  /** Marks cached values in `scope` stale: the next calculation of a cell there fetches again. */
  refresh(scope: RefreshScope): void {
    this.scopes.record(scope);
  }

  /** Forgets everything cached for this workbook (the pane's Clear) and saves that. */
  async clear(): Promise<void> {
    this.cache.clear();
    await this.persistence?.saveNow();
  }

  /** Saves the store now rather than after the usual quiet time. */
  async save(): Promise<void> {
    await this.persistence?.saveNow();
  }

  stats(): EngineStats {
    return {
      ...this.cache.stats(),
      requests: {
        companies: this.companies.stats.requests,
        matches: this.matches.stats.requests,
        classifications: this.classifications.stats.requests,
        groups: this.groupRequests,
        websites: this.websites.stats.requests,
        marketCompanies: this.marketCompanies.stats.requests,
      },
    };
  }
}
