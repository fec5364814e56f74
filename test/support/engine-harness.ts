/**
 * The real engine and API clients over real HTTP against an in-process sandbox, signed in with
 * the sandbox credentials: what the add-in runs, minus Excel. Used by integration tests and
 * benchmarks.
 */
import { createApiClients, type ApiClients, type ApiClientsOptions } from "../../src/api/factory";
import type { Clock } from "../../src/api/http/types";
import { CredentialStore } from "../../src/core/credentials";
import { Engine, type EngineOptions } from "../../src/core/engine";
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from "../../sandbox/sandbox";
import { MemoryStorage, MemoryWorkbookStore } from "./memory-stores";

export interface HarnessOptions {
  sandbox?: StartSandboxOptions;
  /** Use an already running sandbox instead of starting one. */
  running?: RunningSandbox;
  clients?: Partial<Pick<ApiClientsOptions, "limits" | "retry" | "timeouts">>;
  engine?: Partial<Pick<EngineOptions, "persistence" | "maxFullRecords">>;
  store?: MemoryWorkbookStore;
  clock?: Clock;
  /** Which product token to sign in with. */
  productToken?: "full" | "basic";
}

export interface Harness {
  sandbox: RunningSandbox;
  clients: ApiClients;
  credentials: CredentialStore;
  storage: MemoryStorage;
  store: MemoryWorkbookStore;
  engine: Engine;
  /** Counts every HTTP request the clients sent, by service. */
  requests: Record<string, number>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox =
    options.running ??
    (await startSandbox({
      companies: 5000,
      seed: 7,
      matchLatencyMs: [0, 5],
      batchQueuedMs: 50,
      batchRowMs: 0,
      ...options.sandbox,
    }));
  const storage = new MemoryStorage();
  const credentials = new CredentialStore(storage);
  const c = sandbox.credentials;
  await credentials.save("product", options.productToken === "basic" ? c.productTokenBasic : c.productToken);
  await credentials.save("matching", c.matchingKey);
  await credentials.save("market", c.marketKey);
  const requests: Record<string, number> = {};
  const clients = createApiClients({
    fetch: (url, init) => {
      const service = Object.entries(sandbox.urls).find(([, base]) => url.startsWith(base))?.[0] ?? "other";
      requests[service] = (requests[service] ?? 0) + 1;
      return fetch(url, init);
    },
    credentials,
    baseUrls: sandbox.urls,
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.clients,
  });
  const login = await clients.classification.login(c.classificationUsername, c.classificationPassword);
  await credentials.save("classification", login.accessToken, { username: c.classificationUsername });
  requests.classification = 0;
  const store = options.store ?? new MemoryWorkbookStore();
  const engine = new Engine({
    clients,
    clock: options.clock ?? (await import("../../src/api/http/types")).systemClock,
    store,
    ...options.engine,
  });
  await engine.ready;
  return {
    sandbox,
    clients,
    credentials,
    storage,
    store,
    engine,
    requests,
    close: async () => {
      if (!options.running) await sandbox.close();
    },
  };
}
