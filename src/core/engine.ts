/**
 * The engine behind the UKCO functions and the pane. One path serves every kind of answer
 * (answers.ts), company records included: the cache (read once per cell) → value preview (nothing
 * is sent while Excel previews a formula being typed) → the kind's batch loader → apply (stored
 * once, however many cells asked, keeping what it replaced for What changed and Undo) → each waiting
 * cell answered from the loaded value. It also applies refresh scopes. It knows nothing of Excel:
 * callers pass the cell address, a cancel signal and whether Excel is only previewing.
 */
import type { ServiceName } from "@ukco/api/credentials";
import type { Headroom } from "@ukco/api/http/governor";
import type { Clock } from "@ukco/api/http/types";
import type { Market } from "@ukco/api/market/schemas";
import { MAX_RETURN_COUNT } from "@ukco/api/product/requests";
import type { RawCompany } from "@ukco/api/product/lazy-company";
import {
  ANSWER_KINDS,
  ANSWER_SHAPES,
  type AnswerKindName,
  type AnswerOf,
  type AnyAnswerKind,
  type AskOf,
} from "./answers";
import { LoaderAsk, type BatchLoader } from "./batch-loader";
import { CachePersistence, DEFAULT_PERSISTENCE, type PersistenceOptions } from "./cache/persistence";
import { serialiseStore, type WorkbookStore } from "./cache/snapshot";
import { COMPANIES, MISS, WorkbookCache, type FetchTimes, type Held } from "./cache/workbook-cache";
import type { AnswerReceiver, CallContext, EngineClients } from "./call-context";
import { ChunkPlanner } from "./chunk-plan";
import type { ChangeReport } from "./company-answers";
import { toUserError, UnavailableError, type UserError } from "./errors";
import type { ResolvedPath } from "./field-path";
import { marketKey } from "./loaders/market-loader";
import { answerId, RefreshScopes, type RefreshScope } from "./refresh-scopes";

export type { AnswerReceiver, CallContext, EngineClients } from "./call-context";

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

type PerKind = Record<AnswerKindName, number>;

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

export interface RefreshChanges extends ChangeReport {
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

/** What workbook analysis reads of the store (About this value, provenance.ts); reading sends nothing. */
export type StoredAnswers = Pick<WorkbookCache, "company" | "companyField" | "answer" | "fetchedThisSession">;

/** What sending costs now, for the refresh estimate (refresh-estimate.ts). */
export interface SendingCosts {
  /** When the stored answer was fetched; undefined when none is stored. */
  fetchedAt(store: string, key: string): number | undefined;
  /**
   * The product requests a burst of n companies goes in now, with `before` other product requests
   * queued ahead of it (chunk-plan.ts's forecast).
   */
  companyRequests(n: number, before: number): number;
  /** A service's limit a minute and spare capacity now, each undefined while unknown. */
  governor(service: ServiceName): { perMinute: number | undefined; headroom: Headroom | undefined } | undefined;
}

const PREVIEW = "The value is fetched when you finish the formula (press Enter).";

/** The answer itself; a failure is thrown (the ask's promise rejects with it). */
const AS_IS: AnswerReceiver<unknown, unknown> = {
  value: (answer) => answer,
  failure: (error) => {
    throw error;
  },
};

/** The engine's side of a pending ask (one object per engine, so a pending ask holds no closure). */
interface PendingSteps {
  /** Stores a loaded answer and reads the ask's answer from it; MISS when it holds too little. */
  received<R>(pending: PendingAnswer<R>, loaded: { fetchedAt: number }): unknown;
  /** Asks again for what the loaded answer lacked. */
  again<R>(pending: PendingAnswer<R>): Promise<R>;
  /** The failure as the user reads it. */
  failed<R>(pending: PendingAnswer<R>, error: unknown): UserError;
}

/**
 * One cold ask, waiting in its kind's loader as the loader's own record of it: the loader hands it
 * the loaded value or the failure, and it answers its caller's receiver in that same step. One
 * object per cold cell, no closures; an ask made again is a new one.
 */
class PendingAnswer<R> extends LoaderAsk<{ fetchedAt: number }, R> {
  constructor(
    private readonly steps: PendingSteps,
    readonly name: AnswerKindName,
    readonly key: string,
    readonly question: unknown,
    readonly context: CallContext,
    readonly refreshing: string,
    private readonly receiver: AnswerReceiver<never, R>,
    readonly attempt = 0,
  ) {
    super();
  }

  /** The same ask, made again. */
  again(): PendingAnswer<R> {
    const { steps, name, key, question, context, refreshing, receiver } = this;
    return new PendingAnswer(steps, name, key, question, context, refreshing, receiver, this.attempt + 1);
  }

