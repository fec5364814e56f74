import { BatchLoader, type BatchLoaderOptions } from "../../../src/core/batch-loader";
import { NotFoundError, UnavailableError } from "../../../src/core/errors";
import { FakeClock } from "../api/support/fake-clock";

function loader(
  clock: FakeClock,
  loadMany: BatchLoaderOptions<string>["loadMany"],
  overrides: Partial<BatchLoaderOptions<string>> = {},
) {
  return new BatchLoader<string>({
    loadMany,
    clock,
    maxBatchSize: 1000,
    burstWindowMs: 20,
    maxDelayMs: 250,
    settleTimeoutMs: 60_000,
    missing: (key) => new NotFoundError(`No company ${key}`),
    timeoutMessage: "No answer in time. Press Refresh.",
    ...overrides,
  });
}

const echo = async (keys: readonly string[]) => new Map(keys.map((k) => [k, `value of ${k}`] as [string, string]));

describe("BatchLoader", () => {
  test("a burst of 10,000 asks for 2,000 keys goes as 2 requests and every ask gets its own key's value", async () => {
    const clock = new FakeClock();
    const sent: number[] = [];
    const batches = loader(clock, async (keys) => {
      sent.push(keys.length);
      return echo(keys);
    });
    const asks = Array.from({ length: 10_000 }, (_, i) => `K${i % 2000}`);
    const answers = clock.drive(Promise.all(asks.map((key) => batches.load(key))));
    const values = await answers;
    expect(sent).toEqual([1000, 1000]);
    expect(values.every((value, i) => value === `value of ${asks[i]}`)).toBe(true);
    expect(batches.stats).toMatchObject({ requests: 2, keysSent: 2000, asks: 10_000, sharedAsks: 8000 });
  });

  test("asks within the burst window share a request; a later ask starts a new one", async () => {
    const clock = new FakeClock();
    const sent: string[][] = [];
    const batches = loader(clock, async (keys) => {
      sent.push([...keys]);
      return echo(keys);
    });
    const a = batches.load("A");
    await clock.advance(10);
    const b = batches.load("B");
    await clock.advance(30);
    const c = batches.load("C");
    await clock.advance(30);
    await expect(Promise.all([a, b, c])).resolves.toEqual(["value of A", "value of B", "value of C"]);
    expect(sent).toEqual([["A", "B"], ["C"]]);
  });

  test("a steady trickle of asks is flushed by the maximum delay", async () => {
    const clock = new FakeClock();
    const sent: number[] = [];
    const batches = loader(clock, async (keys) => {
      sent.push(keys.length);
      return echo(keys);
    });
    const asks: Promise<string>[] = [];
    for (let i = 0; i < 40; i++) {
      asks.push(batches.load(`K${i}`));
      await clock.advance(10);
    }
    await clock.advance(100);
    await Promise.all(asks);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent[0]).toBeLessThanOrEqual(26);
  });

  test("a failed request rejects every ask of its batch with that error, and the next burst works", async () => {
    const clock = new FakeClock();
    let calls = 0;
    const batches = loader(clock, async (keys) => {
      calls += 1;
      if (calls === 1) throw new UnavailableError("service-down", "down");
      return echo(keys);
    });
    const first = [batches.load("A"), batches.load("B"), batches.load("A")].map((p) =>
      p.then(String, (e: Error) => `error: ${e.message}`),
    );
    await clock.advance(50);
    await expect(Promise.all(first)).resolves.toEqual(["error: down", "error: down", "error: down"]);
    const second = batches.load("A");
    await clock.advance(50);
    await expect(second).resolves.toBe("value of A");
  });

  test("a key missing from the response is an error for that key alone; per-key errors reach their asks", async () => {
    const clock = new FakeClock();
    const batches = loader(
      clock,
      async () =>
        new Map<string, string | Error>([
          ["A", "a"],
          ["C", new UnavailableError("scope", "needs scope")],
        ]),
    );
    const results = ["A", "B", "C"].map((key) =>
      batches.load(key).then(String, (e: Error) => `${e.name}: ${e.message}`),
    );
    await clock.advance(50);
    await expect(Promise.all(results)).resolves.toEqual([
      "a",
      "NotFoundError: No company B",
      "UnavailableError: needs scope",
    ]);
  });

  test("a cancelled ask that nobody else waits for is not sent; a shared one still is", async () => {
    const clock = new FakeClock();
    const sent: string[][] = [];
    const batches = loader(clock, async (keys) => {
      sent.push([...keys]);
      return echo(keys);
    });
    const cancelA = new AbortController();
    const cancelB = new AbortController();
    const a = batches.load("A", cancelA.signal).catch((e: Error) => e.message);
    const b1 = batches.load("B", cancelB.signal).catch((e: Error) => e.message);
    const b2 = batches.load("B");
    cancelA.abort();
    cancelB.abort();
    await clock.advance(50);
    await expect(Promise.all([a, b1, b2])).resolves.toEqual(["Cancelled.", "Cancelled.", "value of B"]);
    expect(sent).toEqual([["B"]]);
  });

  test("when the service never answers, every ask settles with a time-out naming the next step", async () => {
    const clock = new FakeClock();
    const batches = loader(clock, () => new Promise(() => undefined), { settleTimeoutMs: 120_000 });
    const asks = ["A", "B", "A"].map((key) =>
      batches.load(key).then(String, (e: UnavailableError) => `${e.reason}: ${e.message}`),
    );
    await clock.advance(119_000);
    let settled = false;
    void Promise.all(asks).then(() => (settled = true));
    await clock.advance(0);
    expect(settled).toBe(false);
    await clock.advance(2_000);
    await expect(Promise.all(asks)).resolves.toEqual(Array(3).fill("timeout: No answer in time. Press Refresh."));
  });
});

