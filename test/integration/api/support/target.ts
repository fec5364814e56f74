/**
 * What the integration tests run against: today the mini services on a tiny server. To point
 * them at the team's sandbox, return its origin (same prefixes) and its printed credentials here.
 */
import type { CredentialSource, InvalidationReason, ServiceName } from "../../../../src/api";
import { miniServices, PREFIXES, TOKENS } from "./mini-services";
import { startTinyServer, type TinyServer } from "./tiny-server";

export interface Target {
  server: TinyServer;
  baseUrls: Record<ServiceName, string>;
  /** An in-memory credential store; the classification token arrives by logging in. */
  credentials: CredentialSource & {
    set(service: ServiceName, token: string): void;
    invalidated: Array<[ServiceName, InvalidationReason]>;
  };
}

export async function startTarget(): Promise<Target> {
  const server = await startTinyServer(miniServices);
  const tokens = new Map<ServiceName, string>(Object.entries(TOKENS) as Array<[ServiceName, string]>);
  const invalidated: Array<[ServiceName, InvalidationReason]> = [];
  return {
    server,
    baseUrls: {
      product: server.origin + PREFIXES.product,
      matching: server.origin + PREFIXES.matching,
      classification: server.origin + PREFIXES.classification,
      market: server.origin + PREFIXES.market,
    },
    credentials: {
      getToken: async (service) => tokens.get(service),
      invalidate: (service, reason) => {
        invalidated.push([service, reason]);
        tokens.delete(service);
      },
      set: (service, token) => tokens.set(service, token),
      invalidated,
    },
  };
}
