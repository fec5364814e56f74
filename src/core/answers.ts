/**
 * Every kind of answer the functions cache, declared once: the map it is kept in (its name in the
 * workbook store), the service that sends it, the batch loader that fetches it, how a cached one is
 * read and a loaded one stored and answered, and how many requests a refresh of some keys costs
 * (refresh-estimate.ts). The engine runs one path over this table for every kind (cache → value
 * preview → load → apply → remember for undo); the memory cache and the workbook store keep each
 * kind's map. Freshness is the same for every kind: a value stays until the user refreshes the
 * cells that show it (refresh-scopes.ts).
 *
 * Most kinds keep exactly what their function shows (`kept`). Company records differ only in their
 * hooks (company-answers.ts): a cell asks for some fields of a record.
 *
 * A new kind is an entry here (with its loader in core/loaders); a new function of a kind is its
 * module in src/functions, whose definition names the kind (core/analysis/function-definition.ts).
 */
import { z } from "zod";
import type { ServiceName } from "@ukco/api/credentials";
import type { Clock } from "@ukco/api/http/types";
import { MAX_BATCH_NUMBERS, MARKETS } from "@ukco/api/market/schemas";
import { MAX_BATCH_COMPANIES } from "@ukco/api/matching/schemas";
import type { BatchLoader } from "./batch-loader";
import { StoredClassificationSchema, StoredGroupRowSchema, StoredMatchSchema } from "./cache/snapshot";
import { COMPANIES, MISS, type Held, type WorkbookCache } from "./cache/workbook-cache";
import type { EngineClients } from "./call-context";
import type { ChunkPlanner } from "./chunk-plan";
import { answerCompany, companyNeed, readCompany, reportCompany, type ChangeReport } from "./company-answers";
import { MAX_BATCH_URLS } from "./explore/websites";
import type { ResolvedPath } from "./field-path";
import { createClassificationLoader } from "./loaders/classification-loader";
import { createCompanyLoader, WHOLE_RECORD } from "./loaders/company-loader";
import { createGroupLoader } from "./loaders/group-loader";
import { createMarketLoader } from "./loaders/market-loader";
import { createMatchLoader, MATCH_LOADER_OPTIONS } from "./loaders/match-loader";
import { createWebsiteLoader } from "./loaders/website-loader";

/** What the engine gives every loader beside the clients. */
export interface LoaderHooks {
  /** Whether a key is asked again because the user refreshed it (a team gateway then skips its cache). */
  refreshing(key: string): boolean;
  /** Top-level fields the cache holds of a company (company records only). */
  heldFields(number: string): Iterable<string>;
  /** How product bursts are cut (the engine keeps it, to forecast a refresh). */
  planner: ChunkPlanner;
}

/** Requests a refresh of `keys` sends; `before`: requests of the same service queued ahead of them. */
export interface RequestCount {
  requests: number;
  /** False where the service decides part of the count; `requests` is then the least. */
  exact: boolean;
  /** Batch jobs, for the matching service's larger bursts. */
  jobs?: number;
}
export type RequestRule = (
  keys: readonly string[],
  companyRequests: (n: number, before: number) => number,
  before: number,
) => RequestCount;

export interface AnswerKind<Loaded extends { fetchedAt: number }, Ask, Answer> {
  /** The map's name in the workbook store. Never rename one: saved workbooks hold it. */
  store: string;
  service: ServiceName;
  /** How the answer is stored (a saved workbook is input like any other); companies: snapshot.ts's own. */
  shape?: z.ZodType;
  loader(clients: () => EngineClients, clock: Clock, hooks: LoaderHooks): BatchLoader<Loaded, unknown>;
  /** The cached answer to `ask`, or MISS. Reads the cache once. */
  read(cache: WorkbookCache, key: string, ask: Ask, freshAfter: number): Answer | typeof MISS;
  /** Stores a loaded answer (once, however many cells asked). */
  apply(cache: WorkbookCache, key: string, loaded: Loaded): void;
  /** A waiting cell's answer, from the loaded value itself; MISS when it holds too little for `ask`. */
  answer(cache: WorkbookCache, key: string, loaded: Loaded, ask: Ask): Answer | typeof MISS;
  /** What the loader is told `ask` needs, when it can fetch less than a whole answer. */
  need?(ask: Ask): unknown;
  /** The need that asks for a whole answer. */
  whole?: unknown;
  /** How a refresh of some keys goes on the wire (the loader's own rule). */
  requests: RequestRule;
  /** What a refresh changed of one key (What changed). */
  report(key: string, before: Held, after: Held | undefined, into: ChangeReport): void;
  /** Who decided a stored answer, when a person did rather than a service (a team's match decision). */
  decided?(stored: Answer): { by: string; at: string } | undefined;
}

/** A kind that keeps exactly what its function shows. */
function kept<Loaded extends { fetchedAt: number }, Stored>(entry: {
  store: string;
  service: ServiceName;
  shape: z.ZodType<Stored>;
  loader(clients: () => EngineClients, clock: Clock, hooks: LoaderHooks): BatchLoader<Loaded>;
  /** What is kept of a loaded answer: exactly what the function shows. */
  stored(loaded: Loaded): Stored;
  requests: RequestRule;
  decided?(stored: Stored): { by: string; at: string } | undefined;
}): AnswerKind<Loaded, void, Stored> {
  const { stored, store } = entry;
  return {
    ...entry,
    read: (cache, key, _ask, freshAfter) => {
      const hit = cache.answer<Stored>(store, key, freshAfter);
      return hit ? hit.value : MISS;
    },
    apply: (cache, key, loaded) => cache.putAnswer(store, key, stored(loaded), loaded.fetchedAt),
    answer: (_cache, _key, loaded) => stored(loaded),
    // The answer is one value: it moved or it did not.
    report: (key, before, after, into) => {
      if (JSON.stringify(before.value ?? null) !== JSON.stringify(after?.value ?? null))
        into.answers.push({ kind: store, key, before: before.value, after: after?.value });
    },
  };
}