  override value(loaded: { fetchedAt: number }): R | Promise<R> {
    let answer: unknown;
    try {
      answer = this.steps.received(this, loaded);
    } catch (error) {
      // The loaded answer says no (a company the service does not know): the ask's failure.
      return this.failure(error);
    }
    return answer === MISS ? this.steps.again(this) : this.receiver.value(answer as never);
  }

  override failure(error: unknown): R | Promise<R> {
    return this.receiver.failure(this.steps.failed(this, error));
  }
}

export class Engine {
  private readonly cache: WorkbookCache;
  private readonly scopes: RefreshScopes;
  private readonly companyPlanner: ChunkPlanner;
  /** One loader per kind of answer (answers.ts). */
  private readonly loaders: Record<AnswerKindName, BatchLoader<{ fetchedAt: number }, unknown>>;
  private readonly persistence: CachePersistence | undefined;
  private readonly applied = new WeakSet<object>();
  /** Each answer as it was before a fetch since the last refresh replaced it, by kind then key. */
  private readonly replaced = new Map<AnswerKindName, Map<string, Held>>();
  /** Answers asked again under a refresh scope, until their new value arrives, as `kind\0key`. */
  private readonly refreshing = new Set<string>();
  /**
   * The order answers were first asked again under a refresh scope since the last refresh, as
   * `kind\0key`: What changed lists them in the workbook's order, not in the order they came back.
   */
  private readonly askedAgain = new Map<string, number>();
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
    const clients = () => this.clients;
    this.loaders = Object.fromEntries(
      (Object.entries(ANSWER_KINDS) as [AnswerKindName, AnyAnswerKind][]).map(([name, kind]) => [
        name,
        kind.loader(clients, clock, {
          refreshing: (key) => this.refreshing.size > 0 && this.refreshing.has(`${name}\0${key}`),
          planner: this.companyPlanner,
          heldFields: (number) => this.cache.heldFields(number),
        }),
      ]),
    ) as Engine["loaders"];
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
   * The one path: an answer of a kind for its key, at once when the cache holds it (a warm
   * recalculation of 10,000 cells costs no promise per cell), else a promise of it from the kind's
   * loader, which batches it with the burst. May throw at once (a company the cache knows the
   * service lacks, a value preview); callers that want only promises use `answer`.
   */
  ask<K extends AnswerKindName>(
    name: K,
    key: string,
    question: AskOf<K>,
    context?: CallContext,
  ): AnswerOf<K> | Promise<AnswerOf<K>>;
  /**
   * `ask`, with what the caller makes of the answer (or of its failure, as a UserError) done in
   * the step that settles it: a cold cell then waits on one promise, not on one per layer.
   */
  ask<K extends AnswerKindName, R>(
    name: K,
    key: string,
    question: AskOf<K>,
    context: CallContext,
    receiver: AnswerReceiver<AnswerOf<K>, R>,
  ): R | Promise<R>;
  ask<K extends AnswerKindName, R>(
    name: K,
    key: string,
    question: AskOf<K>,
    context: CallContext = {},
    receiver: AnswerReceiver<AnswerOf<K>, R> = AS_IS as AnswerReceiver<AnswerOf<K>, R>,
  ): R | Promise<R> {
    if (!this.isReady) return this.ready.then(() => this.askWhenReady(name, key, question, context, receiver));
    const kind = ANSWER_KINDS[name] as AnyAnswerKind;
    const freshAfter = this.scopes.active ? this.scopes.freshAfter(context.address, answerId(kind.store, key)) : 0;
    const cached = kind.read(this.cache, key, question, freshAfter);
    if (cached !== MISS) return receiver.value(cached as AnswerOf<K>);
    if (context.preview) throw new UnavailableError("preview", PREVIEW);
    const refreshing = freshAfter > 0 && this.cache.fetchedAt(kind.store, key) !== undefined ? `${name}\0${key}` : "";
    if (refreshing) {
      this.refreshing.add(refreshing);
      if (!this.askedAgain.has(refreshing)) this.askedAgain.set(refreshing, this.askedAgain.size);
    }
    return this.load(
      new PendingAnswer(this.steps, name, key, question, context, refreshing, receiver),
      kind.need?.(question),
    );
  }

  /** An ask that waited for the store: what it would have thrown at once goes to its receiver. */
  private askWhenReady<K extends AnswerKindName, R>(
    name: K,
    key: string,
    question: AskOf<K>,
    context: CallContext,
    receiver: AnswerReceiver<AnswerOf<K>, R>,
  ): R | Promise<R> {
    try {
      return this.ask(name, key, question, context, receiver);
    } catch (error) {
      return receiver.failure(toUserError(error));
    }
  }

