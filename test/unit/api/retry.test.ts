/** Retries stop where the contracts say, wait as long as they say, and honour Retry-After. */
import { AbortedError, HttpError, NetworkError, RateLimitedError, TimeoutError } from "../../../src/api";
import { flush } from "./support/fake-clock";
import type { CannedResponse } from "./support/fake-fetch";
import { harness, rejection } from "./support/harness";

const GROUP: CannedResponse = { status: 200, body: [] };
const fail = (status: number, headers?: Record<string, string>): CannedResponse => ({
  status,
  body: { message: `status ${status}` },
  headers,
});

describe("which statuses are retried", () => {
  test.each([
    [400, 1],
    [401, 1],
    [402, 1],
    [403, 1],
    [404, 1],
    [409, 1],
    [422, 1],
    [429, 4],
    [500, 4],
    [503, 4],
    [504, 2],
  ])("product GET answering %i is sent %i time(s)", async (status, sends) => {
    const h = harness([fail(status)]);
    await h.clock.drive(rejection(h.clients.product.groupStructure("SC123456")));
    expect(h.fake.calls).toHaveLength(sends);
  });

  test("a retryable status followed by success returns the data", async () => {
    const h = harness([fail(503), fail(500), GROUP]);
    await expect(h.clock.drive(h.clients.product.groupStructure("SC123456"))).resolves.toEqual([]);
    expect(h.fake.calls).toHaveLength(3);
  });
});

test("back-off waits 2 s, 4 s, 8 s plus the injected jitter", async () => {
  const h = harness([fail(500)], { random: () => 0.5 });
  const start = h.clock.now();
  await h.clock.drive(rejection(h.clients.product.groupStructure("SC123456")));
  expect(h.fake.calls.map((c) => c.at - start)).toEqual([0, 2250, 2250 + 4250, 2250 + 4250 + 8250]);
});

test("Retry-After in seconds is honoured, and pauses the whole service", async () => {
  const h = harness((call) =>
    call.url.includes("SC000001") && h.fake.calls.length === 1 ? fail(429, { "retry-after": "7" }) : GROUP,
  );
  const start = h.clock.now();
  const first = h.clients.product.groupStructure("SC000001");
  await flush();
  const other = h.clients.product.groupStructure("SC000002");
  await h.clock.drive(Promise.all([first, other]));
  const sendsOf = (company: string) => h.fake.calls.filter((c) => c.url.includes(company)).map((c) => c.at - start);
  expect(sendsOf("SC000001")).toEqual([0, 7000]);
  expect(sendsOf("SC000002")).toEqual([7000]);
});

test("Retry-After as an HTTP date is honoured", async () => {
  const h = harness([fail(503, { "retry-after": new Date(Date.UTC(2025, 0, 6, 9, 0, 30)).toUTCString() }), GROUP]);
  const start = h.clock.now();
  await h.clock.drive(h.clients.product.groupStructure("SC123456"));
  expect(h.fake.calls.map((c) => c.at - start)).toEqual([0, 30_000]);
});

test("a Retry-After too long to sit out goes straight to the caller with the wait", async () => {
  const h = harness([fail(429, { "retry-after": "3600" })]);
  const error = await h.clock.drive(rejection(h.clients.product.groupStructure("SC123456")));
  expect(error).toBeInstanceOf(RateLimitedError);
  expect((error as RateLimitedError).retryAfterMs).toBe(3_600_000);
  expect((error as RateLimitedError).message).toContain("3600 s");
  expect(h.fake.calls).toHaveLength(1);

  // The service stays paused: the next call fails at once with the remaining wait, sending nothing.
  await h.clock.advance(600_000);
  const next = await rejection(h.clients.product.filters());
  expect(next).toBeInstanceOf(RateLimitedError);
  expect(next).toMatchObject({ retryAfterMs: 3_000_000, url: "https://product.test/api/v2/filters" });
  expect(h.fake.calls).toHaveLength(1);

  // Once the pause has shrunk under the cap, calls queue for the rest of it instead.
  await h.clock.advance(2_950_000);
  const start = h.clock.now();
  h.fake.calls.length = 0;
  const later = h.clients.product.filters().catch((e: unknown) => e);
  await h.clock.drive(later);
  expect(h.fake.calls[0]?.at).toBe(start + 50_000);
});

test("network failures are retried for reads, never for a classification (each may count against the free tier)", async () => {
  const read = harness(() => "network-error");
  expect(await read.clock.drive(rejection(read.clients.market.filters("us")))).toBeInstanceOf(NetworkError);
  expect(read.fake.calls).toHaveLength(3);

  const classify = harness(() => "network-error");
  expect(
    await classify.clock.drive(rejection(classify.clients.classification.classify({ Text: "Bakery" }))),
  ).toBeInstanceOf(NetworkError);
  expect(classify.fake.calls).toHaveLength(1);
});

test("a batch submit is not resent after a network failure (it would start a second job)", async () => {
  const h = harness(() => "network-error");
  await h.clock.drive(rejection(h.clients.matching.submitBatch({ companies: [{ input_name: "Acme" }] })));
  expect(h.fake.calls).toHaveLength(1);
});

test("a match that never answers times out after 120 s, is tried once more, then fails with TimeoutError", async () => {
  const h = harness(() => "hang");
  const start = h.clock.now();
  const error = await h.clock.drive(rejection(h.clients.matching.match({ input_name: "Slow Company Ltd" })));
  expect(error).toBeInstanceOf(TimeoutError);
  expect(error).toMatchObject({ source: "client", timeoutMs: 120_000 });
  expect(h.fake.calls.map((c) => c.at - start)).toEqual([0, 120_000 + 2000]);
});

test("time-outs are configurable per service", async () => {
  const h = harness(() => "hang", {
    timeouts: { market: { requestMs: 5000 } },
    retry: { market: { clientTimeoutRetries: 0 } },
  });
  const start = h.clock.now();
  await h.clock.drive(rejection(h.clients.market.filters("fr")));
  expect(h.clock.now() - start).toBe(5000);
});

test("aborting while waiting to retry rejects with AbortedError and sends nothing more", async () => {
  const h = harness([fail(503)]);
  const controller = new AbortController();
  const call = h.clients.product.groupStructure("SC123456", { signal: controller.signal });
  await flush();
  expect(h.fake.calls).toHaveLength(1);
  controller.abort();
  expect(await rejection(call)).toBeInstanceOf(AbortedError);
  await h.clock.advance(60_000);
  expect(h.fake.calls).toHaveLength(1);
});

test("aborting in flight rejects with AbortedError, not a network error", async () => {
  const h = harness(() => "hang");
  const controller = new AbortController();
  const call = h.clients.market.filters("ie", { signal: controller.signal });
  await flush();
  controller.abort();
  const error = await rejection(call);
  expect(error).toBeInstanceOf(AbortedError);
  expect(error).not.toBeInstanceOf(HttpError);
});
