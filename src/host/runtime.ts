/**
 * The composition root of the shared runtime: one configuration, one credential store, one set
 * of API clients (one governor per service) and one engine, shared by the custom functions, the
 * ribbon commands and the pane, because they all run in this one page.
 */
import type { ApiClients } from "@ukco/api/factory";
import type { BodyReader } from "@ukco/api/http/body-reader";
import { createApiClients } from "@ukco/core/api-values";
import { systemClock } from "@ukco/core/api-values";
import {
  applyServiceOverrides,
  loadDeploymentConfig,
  type DeploymentConfig,
  type ServiceUrls,
} from "@ukco/core/config";
import { CredentialStore } from "@ukco/core/credentials";
import { Engine } from "@ukco/core/engine";
import { keepQuotas } from "@ukco/core/quota-memory";
import { renewingSignOn } from "@ukco/core/sign-on-renewal";
import { officeRuntimeStorage } from "./office-storage";
import { gatewaySignOn } from "./sso";
import { customXmlStore } from "./workbook-store";

export interface Runtime {
  config: DeploymentConfig;
  credentials: CredentialStore;
  clients: ApiClients;
  engine: Engine;
}

const OVERRIDES_KEY = "ukco.settings.serviceUrls";
const problemListeners = new Set<(message: string) => void>();
const problems: string[] = [];
let current: Promise<Runtime> | undefined;
/** The runtime once built, for answers that need not wait (a cell answered from the cache). */
let built: Runtime | undefined;
let engine: Engine | undefined;
let bodyReader: BodyReader | undefined;

/** Problems the pane should show (a damaged workbook store, a failed save, a bad configuration). */
export function onRuntimeProblem(listener: (message: string) => void): () => void {
  problems.forEach(listener);
  problemListeners.add(listener);
  return () => problemListeners.delete(listener);
}

function report(message: string): void {
  problems.push(message);
  for (const listener of problemListeners) listener(message);
}

export async function readServiceOverrides(): Promise<Partial<ServiceUrls>> {
  const text = await officeRuntimeStorage.getItem(OVERRIDES_KEY);
  try {
    return text ? (JSON.parse(text) as Partial<ServiceUrls>) : {};
  } catch {
    return {};
  }
}

/** Saves the user's service URLs and rebuilds the clients with them (the cache is kept). */
export async function saveServiceOverrides(overrides: Partial<ServiceUrls>): Promise<void> {
  await officeRuntimeStorage.setItem(OVERRIDES_KEY, JSON.stringify(overrides));
  current = undefined;
  built = undefined;
}

/**
 * Where the clients parse answers: the page sets its worker reader (src/worker/page-body-reader.ts)
 * before the runtime is first built; unset (tests, benchmarks that compose their own), on this thread.
 */
export function setBodyReader(reader: BodyReader): void {
  bodyReader = reader;
}

async function build(): Promise<Runtime> {
  const pageUrl = window.location.href;
  const deployed = await loadDeploymentConfig((url) => fetch(url), pageUrl);
  const config = applyServiceOverrides(deployed, await readServiceOverrides(), pageUrl);
  const throughGateway = config.gateway !== undefined;
  const credentials = new CredentialStore(officeRuntimeStorage, Date.now, throughGateway);
  const gateway = config.gateway;
  const clients = createApiClients({
    fetch: (url, init) => fetch(url, init),
    // A sign-on token is renewed silently before it runs out, so an open workbook keeps answering.
    credentials: gateway?.singleSignOn
      ? renewingSignOn(credentials, () => gatewaySignOn(gateway, { prompt: false }))
      : credentials,
    baseUrls: config.services,
    throughGateway,
    ...(config.teamUrl ? { teamUrl: config.teamUrl } : {}),
    bodyReader,
  });
  // Before the first recalculation's burst is planned: it then knows the quota each service stated.
  await keepQuotas(clients.governors, config.services, officeRuntimeStorage, systemClock);
  // The engine (and its cache) outlives a change of service URLs; only the clients are rebuilt.
  engine ??= new Engine({ clients, clock: systemClock, store: customXmlStore, onProblem: report });
  engine.useClients(clients);
  return { config, credentials, clients, engine };
}

/**
 * Hosts the functions and pane on a runtime composed elsewhere: benchmarks and tests that run the
 * real function adapters in Node, where there is no page to read a configuration from.
 */
export function provideRuntime(runtime: Runtime): void {
  engine = runtime.engine;
  current = Promise.resolve(runtime);
  built = runtime;
}

/** The runtime if it is built, else undefined (then `getRuntime` builds it). */
export function readyRuntime(): Runtime | undefined {
  return current ? built : undefined;
}

/**
 * Builds the runtime as soon as Office is ready rather than at the first call: the page's first
 * recalculation then finds the configuration read, the clients made and the workbook's store loaded,
 * and its requests leave when its burst of calls ends. (Built at the first call, every call of that
 * burst waited on the build and then on the store, and the requests left 250 ms and more later.)
 * A build that fails is reported as at a first call, and the first call builds it again.
 */
export function startRuntimeWhenReady(): void {
  void Office.onReady(() => getRuntime().catch(() => undefined));
}

export function getRuntime(): Promise<Runtime> {
  if (!current) {
    const building = build();
    current = building;
    built = undefined;
    building.then(
      (runtime) => {
        if (current === building) built = runtime;
      },
      (error: Error) => {
        report(error.message);
        if (current === building) current = undefined;
      },
    );
  }
  return current;
}