  /**
   * Loads an answer and answers the ask from it (PendingAnswer). A loaded answer can hold too little
   * for the ask (a record a team gateway cut to the fields of a request this ask joined after it was
   * sent): asked again, with what the cache holds of it, and the third time whole, so a gateway that
   * never keeps what it is asked cannot keep a cell waiting.
   */
  private load<R>(pending: PendingAnswer<R>, need: unknown): Promise<R> {
    const onProgress = pending.context.onWait as ((progress: unknown) => void) | undefined;
    return this.loaders[pending.name].load(pending.key, pending.context.signal, onProgress, need, pending);
  }

  /** What a pending ask calls when its loader settles it (PendingAnswer). */
  private readonly steps: PendingSteps = {
    received: (pending, loaded) => {
      const { name, key } = pending;
      if (pending.refreshing) this.refreshing.delete(pending.refreshing);
      this.apply(name, key, loaded);
      return (ANSWER_KINDS[name] as AnyAnswerKind).answer(this.cache, key, loaded, pending.question);
    },
    again: (pending) => {
      const kind = ANSWER_KINDS[pending.name] as AnyAnswerKind;
      const next = pending.again();
      return this.load(next, next.attempt >= 2 ? kind.whole : kind.need?.(next.question));
    },
    failed: (pending, error) => {
      if (pending.refreshing) this.refreshing.delete(pending.refreshing);
      return toUserError(error);
    },
  };

  /** `ask`, always as a promise: whatever fails reaches the caller as a rejected UserError. */
  async answer<K extends AnswerKindName>(
    name: K,
    key: string,
    question: AskOf<K>,
    context: CallContext = {},
  ): Promise<AnswerOf<K>> {
    try {
      return await this.ask(name, key, question, context);
    } catch (error) {
      throw toUserError(error);
    }
  }

  /** Stores a loaded answer once however many asks shared it, keeping what it replaced (see `changes`). */
  private apply(name: AnswerKindName, key: string, loaded: { fetchedAt: number }): void {
    if (this.applied.has(loaded)) return;
    this.applied.add(loaded);
    const kind = ANSWER_KINDS[name] as AnyAnswerKind;
    this.keepReplaced(name, kind.store, key);
    kind.apply(this.cache, key, loaded);
  }

  /** Keeps what is stored under `key` before its first replacement since the last refresh. */
  private keepReplaced(name: AnswerKindName, store: string, key: string): void {
    const replaced = this.replaced.get(name) ?? new Map<string, Held>();
    if (replaced.has(key)) return;
    const before = this.cache.held(store, key);
    if (before) this.replaced.set(name, replaced.set(key, before));
  }

  /** Raw values of `paths` for one company, in order (null where the company has no value). */
  companyValues(number: string, paths: readonly ResolvedPath[], context: CallContext = {}): Promise<unknown[]> {
    return this.answer("companies", number, paths, context);
  }

  /**
   * When the stored record of a company was fetched (epoch ms), or undefined when nothing is stored.
   * It never sends a request, but a load of the company in flight (a FIELD cell of the same
   * recalculation) is waited for, so after a refresh it gives the new time, not the old one.
   */
  async companyFetchedAt(number: string, context: CallContext = {}): Promise<number | undefined> {
    if (!this.isReady) await this.ready;
    const loader = this.loaders.companies;
    // Excel calls a recalculation's cells in no set order: when this cell comes before the FIELD
    // cells that fetch the company, one turn of the event loop lets them ask first.
    if (
      !loader.isLoading(number) &&
      !this.cache.company(number, this.scopes.freshAfter(context.address, answerId(COMPANIES, number)))
    )
      await this.options.clock.sleep(0);
    if (loader.isLoading(number)) {
      try {
        this.apply("companies", number, await loader.load(number, context.signal));
      } catch (error) {
        // A failed refresh leaves the stored record in place, and that is what the time describes.
        if (!this.cache.company(number)) throw toUserError(error);
      }
    }
    return this.cache.fetchedAt(COMPANIES, number);
  }

  /** When the stored answer of a kind was fetched (epoch ms); undefined when none is stored. Sends nothing. */
  fetchedAt(name: AnswerKindName, key: string): number | undefined {
    return this.cache.fetchedAt(ANSWER_KINDS[name].store, key);
  }

  /**
   * A company's record as sent, while memory still holds it (the most recent few thousand): whole,
   * or, given a path, cut to fields that include the path's.
   */
  fullRecord(number: string, path?: ResolvedPath): RawCompany | undefined {
    return this.cache.fullRecord(number, 0, path?.steps);
  }

  /** When each stored answer was fetched, for the pane's age of the store. */
  fetchTimes(): FetchTimes {
    return this.cache.fetchTimes();
  }

  /** The store, to read: what workbook analysis (About this value) reads of it sends nothing. */
  storedAnswers(): StoredAnswers {
    return this.cache;
  }

