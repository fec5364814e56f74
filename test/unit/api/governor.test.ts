/** The per-service governor: rate window, concurrency cap, queue visibility, aborts and service-wide pauses. */
import { AbortedError, Governor, RATE_WINDOW_MS, type WaitInfo } from "../../../src/api";
import { FakeClock, flush } from "./support/fake-clock";
import { harness, rejection } from "./support/harness";

const classified = {
  RTICs: [],
  SimilarCompanies: [],
  RSICs: [],
  RNAICs: [],
  SICs: [],
  TotalWordsProcessed: 3,
  ProcessingTimeMs: 40,
  Description: "x",
};

test("a burst of 30 classifications is sent at most 5 in any minute, and no slower than that", async () => {
  const h = harness([{ status: 200, body: classified }]);
  const start = h.clock.now();
  const burst = Array.from({ length: 30 }, (_, i) =>
    h.clients.classification.classify({ Text: `Company description ${i}` }),
  );
  await h.clock.drive(Promise.all(burst));

  const sent = h.fake.calls.map((c) => c.at - start);
  expect(sent).toHaveLength(30);
  expect(sent.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
  for (let i = 5; i < sent.length; i += 1)
    expect((sent[i] as number) - (sent[i - 5] as number)).toBeGreaterThanOrEqual(60_000);
  for (const t of sent) expect(sent.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(5);
  expect(sent[29]).toBe(5 * RATE_WINDOW_MS);
});

test("the concurrency cap holds requests back until a slot frees", async () => {
  const clock = new FakeClock();
  const governor = new Governor("matching", { perMinute: 1000, concurrency: 2 }, clock);
  const granted: number[] = [];
  const permits = [0, 1, 2, 3].map((i) => governor.acquire().then((p) => (granted.push(i), p)));
  await flush();
  expect(granted).toEqual([0, 1]);
  (await permits[0])?.release();
  await flush();
  expect(granted).toEqual([0, 1, 2]);
  expect(governor.snapshot()).toMatchObject({ queued: 1, inFlight: 2 });
});

test("an aborted queued request leaves the queue at once and the one behind it takes its turn", async () => {
  const clock = new FakeClock();
  const governor = new Governor("classification", { perMinute: 5, concurrency: 10 }, clock);
  for (let i = 0; i < 5; i += 1) await governor.acquire();
  const controller = new AbortController();
  const waits: WaitInfo[] = [];
  const sixth = governor.acquire({ signal: controller.signal });
  let seventhAt: number | undefined;
  const seventh = governor.acquire({ onWait: (info) => waits.push(info) }).then(() => (seventhAt = clock.now()));
  await flush();
  expect(waits.at(-1)).toMatchObject({ position: 2, queueLength: 2, estimatedWaitMs: RATE_WINDOW_MS });

  controller.abort();
  const error = await rejection(sixth);
  expect(error).toBeInstanceOf(AbortedError);
  expect(governor.snapshot().queued).toBe(1);
  expect(waits.at(-1)).toMatchObject({ position: 1, queueLength: 1, estimatedWaitMs: RATE_WINDOW_MS });

  await clock.advance(RATE_WINDOW_MS);
  await seventh;
  expect(seventhAt).toBe(clock.now());
});

test("an aborted call rejects promptly through the client, and nothing is sent for it", async () => {
  const h = harness([{ status: 200, body: classified }]);
  await h.clock.drive(Promise.all([1, 2, 3, 4, 5].map((i) => h.clients.classification.classify({ Text: `d${i}` }))));
  const controller = new AbortController();
  const queued = h.clients.classification.classify({ Text: "queued" }, { signal: controller.signal });
  await flush();
  expect(h.clients.governors.classification.snapshot().queued).toBe(1);
  controller.abort();
  expect(await rejection(queued)).toBeInstanceOf(AbortedError);
  expect(h.clients.governors.classification.snapshot().queued).toBe(0);
  await h.clock.advance(2 * RATE_WINDOW_MS);
  expect(h.fake.calls).toHaveLength(5);
});

test("a pause holds every queued and new request of the service until it ends", async () => {
  const clock = new FakeClock();
  const governor = new Governor("product", { perMinute: 200, concurrency: 6 }, clock);
  const start = clock.now();
  governor.pause(10_000);
  const times: number[] = [];
  const both = [governor.acquire(), governor.acquire()].map((p) => p.then(() => times.push(clock.now() - start)));
  expect(governor.snapshot().pausedUntil).toBe(start + 10_000);
  await clock.advance(9_999);
  expect(times).toEqual([]);
  await clock.advance(1);
  await Promise.all(both);
  expect(times).toEqual([10_000, 10_000]);
});

test("subscribers see the queue grow and drain", async () => {
  const clock = new FakeClock();
  const governor = new Governor("market", { perMinute: 1, concurrency: 1 }, clock);
  const seen: number[] = [];
  const stop = governor.subscribe((s) => seen.push(s.queued));
  const first = await governor.acquire();
  const second = governor.acquire();
  first.release();
  await clock.advance(RATE_WINDOW_MS);
  await second;
  stop();
  expect(seen).toContain(1);
  expect(seen.at(-1)).toBe(0);
});

test("rate-exempt requests (batch status polls) do not use a rate slot", async () => {
  const clock = new FakeClock();
  const governor = new Governor("matching", { perMinute: 1, concurrency: 5 }, clock);
  await governor.acquire();
  let polled = false;
  void governor.acquire({ rateExempt: true }).then(() => (polled = true));
  await flush();
  expect(polled).toBe(true);
});

test("headroom counts the sends and slots left now, after what is queued, and none while paused", async () => {
  const clock = new FakeClock();
  const governor = new Governor("product", { perMinute: 5, concurrency: 3 }, clock);
  expect(governor.headroom()).toEqual({ requests: 5, slots: 3, limit: 5 });
  const permits = await Promise.all([governor.acquire(), governor.acquire()]);
  expect(governor.headroom()).toEqual({ requests: 3, slots: 1, limit: 5 });
  permits[0]!.release();
  expect(governor.headroom()).toEqual({ requests: 3, slots: 2, limit: 5 });
  governor.pause(10_000);
  expect(governor.headroom()).toEqual({ requests: 0, slots: 0, limit: 5 });
  await clock.advance(RATE_WINDOW_MS + 10_000);
  expect(governor.headroom()).toEqual({ requests: 5, slots: 2, limit: 5 });
});

describe("the quota the service states", () => {
  const quota = (remaining: number | undefined, extra: object = {}) => ({
    limit: 8,
    windowMs: 60_000,
    ...(remaining === undefined ? {} : { remaining }),
    ...extra,
  });

  test("until a limit is stated or configured, headroom is unknown and only concurrency holds requests back", async () => {
    const clock = new FakeClock();
    const governor = new Governor("product", { concurrency: 2 }, clock);
    expect(governor.headroom()).toBeUndefined();
    expect(governor.perMinute()).toBeUndefined();
    const granted: number[] = [];
    const permits = [0, 1, 2].map((i) => governor.acquire().then((p) => (granted.push(i), p)));
    await flush();
    expect(granted).toEqual([0, 1]);
    (await permits[0])!.release();
    await flush();
    expect(granted).toEqual([0, 1, 2]);
  });

  test("a stated limit replaces the configured one, and its remaining count is less the sends made since the request it answered", async () => {
    const clock = new FakeClock();
    const governor = new Governor("product", { perMinute: 200, concurrency: 6 }, clock);
    const first = await governor.acquire();
    await governor.acquire();
    governor.state(quota(5), first);
    expect(governor.perMinute()).toBe(8);
    expect(governor.headroom()).toEqual({ requests: 4, slots: 4, limit: 8 });
  });

  test("nothing left: sends wait for the stated reset, then go", async () => {
    const clock = new FakeClock();
    const governor = new Governor("product", { concurrency: 6 }, clock);
    const start = clock.now();
    governor.state(quota(0, { resetMs: 20_000 }));
    let sentAt: number | undefined;
    const next = governor.acquire().then(() => (sentAt = clock.now() - start));
    await clock.advance(19_999);
    expect(sentAt).toBeUndefined();
    await clock.advance(1);
    await next;
    expect(sentAt).toBe(20_000);
  });

  test("an answer counted earlier that arrives later cannot raise what is left", async () => {
    const clock = new FakeClock();
    const governor = new Governor("product", { concurrency: 6 }, clock);
    const early = await governor.acquire();
    const late = await governor.acquire();
    governor.state(quota(3), late);
    governor.state(quota(6), early);
    expect(governor.headroom()?.requests).toBe(3);
  });

  test("a remaining count stated alone is headroom too; it holds for a window, then only a known limit counts", async () => {
    const clock = new FakeClock();
    const governor = new Governor("product", { concurrency: 6 }, clock);
    governor.state({ windowMs: 60_000, remaining: 2 });
    expect(governor.headroom()).toEqual({ requests: 2, slots: 6 });
    await clock.advance(60_000);
    expect(governor.headroom()).toBeUndefined();
  });
});
