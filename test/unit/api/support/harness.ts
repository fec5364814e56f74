/** Builds the four clients over a fake fetch and a fake clock, with a credential for each service. */
import {
  createApiClients,
  type ApiClients,
  type ApiClientsOptions,
  type InvalidationReason,
  type ServiceName,
} from "../../../../src/api";
import { FakeClock } from "./fake-clock";
import { fakeFetch, type CannedResponse, type FakeFetch, type Responder } from "./fake-fetch";

export const BASE_URLS: Record<ServiceName, string> = {
  product: "https://product.test/api",
  matching: "https://match.test",
  classification: "https://classify.test",
  market: "https://global.test",
};

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An unsigned-looking JWT with the given `exp` (seconds). */
export function makeJwt(expSeconds: number, sub = "analyst@example.co.uk"): string {
  return `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url({ sub, exp: expSeconds })}.c2lnbmF0dXJlLW5vdC1jaGVja2Vk`;
}

export function defaultTokens(clock: FakeClock): Record<ServiceName, string> {
  return {
    product: "prod-token-7f3a9c21e4",
    matching: "dm_live_4b8e2f0c9d1a7e",
    classification: makeJwt(Math.floor(clock.now() / 1000) + 8 * 24 * 3600),
    market: "mkt-key-5c1d9e7a2b",
  };
}

export interface Harness {
  clients: ApiClients;
  clock: FakeClock;
  fake: FakeFetch;
  tokens: Partial<Record<ServiceName, string>>;
  invalidations: Array<{ service: ServiceName; reason: InvalidationReason }>;
}

export function harness(
  respond: Responder | CannedResponse[],
  options: { tokens?: Partial<Record<ServiceName, string | undefined>>; random?: () => number } & Partial<
    Pick<ApiClientsOptions, "limits" | "retry" | "timeouts" | "throughGateway" | "bodyReader">
  > = {},
): Harness {
  const clock = new FakeClock();
  const fake = fakeFetch(respond, () => clock.now());
  const tokens: Partial<Record<ServiceName, string>> = { ...defaultTokens(clock), ...options.tokens };
  const invalidations: Harness["invalidations"] = [];
  const clients = createApiClients({
    fetch: fake.fetch,
    clock,
    random: options.random ?? (() => 0),
    baseUrls: BASE_URLS,
    credentials: {
      getToken: async (service) => tokens[service],
      invalidate: (service, reason) => void invalidations.push({ service, reason }),
    },
    limits: options.limits,
    retry: options.retry,
    timeouts: options.timeouts,
    throughGateway: options.throughGateway,
    bodyReader: options.bodyReader,
  });
  return { clients, clock, fake, tokens, invalidations };
}

/** Resolves to the rejection reason; fails the test when the promise resolves. */
export async function rejection(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail, but it succeeded");
}