const onePerKey: RequestRule = (keys) => ({ requests: keys.length, exact: true });

export const ANSWER_KINDS = {
  companies: {
    store: COMPANIES,
    service: "product",
    loader: (clients, clock, hooks) => createCompanyLoader(() => clients().product, clock, hooks),
    read: readCompany,
    apply: (cache, number, loaded) =>
      cache.putCompany(number, loaded.record, loaded.lackingScopes, loaded.fetchedAt, loaded.fields),
    answer: answerCompany,
    need: companyNeed,
    whole: WHOLE_RECORD,
    // A burst as the planner would cut it now (chunk-plan.ts forecast).
    requests: (keys, companyRequests, before) => ({ requests: companyRequests(keys.length, before), exact: true }),
    report: reportCompany,
  } satisfies AnswerKind<import("./loaders/company-loader").LoadedCompany, readonly ResolvedPath[], unknown[]>,
  matches: kept({
    store: "matches",
    service: "matching",
    shape: StoredMatchSchema,
    loader: (clients, clock) =>
      createMatchLoader(
        () => clients().matching,
        clock,
        MATCH_LOADER_OPTIONS,
        () => clients().team,
      ),
    stored: (loaded) => loaded.match,
    decided: (match) => match.team,
    requests(keys) {
      if (keys.length <= MATCH_LOADER_OPTIONS.singleMatchLimit) return onePerKey(keys, () => 0, 0);
      const jobs = Math.ceil(keys.length / MAX_BATCH_COMPANIES);
      // Each job: submit, at least one status poll, results.
      return { requests: 3 * jobs, exact: false, jobs };
    },
  }),
  classifications: kept({
    store: "classifications",
    service: "classification",
    shape: StoredClassificationSchema,
    loader: (clients, clock) => createClassificationLoader(() => clients().classification, clock),
    stored: (loaded) => loaded.classification,
    requests: onePerKey,
  }),
  groups: kept({
    store: "groups",
    service: "product",
    shape: z.array(StoredGroupRowSchema),
    loader: (clients, clock) => createGroupLoader(() => clients().product, clock),
    stored: (loaded) => loaded.rows,
    requests: onePerKey,
  }),
  websites: kept({
    store: "websites",
    service: "product",
    // Domain → company number; null when no company has that website.
    shape: z.string().nullable(),
    loader: (clients, clock) => createWebsiteLoader(() => clients().product, clock),
    stored: (loaded) => loaded.number,
    // One search of up to 1,000 sites, in as many pages as the service finds companies.
    requests: (keys) => ({ requests: Math.ceil(keys.length / MAX_BATCH_URLS), exact: false }),
  }),
  marketCompanies: kept({
    store: "market",
    service: "market",
    // `market:number` → the market's (small) record; null when the market does not know it.
    shape: z.record(z.string(), z.unknown()).nullable(),
    loader: (clients, clock) => createMarketLoader(() => clients().market, clock),
    stored: (loaded) => loaded.record,
    // Per market, the batch lookup where the market has one, else a request per number.
    requests(keys) {
      const perMarket = MARKETS.map((m) => keys.filter((k) => k.startsWith(`${m}:`)).length);
      return { requests: perMarket.reduce((sum, n) => sum + Math.ceil(n / MAX_BATCH_NUMBERS), 0), exact: false };
    },
  }),
};

type Kinds = typeof ANSWER_KINDS;
export type AnswerKindName = keyof Kinds;
type KindOf<K extends AnswerKindName> =
  Kinds[K] extends AnswerKind<infer L, infer A, infer R> ? { loaded: L; ask: A; answer: R } : never;
/** What an answer of a kind is, as its function reads it. */
export type AnswerOf<K extends AnswerKindName> = KindOf<K>["answer"];
/** What a cell asks of a key of a kind (the fields of a company; nothing more for the others). */
export type AskOf<K extends AnswerKindName> = KindOf<K>["ask"];
/** Any entry, as the engine walks the table. */
export type AnyAnswerKind = AnswerKind<{ fetchedAt: number }, unknown, unknown>;

/** Each kind's stored shape by store name, for the cache and the workbook store (companies: snapshot.ts's own). */
export const ANSWER_SHAPES = Object.fromEntries(
  Object.values(ANSWER_KINDS).flatMap((k) => ("shape" in k && k.shape ? [[k.store, k.shape]] : [])),
);

/** The name of the entry whose map is `store` (What changed and the refresh estimate name answers by store). */
export function kindNameOfStore(store: string): AnswerKindName | undefined {
  return (Object.keys(ANSWER_KINDS) as AnswerKindName[]).find((name) => ANSWER_KINDS[name].store === store);
}

/** The entry whose map is `store`. */
export function kindOfStore(store: string): AnyAnswerKind | undefined {
  return (Object.values(ANSWER_KINDS) as AnyAnswerKind[]).find((k) => k.store === store);
}