  /**
   * What the values fetched since the last refresh replaced: each stored field whose value moved,
   * the companies the service stopped (or started) knowing, and each other answer that moved. Read
   * from the cache; sends nothing.
   */
  changes(): RefreshChanges {
    const report: ChangeReport = { changes: [], answers: [], noLongerFound: [], foundAgain: [] };
    for (const [name, replaced] of this.replaced) {
      const kind = ANSWER_KINDS[name] as AnyAnswerKind;
      const ranked = [...replaced].map(([key, before]) => ({
        key,
        before,
        rank: this.askedAgain.get(`${name}\0${key}`) ?? Number.MAX_SAFE_INTEGER,
      }));
      for (const { key, before } of ranked.sort((a, b) => a.rank - b.rank)) {
        kind.report(key, before, this.cache.held(kind.store, key), report);
      }
    }
    return { companies: this.replaced.get("companies")?.size ?? 0, ...report };
  }

  /**
   * Puts back what the values fetched since the last refresh replaced, from memory and without a
   * request, and ends the refresh so cells read them; the store saves them. Returns how many
   * companies and other answers were restored. Available until the next refresh.
   */
  undoRefresh(): { companies: number; answers: number } {
    const restored = { companies: 0, answers: 0 };
    for (const [name, replaced] of this.replaced) {
      for (const [key, before] of replaced) this.cache.restore(ANSWER_KINDS[name].store, key, before);
      if (name === "companies") restored.companies += replaced.size;
      else restored.answers += replaced.size;
    }
    this.replaced.clear();
    this.askedAgain.clear();
    this.scopes.clear();
    return restored;
  }

  /**
   * Stores an answer fetched outside the loaders (the pane's Match names runs its own batch jobs),
   * so the functions that read it answer from the cache, as if they had fetched it themselves.
   */
  async rememberAnswer<K extends Exclude<AnswerKindName, "companies">>(
    name: K,
    key: string,
    value: AnswerOf<K>,
  ): Promise<void> {
    if (!this.isReady) await this.ready;
    const { store } = ANSWER_KINDS[name];
    this.keepReplaced(name, store, key);
    this.cache.putAnswer(store, key, value, this.options.clock.now());
  }

  /** The match for a key built by `matchKey`. */
  match(key: string, context: CallContext = {}): Promise<AnswerOf<"matches">> {
    return this.answer("matches", key, undefined, context);
  }

  /** The classification for a key built by `classifyKey`. */
  classify(key: string, context: CallContext = {}): Promise<AnswerOf<"classifications">> {
    return this.answer("classifications", key, undefined, context);
  }

  /** The company number for a website's domain (see `domainOf`); null when no company has it. */
  website(domain: string, context: CallContext = {}): Promise<AnswerOf<"websites">> {
    return this.answer("websites", domain, undefined, context);
  }

  /** A multi-market company's record; null when the market does not know the number. */
  marketCompany(market: Market, number: string, context: CallContext = {}): Promise<AnswerOf<"marketCompanies">> {
    return this.answer("marketCompanies", marketKey(market, number), undefined, context);
  }

  /** Group structure rows of a company (level, number, name, parent), from the ultimate parent down. */
  group(number: string, context: CallContext = {}): Promise<AnswerOf<"groups">> {
    return this.answer("groups", number, undefined, context);
  }

  /** Marks cached values in `scope` stale: the next calculation of a cell there fetches again. */
  refresh(scope: RefreshScope): void {
    this.scopes.record(scope);
    // The previous values stay available (changes, undo) until the next refresh.
    this.replaced.clear();
    this.askedAgain.clear();
  }

  /**
   * What sending costs now, for the refresh estimate (refresh-estimate.ts): read from the cache and
   * the governors alone, so asking costs nothing.
   */
  sendingCosts(): SendingCosts {
    return {
      fetchedAt: (store, key) => this.cache.fetchedAt(store, key),
      companyRequests: (n, before) => this.companyPlanner.forecast(n, before).length,
      governor: (service) => {
        const governor = this.clients.governors?.[service];
        return governor && { perMinute: governor.perMinute(), headroom: governor.headroom() };
      },
    };
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
      if (Object.values(this.loaders).some((loader) => loader.busy)) quietSince = clock.now();
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
    const perKind = (count: (name: AnswerKindName, store: string) => number) =>
      Object.fromEntries(
        (Object.keys(ANSWER_KINDS) as AnswerKindName[]).map((name) => [name, count(name, ANSWER_KINDS[name].store)]),
      ) as PerKind;
    return {
      ...perKind((_, store) => (store === COMPANIES ? held.companies : (held.answers[store] ?? 0))),
      bytes: held.bytes,
      oldestFetchedAt: held.oldestFetchedAt,
      requests: perKind((name) => this.loaders[name].stats.requests),
    };
  }
}
