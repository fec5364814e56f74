import type { AddressInfo } from "node:net";
import { createAdmin } from "./admin";
import { PRODUCT_TOKEN_SCOPES, SANDBOX_CREDENTIALS, type SandboxCredentials } from "./credentials";
import { createClassificationService } from "./classification/service";
import { createMatchingService } from "./matching/service";
import { createMarketService } from "./market/service";
import { createProductService } from "./product/service";
import { createSandboxServer } from "./server";
import type { Service } from "./service";
import { DEFAULT_SETTINGS, type SandboxSettings, SandboxState } from "./state";

/**
 * `startSandbox`: generates the dataset, mounts the four services on one origin and listens.
 * Tests run it in-process on port 0; `main.ts` is the CLI around it.
 */

export interface StartSandboxOptions extends Partial<SandboxSettings> {
  /** 0 picks a free port (the default here; the CLI defaults to 3001). */
  port?: number;
  host?: string;
  /** Wall clock for the sandbox (tests); admin `/clock` moves it further. */
  now?: () => number;
  log?: (line: string) => void;
}

export interface SandboxUrls {
  product: string;
  matching: string;
  classification: string;
  market: string;
}

export interface RunningSandbox {
  readonly origin: string;
  readonly urls: SandboxUrls;
  readonly credentials: SandboxCredentials;
  readonly state: SandboxState;
  /** Time to generate the data and start listening, in ms. */
  readonly startupMs: number;
  close(): Promise<void>;
}

export function buildServices(state: SandboxState): Service[] {
  return [
    createProductService(state),
    createMatchingService(state),
    createClassificationService(state),
    createMarketService(state),
  ];
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const started = performance.now();
  const { port = 0, host = "127.0.0.1", now, log = () => undefined, ...overrides } = options;
  const settings: SandboxSettings = {
    ...DEFAULT_SETTINGS,
    ...overrides,
    rateLimits: { ...DEFAULT_SETTINGS.rateLimits, ...overrides.rateLimits },
  };
  const state = new SandboxState(settings, now);
  const services = buildServices(state);
  const front = createSandboxServer(state, services, createAdmin(state), log);
  await new Promise<void>((resolve, reject) => {
    front.server.once("error", reject);
    front.server.listen(port, host, () => resolve());
  });
  if (settings.warmRecords) {
    // The form an import with the sandbox's full token reads; others fill on first use.
    const scopes = new Set(PRODUCT_TOKEN_SCOPES[SANDBOX_CREDENTIALS.productToken]);
    void state.records.warm(state.ds.size, state.readings.recordForm, scopes);
  }
  const address = front.server.address() as AddressInfo;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  const prefix = (name: string) => `${origin}${services.find((s) => s.name === name)?.prefix ?? `/${name}`}`;
  return {
    origin,
    urls: {
      product: prefix("product"),
      matching: prefix("matching"),
      classification: prefix("classification"),
      market: prefix("market"),
    },
    credentials: SANDBOX_CREDENTIALS,
    state,
    startupMs: performance.now() - started,
    close: () => {
      state.records.stopWarming();
      return front.close();
    },
  };
}