describe("a failed request reaches only the keys that must see it", () => {
  const isolate = () => true;
  const poisonedBy =
    (poison: string, sent: string[][]) =>
    async (keys: readonly string[]): Promise<Map<string, string>> => {
      sent.push([...keys]);
      if (keys.includes(poison)) throw new Error(`the service failed on a batch holding ${poison}`);
      return echo(keys);
    };

  test("one poisonous key in 1,000 errors only its own asks, in about 2·log2(n) extra requests", async () => {
    const clock = new FakeClock();
    const sent: string[][] = [];
    const batches = loader(clock, poisonedBy("K617", sent), { isolate });
    const keys = Array.from({ length: 1000 }, (_, i) => `K${i}`);
    const outcomes = await clock.drive(Promise.allSettled(keys.map((key) => batches.load(key))));
    const failed = keys.filter((_, i) => outcomes[i]!.status === "rejected");
    expect(failed).toEqual(["K617"]);
    expect(
      outcomes.filter((o) => o.status === "fulfilled").map((o) => (o as PromiseFulfilledResult<string>).value),
    ).toEqual(keys.filter((k) => k !== "K617").map((k) => `value of ${k}`));
    expect(sent.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(1000)));
  });

  test("when both halves fail the fault is the service's: every ask gets the error after 3 requests", async () => {
    const clock = new FakeClock();
    let requests = 0;
    const batches = loader(
      clock,
      async () => {
        requests += 1;
        throw new Error("service down");
      },
      { isolate },
    );
    const outcomes = await clock.drive(Promise.allSettled(["A", "B", "C", "D"].map((key) => batches.load(key))));
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    expect(requests).toBe(3);
  });

  test("a failure isolate() does not accept (a sign-in problem) is not halved", async () => {
    const clock = new FakeClock();
    const sent: string[][] = [];
    const batches = loader(clock, poisonedBy("A", sent), { isolate: () => false });
    await clock.drive(Promise.allSettled(["A", "B"].map((key) => batches.load(key))));
    expect(sent).toEqual([["A", "B"]]);
  });

  test("a burst cut into several requests hands each request's answers to their asks as it arrives", async () => {
    const clock = new FakeClock();
    const pending: { keys: readonly string[]; answer: () => void }[] = [];
    const batches = loader(
      clock,
      (keys) =>
        new Promise((resolve) => pending.push({ keys, answer: () => resolve(new Map(keys.map((k) => [k, `v${k}`]))) })),
      { plan: (n) => [1, n - 1] },
    );
    const settled: string[] = [];
    const asks = ["A", "B", "C"].map((key) => batches.load(key).then((v) => settled.push(v)));
    await clock.advance(50);
    expect(pending.map((p) => p.keys)).toEqual([["A"], ["B", "C"]]);
    pending[0]!.answer();
    await clock.advance(0);
    expect(settled).toEqual(["vA"]);
    pending[1]!.answer();
    await Promise.all(asks);
    expect(settled).toEqual(["vA", "vB", "vC"]);
  });

  test("the first cells' smaller request leaves ahead of the rest, so the service meets it first; equal ones leave together", async () => {
    const clock = new FakeClock();
    const sent: { keys: number; at: number }[] = [];
    const batches = (plan: (n: number) => number[]) =>
      loader(
        clock,
        async (keys) => {
          sent.push({ keys: keys.length, at: clock.now() });
          return echo(keys);
        },
        { burstWindowMs: 0, maxDelayMs: 0, plan, firstAheadMs: 10 },
      );
    const burst = (plan: (n: number) => number[]) => {
      const b = batches(plan);
      return Promise.all(Array.from({ length: 100 }, (_, i) => b.load(`K${i}`)));
    };
    const start = clock.now();
    await clock.drive(burst(() => [10, 45, 45]));
    expect(sent).toEqual([
      { keys: 10, at: start },
      { keys: 45, at: start + 10 },
      { keys: 45, at: start + 10 },
    ]);

    sent.length = 0;
    const again = clock.now();
    await clock.drive(burst(() => [50, 50]));
    expect(sent).toEqual([
      { keys: 50, at: again },
      { keys: 50, at: again },
    ]);
  });

  test("while the first request goes ahead the rest stay queued: a cancelled ask is not sent, a new one joins its key", async () => {
    const clock = new FakeClock();
    const sent: string[][] = [];
    const batches = loader(
      clock,
      async (keys) => {
        sent.push([...keys]);
        return echo(keys);
      },
      { burstWindowMs: 0, maxDelayMs: 0, plan: (n) => [1, n - 1], firstAheadMs: 10 },
    );
    const leaving = new AbortController();
    const asks = [batches.load("A"), batches.load("B"), batches.load("C", leaving.signal).catch(() => "cancelled")];
    await clock.advance(5);
    expect(sent).toEqual([["A"]]);
    leaving.abort();
    asks.push(batches.load("B"));
    await clock.advance(10);
    await expect(Promise.all(asks)).resolves.toEqual(["value of A", "value of B", "cancelled", "value of B"]);
    expect(sent).toEqual([["A"], ["B"]]);
  });

  test("a plan that does not cover the burst in allowed requests is not trusted: the fewest go instead", async () => {
    const clock = new FakeClock();
    const sent: number[] = [];
    const batches = loader(
      clock,
      async (keys) => {
        sent.push(keys.length);
        return echo(keys);
      },
      { maxBatchSize: 2, plan: () => [5] },
    );
    await clock.drive(Promise.all(["A", "B", "C"].map((key) => batches.load(key))));
    expect(sent).toEqual([2, 1]);
  });

  test("every ask still times out by itself when nobody answers, without a timer of its own", async () => {
    const clock = new FakeClock();
    const batches = loader(clock, () => new Promise(() => undefined), { settleTimeoutMs: 1_000 });
    const first = batches.load("A").catch((e: Error) => e.message);
    await clock.advance(500);
    const second = batches.load("B").catch((e: Error) => e.message);
    await clock.advance(600);
    await expect(first).resolves.toBe("No answer in time. Press Refresh.");
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await clock.advance(0);
    expect(secondDone).toBe(false);
    await clock.advance(500);
    await expect(second).resolves.toBe("No answer in time. Press Refresh.");
  });
});
