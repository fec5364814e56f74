/**
 * The add-in's real custom-function adapters (src/functions) hosted on the simulated Excel in
 * Node, on a runtime composed here: the real engine and clients, signed in to a sandbox, with a
 * fetch that counts requests and 429s. What Excel and the page would do, minus the page.
 */
import { createRequire } from "node:module";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { createApiClients, type ApiClients, type ApiClientsOptions } from "../../src/api/factory";
import type { Clock } from "../../src/api/http/types";
import { CredentialStore } from "../../src/core/credentials";
import { Engine } from "../../src/core/engine";
import { provideRuntime, type Runtime } from "../../src/host/runtime";
import { customXmlStore } from "../../src/host/workbook-store";
import type { RunningSandbox } from "../../sandbox/sandbox";
import { createSimulatedExcel, installOfficeSim, type SimulatedExcel } from "../../tools/office-sim";
import { MemoryStorage } from "../../test/support/memory-stores";
import { pageBodyReader } from "./node-body-reader";

const { functionFiles } = createRequire(__filename)("../../scripts/lib/function-files.cjs") as {
  functionFiles(): string[];
};

type AnyFunction = (...args: unknown[]) => unknown;

export interface FunctionsHost {
  metadata: unknown;
  implementations: Map<string, AnyFunction>;
}

/** functions.json generated from the JSDoc exactly as the build does, and each id's implementation. */
export async function loadFunctions(): Promise<FunctionsHost> {
  const files = functionFiles();
  const generated = await generateCustomFunctionsMetadata(files, false);
  if (generated.errors.length) throw new Error(`functions.json: ${generated.errors.join("; ")}`);
  const exported = new Map<string, AnyFunction>();
  for (const file of files) {
    for (const [name, value] of Object.entries((await import(file)) as Record<string, unknown>)) {
      if (typeof value === "function") exported.set(name, value as AnyFunction);
    }
  }
  const implementations = new Map<string, AnyFunction>();
  for (const { id, functionName } of generated.associate) {
    const implementation = exported.get(functionName);
    if (implementation) implementations.set(id, implementation);
  }
  return { metadata: JSON.parse(generated.metadataJson), implementations };
}

export interface Traffic {
  requests: Record<string, number>;
  rateLimited: number;
  reset(): void;
}

/**
 * Clients signed in to the sandbox with its credentials; every request counted by service. Answers
 * are read as the page reads them, large cut ones in a worker thread, unless `bodyReader` says otherwise.
 */
export async function signedInClients(
  sandbox: RunningSandbox,
  options: Partial<Pick<ApiClientsOptions, "limits" | "clock" | "bodyReader">> = {},
): Promise<{ clients: ApiClients; credentials: CredentialStore; traffic: Traffic }> {
  const credentials = new CredentialStore(new MemoryStorage());
  const c = sandbox.credentials;
  await credentials.save("product", c.productToken);
  await credentials.save("matching", c.matchingKey);
  await credentials.save("market", c.marketKey);
  const traffic: Traffic = {
    requests: {},
    rateLimited: 0,
    reset() {
      this.requests = {};
      this.rateLimited = 0;
    },
  };
  const count = (url: string) => {
    const service = Object.entries(sandbox.urls).find(([, base]) => url.startsWith(base))?.[0] ?? "other";
    traffic.requests[service] = (traffic.requests[service] ?? 0) + 1;
  };
  const counted = (status: number) => {
    if (status === 429) traffic.rateLimited += 1;
  };
  const reader = options.bodyReader ?? pageBodyReader();
  const send = reader.send?.bind(reader);
  const clients = createApiClients({
    fetch: async (url, init) => {
      count(url);
      const response = await fetch(url, init);
      counted(response.status);
      return response;
    },
    credentials,
    baseUrls: sandbox.urls,
    ...options,
    // The requests the reader's workers send themselves are counted too.
    bodyReader: {
      read: (response, cut, emptyIsData) => reader.read(response, cut, emptyIsData),
      ...(send && {
        send(request) {
          const sent = send(request);
          if (sent) {
            count(request.url);
            sent.then((answer) => counted(answer.status)).catch(() => undefined);
          }
          return sent;
        },
      }),
    },
  });
  const login = await clients.classification.login(c.classificationUsername, c.classificationPassword);
  await credentials.save("classification", login.accessToken, { username: c.classificationUsername });
  traffic.reset();
  return { clients, credentials, traffic };
}

export interface HostedWorkbook {
  excel: SimulatedExcel;
  engine: Engine;
  /** When each invocation settled (ms, performance.now()), in settle order. */
  settled: number[];
  /** When Excel made each invocation (ms, performance.now()), in order. */
  invoked: number[];
  /** When each invocation returned to Excel (ms, performance.now()), in order: the end of its synchronous work. */
  returned: number[];
  close(): void;
}

/**
 * Opens a workbook (new, or `excel` restored from a snapshot) in the simulated Excel, with a new
 * engine over the workbook's own store, and associates the function adapters. `replace` swaps in
 * another implementation for an id (the benchmark's baselines).
 */
export async function openWorkbook(
  host: FunctionsHost,
  clients: ApiClients,
  credentials: CredentialStore,
  options: { excel?: SimulatedExcel; clock: Clock; replace?: Record<string, AnyFunction> },
): Promise<HostedWorkbook> {
  const excel = options.excel ?? createSimulatedExcel({ functionsMetadata: host.metadata as never });
  const installed = installOfficeSim(globalThis as unknown as Record<string, unknown>, excel);
  const engine = new Engine({ clients, clock: options.clock, store: customXmlStore });
  await engine.ready;
  const runtime: Runtime = {
    config: { services: { product: "", matching: "", classification: "", market: "" }, sandbox: true },
    credentials,
    clients,
    engine,
  };
  provideRuntime(runtime);
  const settled: number[] = [];
  const invoked: number[] = [];
  const returned: number[] = [];
  const note = () => settled.push(performance.now());
  for (const [id, implementation] of host.implementations) {
    const chosen = options.replace?.[id] ?? implementation;
    CustomFunctions.associate(id, (...args: unknown[]) => {
      invoked.push(performance.now());
      const result = chosen(...args);
      returned.push(performance.now());
      if (result instanceof Promise) result.then(note, note);
      else note();
      return result;
    });
  }
  const close = () => {
    // Or its pending save would land in whichever workbook the simulated host shows next.
    engine.detachStore();
    installed.uninstall();
  };
  return { excel, engine, settled, invoked, returned, close };
}
