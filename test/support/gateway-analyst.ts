/**
 * An analyst's add-in signed in to a team gateway, minus Excel: the add-in's own clients (the
 * team's decisions included) and engine, with the gateway credential in the one slot a gateway
 * deployment keeps. Used by the gateway's tests and its benchmark.
 */
import { createApiClients, type ApiClients } from "../../src/api/factory";
import { systemClock } from "../../src/api/http/types";
import { gatewayServiceUrls } from "../../src/core/config";
import { CredentialStore } from "../../src/core/credentials";
import { Engine } from "../../src/core/engine";
import { MemoryStorage, MemoryWorkbookStore } from "./memory-stores";

export interface GatewayAnalyst {
  clients: ApiClients;
  engine: Engine;
}

export async function gatewayAnalyst(gatewayOrigin: string, credential: string): Promise<GatewayAnalyst> {
  const credentials = new CredentialStore(new MemoryStorage(), Date.now, true);
  await credentials.save("matching", credential);
  const clients = createApiClients({
    fetch: (url, init) => fetch(url, init),
    credentials,
    baseUrls: gatewayServiceUrls(gatewayOrigin),
    throughGateway: true,
    teamUrl: `${gatewayOrigin}/api/team`,
  });
  const engine = new Engine({ clients, clock: systemClock, store: new MemoryWorkbookStore() });
  await engine.ready;
  return { clients, engine };
}
