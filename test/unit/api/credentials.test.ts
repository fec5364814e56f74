/** Each client asks for exactly its own credential, refuses the wrong kind before sending, and never leaks one. */
import {
  AuthRequiredError,
  createApiClients,
  HttpError,
  looksLikeJwt,
  NetworkError,
  readJwtExpiry,
  type ServiceName,
} from "../../../src/api";
import { FakeClock } from "./support/fake-clock";
import { fakeFetch } from "./support/fake-fetch";
import { BASE_URLS, harness, makeJwt, rejection } from "./support/harness";

const calls: Record<ServiceName, (h: ReturnType<typeof harness>) => Promise<unknown>> = {
  product: (h) => h.clients.product.filters(),
  matching: (h) => h.clients.matching.match({ input_name: "Acme" }),
  classification: (h) => h.clients.classification.classify({ Text: "Bakery" }),
  market: (h) => h.clients.market.filters("us"),
};

test.each(Object.keys(calls) as ServiceName[])(
  "without a %s credential nothing is sent and the error names the service",
  async (service) => {
    const h = harness([{ status: 200, body: {} }], { tokens: { [service]: undefined } });
    const error = await h.clock.drive(rejection(calls[service](h)));
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect(error).toMatchObject({ kind: "auth", service, problem: "missing" });
    expect(h.fake.calls).toHaveLength(0);
  },
);

test("each client asks the credential source for its own service only", async () => {
  const clock = new FakeClock();
  const asked: ServiceName[] = [];
  const fake = fakeFetch([{ status: 500 }], () => clock.now());
  const clients = createApiClients({
    fetch: fake.fetch,
    clock,
    baseUrls: BASE_URLS,
    random: () => 0,
    retry: { product: { maxRetries: 0 }, market: { maxRetries: 0 } },
    credentials: { getToken: async (s) => (asked.push(s), undefined), invalidate: () => undefined },
  });
  await rejection(clients.product.filters());
  await rejection(clients.market.filters("de"));
  expect(asked).toEqual(["product", "market"]);
});

describe("matching only ever receives a dm_live_ key", () => {
  test.each([
    ["a login JWT", makeJwt(2_000_000_000)],
    ["a key without the dm_live_ prefix", "sk_test_4b8e2f0c9d1a7e"],
  ])("%s is refused before sending, and the source is told", async (_what, token) => {
    const h = harness([{ status: 200, body: {} }], { tokens: { matching: token } });
    const error = await h.clock.drive(rejection(h.clients.matching.match({ input_name: "Acme" })));
    expect(error).toMatchObject({ kind: "auth", service: "matching", problem: "wrong-kind" });
    expect(h.fake.calls).toHaveLength(0);
    expect(h.invalidations).toEqual([{ service: "matching", reason: "wrong-kind" }]);
  });
});

test("a matching key is never sent to another service", async () => {
  const key = "dm_live_4b8e2f0c9d1a7e";
  const h = harness([{ status: 200, body: {} }], { tokens: { product: key, classification: key, market: key } });
  for (const service of ["product", "classification", "market"] as const) {
    expect(await h.clock.drive(rejection(calls[service](h)))).toMatchObject({ service, problem: "wrong-kind" });
  }
  expect(h.fake.calls).toHaveLength(0);
});

test("an expired classification login is refused before sending", async () => {
  const clock = new FakeClock();
  const h = harness([{ status: 200, body: {} }], {
    tokens: { classification: makeJwt(Math.floor(clock.now() / 1000) - 60) },
  });
  const error = await h.clock.drive(rejection(h.clients.classification.classify({ Text: "Bakery" })));
  expect(error).toMatchObject({ problem: "expired", service: "classification" });
  expect(error as Error).toHaveProperty("message", "The sign-in for the classification service has expired.");
  expect(h.fake.calls).toHaveLength(0);
  expect(h.invalidations).toEqual([{ service: "classification", reason: "expired" }]);
});

test("a 401 body that echoes the token does not carry it into the error", async () => {
  const h = harness(() => ({ status: 401, body: { detail: `Unknown key ${h.tokens.market}` } }));
  const error = await h.clock.drive(rejection(h.clients.market.filters("us")));
  expect(error).toBeInstanceOf(AuthRequiredError);
  expect(JSON.stringify({ ...(error as object), m: (error as Error).message })).not.toContain(h.tokens.market);
  expect((error as AuthRequiredError).serverMessage).toBe("Unknown key [redacted]");
});

test("user-info in a base URL never reaches an error's url", async () => {
  const clock = new FakeClock();
  const fake = fakeFetch([{ status: 404, body: { message: "nope" } }], () => clock.now());
  const clients = createApiClients({
    fetch: fake.fetch,
    clock,
    baseUrls: { ...BASE_URLS, product: "https://proxyuser:proxy-pass-991@proxy.example/api" },
    credentials: { getToken: async () => "prod-token-7f3a9c21e4", invalidate: () => undefined },
  });
  const error = (await rejection(clients.product.filters())) as HttpError;
  expect(fake.calls[0]?.url).toContain("proxy-pass-991");
  expect(error.url).toBe("https://proxy.example/api/v2/filters");
});

test("a network error keeps the failure as its cause but says nothing about credentials", async () => {
  const h = harness(() => "network-error", { retry: { product: { networkRetries: 0 } } });
  const error = (await h.clock.drive(rejection(h.clients.product.filters()))) as NetworkError;
  expect(error).toBeInstanceOf(NetworkError);
  expect(error.cause).toBeInstanceOf(TypeError);
  expect(error.url).toBe("https://product.test/api/v2/filters");
});

describe("JWT helpers", () => {
  test("recognise three base64url segments and read exp without verifying", () => {
    expect(looksLikeJwt(makeJwt(1_900_000_000))).toBe(true);
    expect(readJwtExpiry(makeJwt(1_900_000_000))).toBe(1_900_000_000_000);
    expect(looksLikeJwt("dm_live_abc")).toBe(false);
    expect(readJwtExpiry("aaa.bbb.ccc")).toBeUndefined();
  });
});
