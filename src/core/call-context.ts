/**
 * What a formula tells the engine about its call, and what the engine is given to send with. Apart
 * from engine.ts so that the answer-kinds table (answers.ts), which the engine reads, never imports it.
 */
import type { ClassificationClient } from "@ukco/api/classification/client";
import type { ServiceName } from "@ukco/api/credentials";
import type { Governor } from "@ukco/api/http/governor";
import type { WaitInfo } from "@ukco/api/http/types";
import type { MarketClient } from "@ukco/api/market/client";
import type { MatchingClient } from "@ukco/api/matching/client";
import type { ProductClient } from "@ukco/api/product/client";
import type { TeamClient } from "@ukco/api/team/client";
import type { UserError } from "./errors";

/**
 * What an ask listens to for its cancellation. An AbortSignal is one; a host may give something
 * smaller (a cold recalculation makes 10,000 asks, and an AbortController each is most of their cost).
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: AbortListener | (() => void), options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: AbortListener | (() => void)): void;
}

/** A listener object, as the DOM's EventTarget takes: an ask can be its own listener, with no closure. */
export interface AbortListener {
  handleEvent(): void;
}

export interface CallContext {
  /** The calling cell, `Sheet1!B2`; refresh scopes apply by it. */
  address?: string;
  signal?: CancelSignal;
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
  /** The team's match decisions, through a team gateway only. */
  team?: TeamClient;
  /** The services' governors, whose headroom lets a burst go in more, smaller requests. */
  governors?: Partial<Readonly<Record<ServiceName, Pick<Governor, "headroom" | "perMinute">>>>;
}

/**
 * What a caller makes of an answer, or of its failure (always a UserError), in the step that
 * settles it (Engine.ask): a cell shapes its row there instead of chaining a promise of its own.
 */
export interface AnswerReceiver<A, R> {
  value(answer: A): R | Promise<R>;
  failure(error: UserError): R | Promise<R>;
}
