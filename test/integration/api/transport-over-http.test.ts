/** Transport behaviour over real sockets: time-outs, refused connections, Retry-After, bodies of every kind. */
import {
  AbortedError,
  createApiClients,
  HttpError,
  NetworkError,
  RateLimitedError,
  SchemaError,
  TimeoutError,
  type ApiClientsOptions,
} from "../../../src/api";
import { startTinyServer, type Handler, type TinyServer } from "./support/tiny-server";

const TOKEN = "prod-int-token-51c9a7";
let server: TinyServer | undefined;
afterEach(() => server?.close());

async function clientsFor(handler: Handler, extra: Partial<ApiClientsOptions> = {}, token = TOKEN) {
  server = await startTinyServer(handler);
  const base = server.origin;
  return createApiClients({
    fetch,
    credentials: { getToken: async () => token, invalidate: () => undefined },
    baseUrls: { product: `${base}/api`, matching: base, classification: base, market: base },
    ...extra,
  });
}

test("a server that never answers gives TimeoutError after the configured time-out", async () => {
  const api = await clientsFor(() => "hang", {
    timeouts: { product: { readMs: 150 } },
    retry: { product: { clientTimeoutRetries: 0 } },
  });
  const started = Date.now();
  const error = await api.product.filters().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
  expect(Date.now() - started).toBeGreaterThanOrEqual(140);
});

test("aborting an in-flight request rejects with AbortedError", async () => {
  const api = await clientsFor(() => "hang");
  const controller = new AbortController();
  const call = api.product.filters({ signal: controller.signal });
  setTimeout(() => controller.abort(), 30);
  expect(await call.catch((e: unknown) => e)).toBeInstanceOf(AbortedError);
});

test("a refused connection is a NetworkError", async () => {
  const closed = await startTinyServer(() => ({ status: 200 }));
  const origin = closed.origin;
  await closed.close();
  const api = createApiClients({
    fetch,
    credentials: { getToken: async () => TOKEN, invalidate: () => undefined },
    baseUrls: { product: `${origin}/api`, matching: origin, classification: origin, market: origin },
    retry: { product: { networkRetries: 1, baseDelayMs: 10 } },
  });
  expect(await api.product.filters().catch((e: unknown) => e)).toBeInstanceOf(NetworkError);
});

test("Retry-After is honoured between real requests", async () => {
  let calls = 0;
  const api = await clientsFor(() =>
    ++calls === 1
      ? { status: 429, headers: { "retry-after": "1" }, json: { message: "Too Many Attempts." } }
      : { status: 200, json: { Filters: [] } },
  );
  await expect(api.product.filters()).resolves.toEqual({ Filters: [] });
  const [first, second] = server?.seen ?? [];
  expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
});

test("429 on every attempt ends in RateLimitedError after the documented number of sends", async () => {
  const api = await clientsFor(
    () => ({ status: 429, json: { error: "Too many requests" } }),
    { retry: { matching: { baseDelayMs: 5 } } },
    "dm_live_int_8e21f0b3",
  );
  const limited = await api.matching.match({ input_name: "Acme" }).catch((e: unknown) => e);
  expect(limited).toBeInstanceOf(RateLimitedError);
  expect(limited).toMatchObject({ serverMessage: "Too many requests" });
  expect(server?.seen).toHaveLength(4);
});

test("a 500 with no body, and a problem+json gateway error, are both read by status first", async () => {
  const api = await clientsFor(
    (req) =>
      req.url.includes("/us/")
        ? { status: 500, text: "" }
        : {
            status: 404,
            headers: { "content-type": "application/problem+json" },
            text: JSON.stringify({ title: "Not Found", status: 404, trace: { requestId: "r-9" } }),
          },
    { retry: { market: { baseDelayMs: 5 } } },
  );
  const empty = (await api.market.filters("us").catch((e: unknown) => e)) as HttpError;
  expect(empty).toMatchObject({ status: 500, body: undefined, serverMessage: undefined });
  const gateway = (await api.market.filters("fr").catch((e: unknown) => e)) as HttpError;
  expect(gateway).toMatchObject({ status: 404, origin: "gateway", problem: { trace: { requestId: "r-9" } } });
});

test("a 200 whose body does not fit the schema is a SchemaError, not data", async () => {
  const api = await clientsFor(() => ({ status: 200, json: { rows: "not an array" } }));
  const error = await api.product.groupStructure("SC100001").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SchemaError);
  expect(error).toMatchObject({ status: 200, path: "", operation: "product.groupStructure" });
});
