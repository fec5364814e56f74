/**
 * Every kind of answer the functions cache, declared once: the map it is kept in (its name in the
 * workbook store), how it is stored (a zod shape: a saved workbook is input like any other), the
 * batch loader that fetches it, and what of a loaded answer is kept. The engine, the memory cache
 * and the workbook store all work over this table; freshness is the same for every kind (a value
 * stays until the user refreshes the cells that show it, see refresh-scopes.ts).
 *
 * Company records are not here: they keep one value per field path a formula reads, plus recent
 * full records, which the engine handles itself (`companyValues`).
 *
 * A new cached function is its file in src/functions, its formula in core/functions, an entry
 * here (with its loader, in core/loaders), and its test.
 */
import { z } from "zod";
import type { Clock } from "../api/http/types";
import type { BatchLoader } from "./batch-loader";
import { StoredClassificationSchema, StoredGroupRowSchema, StoredMatchSchema } from "./cache/snapshot";
import type { EngineClients } from "./engine";
import { createClassificationLoader } from "./loaders/classification-loader";
import { createGroupLoader } from "./loaders/group-loader";
import { createMarketLoader } from "./loaders/market-loader";
import { createMatchLoader } from "./loaders/match-loader";
import { createWebsiteLoader } from "./loaders/website-loader";

export interface AnswerKind<Loaded extends { fetchedAt: number }, Stored> {
  /** The map's name in the workbook store. Never rename one: saved workbooks hold it. */
  store: string;
  /** How the answer is stored. */
  shape: z.ZodType<Stored>;
  loader(clients: () => EngineClients, clock: Clock): BatchLoader<Loaded>;
  /** What is kept of a loaded answer: exactly what the function shows. */
  stored(loaded: Loaded): Stored;
}

const kind = <Loaded extends { fetchedAt: number }, Stored>(entry: AnswerKind<Loaded, Stored>) => entry;

export const ANSWER_KINDS = {
  matches: kind({
    store: "matches",
    shape: StoredMatchSchema,
    loader: (clients, clock) => createMatchLoader(() => clients().matching, clock),
    stored: (loaded) => loaded.match,
  }),
  classifications: kind({
    store: "classifications",
    shape: StoredClassificationSchema,
    loader: (clients, clock) => createClassificationLoader(() => clients().classification, clock),
    stored: (loaded) => loaded.classification,
  }),
  groups: kind({
    store: "groups",
    shape: z.array(StoredGroupRowSchema),
    loader: (clients, clock) => createGroupLoader(() => clients().product, clock),
    stored: (loaded) => loaded.rows,
  }),
  websites: kind({
    store: "websites",
    // Domain → company number; null when no company has that website.
    shape: z.string().nullable(),
    loader: (clients, clock) => createWebsiteLoader(() => clients().product, clock),
    stored: (loaded) => loaded.number,
  }),
  marketCompanies: kind({
    store: "market",
    // `market:number` → the market's (small) record; null when the market does not know it.
    shape: z.record(z.string(), z.unknown()).nullable(),
    loader: (clients, clock) => createMarketLoader(() => clients().market, clock),
    stored: (loaded) => loaded.record,
  }),
};

export type AnswerKindName = keyof typeof ANSWER_KINDS;
/** What an answer of a kind is, as its function reads it. */
export type AnswerOf<K extends AnswerKindName> = ReturnType<(typeof ANSWER_KINDS)[K]["stored"]>;

/** Each kind's stored shape by store name, for the cache and the workbook store. */
export const ANSWER_SHAPES = Object.fromEntries(Object.values(ANSWER_KINDS).map((k) => [k.store, k.shape]));
