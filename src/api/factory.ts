/**
 * Builds the four clients over one injected fetch, clock and credential source, with one
 * governor per service (shared by every call to that service).
 */
import {
  createClassificationClient,
  checkClassificationToken,
  CLASSIFICATION_TIMEOUTS,
  type ClassificationClient,
} from "./classification/client";
import type { CredentialSource, ServiceName } from "./credentials";
import { GuessedOperations } from "./guessed";
import type { BodyReader } from "./http/body-reader";
import { Governor, type GovernorLimits } from "./http/governor";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./http/retry";
import { createTransport, type TransportOptions } from "./http/transport";
import { systemClock, type Clock, type FetchLike, type RandomSource } from "./http/types";
import { createMarketClient, MARKET_TIMEOUTS, type MarketClient } from "./market/client";
import { createMatchingClient, MATCHING_TIMEOUTS, type MatchingClient } from "./matching/client";
import { checkMatchingKey, MATCHING_KEY_PREFIX } from "./matching/credential";
import { createProductClient, PRODUCT_TIMEOUTS, type ProductClient } from "./product/client";
import { createTeamClient, type TeamClient } from "./team/client";

/**
 * Client-side limits. Product: no limit a minute until the service states one in its answers
 * (quota-headers.ts; the contract does not show it, CONTRACT-CHOICES.md), so a burst goes in the
 * fewest requests until then. Classification 5/min (API-FACTS), matching 60/min with 4 at once
 * (INFERRED, CONTRACT-CHOICES.md), multi-market 60/min (contract); a statement of theirs replaces
 * these. Concurrency caps other than matching's are ours (INFERRED): small, so one burst cannot
 * hog the host.
 */
export const DEFAULT_LIMITS: Readonly<Record<ServiceName, GovernorLimits>> = {
  product: { concurrency: 6 },
  matching: { perMinute: 60, concurrency: 4 },
  classification: { perMinute: 5, concurrency: 2 },
  market: { perMinute: 60, concurrency: 4 },
};

export interface ApiTimeouts {
  product: typeof PRODUCT_TIMEOUTS;
  matching: typeof MATCHING_TIMEOUTS;
  classification: typeof CLASSIFICATION_TIMEOUTS;
  market: typeof MARKET_TIMEOUTS;
}

export interface ApiClientsOptions {
  fetch: FetchLike;
  credentials: CredentialSource;
  /** Base URL of each service; the product one ends in `/api`. */
  baseUrls: Readonly<Record<ServiceName, string>>;
  clock?: Clock;
  random?: RandomSource;
  limits?: Partial<Record<ServiceName, Partial<GovernorLimits>>>;
  retry?: Partial<Record<ServiceName, Partial<RetryPolicy>>>;
  timeouts?: { [S in ServiceName]?: Partial<ApiTimeouts[S]> };
  /**
   * Through a team gateway: every request carries the user's gateway credential, which the
   * gateway swaps for the service's own, so the per-service credential checks do not apply.
   */
  throughGateway?: boolean;
  /** Where every service's 2xx bodies are parsed and cut; on the calling thread (`inlineBodyReader`) by default. */
  bodyReader?: BodyReader;
  /** A team gateway's own routes (`<gateway>/api/team`): with it, the clients include the team's decisions. */
  teamUrl?: string;
}

export interface ApiClients {
  product: ProductClient;
  matching: MatchingClient;
  classification: ClassificationClient;
  market: MarketClient;
  /** One per service: subscribe for queue status, or inspect with `snapshot()`. */
  governors: Readonly<Record<ServiceName, Governor>>;
  /** Which guessed operations these services turned out not to have (guessed.ts). */
  guessed: GuessedOperations;
  /** The team's match decisions, through a team gateway only. */
  team?: TeamClient;
}

/**
 * The team's decisions are looked up before a match is sent: a governor of their own, so a lookup
 * never waits behind (or spends) the matching quota. INFERRED (ours): the gateway limits writes,
 * not lookups, and one lookup holds a batch job's worth of names.
 */
const TEAM_LIMITS: GovernorLimits = { perMinute: 600, concurrency: 4 };

/** A matching key is only ever sent to matching. */
const notAMatchingKey = (token: string): "wrong-kind" | undefined =>
  token.startsWith(MATCHING_KEY_PREFIX) ? "wrong-kind" : undefined;

const CREDENTIAL_CHECKS: Readonly<Record<ServiceName, TransportOptions["checkCredential"]>> = {
  product: notAMatchingKey,
  matching: checkMatchingKey,
  classification: checkClassificationToken,
  market: notAMatchingKey,
};

export function createApiClients(options: ApiClientsOptions): ApiClients {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const governor = (service: ServiceName): Governor =>
    new Governor(service, { ...DEFAULT_LIMITS[service], ...options.limits?.[service] }, clock);
  const governors: Record<ServiceName, Governor> = {
    product: governor("product"),
    matching: governor("matching"),
    classification: governor("classification"),
    market: governor("market"),
  };
  const transport = (service: ServiceName) =>
    createTransport({
      service,
      baseUrl: options.baseUrls[service],
      fetch: options.fetch,
      clock,
      random,
      credentials: options.credentials,
      governor: governors[service],
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry?.[service] },
      bodyReader: options.bodyReader,
      ...(options.throughGateway ? { throughGateway: true } : { checkCredential: CREDENTIAL_CHECKS[service] }),
    });
  const t = options.timeouts ?? {};
  const guessed = new GuessedOperations();
  const teamUrl = options.teamUrl;
  return {
    guessed,
    ...(teamUrl
      ? {
          team: createTeamClient(
            createTransport({
              // The team's decisions are about matching: errors name that service.
              service: "matching",
              baseUrl: teamUrl,
              fetch: options.fetch,
              clock,
              random,
              credentials: options.credentials,
              governor: new Governor("matching", TEAM_LIMITS, clock),
              retry: { ...DEFAULT_RETRY_POLICY, ...options.retry?.matching },
              bodyReader: options.bodyReader,
              throughGateway: true,
            }),
          ),
        }
      : {}),
    product: createProductClient(transport("product"), { ...PRODUCT_TIMEOUTS, ...t.product }),
    matching: createMatchingClient(transport("matching"), { ...MATCHING_TIMEOUTS, ...t.matching }),
    classification: createClassificationClient(transport("classification"), {
      ...CLASSIFICATION_TIMEOUTS,
      ...t.classification,
    }),
    market: createMarketClient(transport("market"), { ...MARKET_TIMEOUTS, ...t.market }, guessed),
    governors,
  };
}
