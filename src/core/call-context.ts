/**
 * What a formula tells the engine about its call, and what the engine is given to send with. Apart
 * from engine.ts so that the answer-kinds table (answers.ts), which the engine reads, never imports it.
 */
import type { ClassificationClient } from "../api/classification/client";
import type { ServiceName } from "../api/credentials";
import type { Governor } from "../api/http/governor";
import type { WaitInfo } from "../api/http/types";
import type { MarketClient } from "../api/market/client";
import type { MatchingClient } from "../api/matching/client";
import type { ProductClient } from "../api/product/client";

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
