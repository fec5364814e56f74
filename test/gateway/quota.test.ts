/**
 * The quota as the service counts it. The sandbox counts a sliding window per credential (here 3 s
 * instead of 60, so a test sees several windows) and says how many requests it refused with 429
 * because that count was spent. Through the gateway, in memory mode, across a restart, in Redis
 * mode with two replicas, and across a Redis restart in the middle of a window, it must refuse
 * none, and no user may see a service 429. Then fairness: another user's first request is never
 * refused for one user's long queue, an abandoned request is never sent, Retry-After is the real
 * wait, and a service 429 goes back into the queue.
 */
import { KeyStore } from "../../gateway/keys";
import { startGateway, type RunningGateway } from "../../gateway/server";
import { startSandbox, type RunningSandbox } from "../../sandbox/sandbox";
import type { GatewayConfigInput } from "../../gateway/config";
import {
  captureLogs,
  configFor,
  freePort,
  RedisServer,
  tempFile,
  until,
  upstreamCounts,
  windowPasses,
} from "./support";

jest.setTimeout(120_000);

const WINDOW_SECONDS = 3;
const LIMIT = 6;
const { stream: logStream } = captureLogs();
let sandbox: RunningSandbox;
let redis: RedisServer;
let keysFile: string;
let users: string[];
let search = 0;

beforeAll(async () => {
  sandbox = await startSandbox({
    companies: 500,
    seed: 9,
    rateLimits: { product: LIMIT, matching: null, classification: null, market: null },
    rateWindowMs: WINDOW_SECONDS * 1000,
  });
  redis = new RedisServer(await freePort());
  await redis.start();
  keysFile = tempFile("keys.json");
  const keys = new KeyStore(keysFile);
  users = ["ana", "ben", "cat"].map((name) => keys.add(name));
});

afterAll(async () => {
  await redis?.stop();
  await sandbox?.close();
});

const gateway = (overrides: Partial<GatewayConfigInput> = {}, file = keysFile) =>
  startGateway(
    configFor(sandbox, file, {
      limits: { product: LIMIT, matching: 60, classification: 5, market: 60 },
      // Half a second more than the service's window: the slack a real minute gets from the
      // limiter's 2 s margin, for the time between a grant and the service's count on a busy machine.
      windowSeconds: WINDOW_SECONDS + 0.5,
      ...overrides,
    }),
    { logStream },
  );

/** A distinct product call (never merged, never cached): one request the service counts. */
function ask(g: RunningGateway, key: string, signal?: AbortSignal) {
  search += 1;
  return fetch(`${g.origin}/api/product/v2/search/aheadFull/${String(search).padStart(6, "0")}`, {
    headers: { authorization: `Bearer ${key}` },
    ...(signal ? { signal } : {}),
  });
}

const burst = async (gateways: RunningGateway[], count: number) => {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => ask(gateways[i % gateways.length]!, users[i % users.length]!)),
  );
  return answers.map((a) => a.status);
};

/** The service's own refusals (its count passed the limit) during `work`. */
async function refusedDuring(work: () => Promise<void>): Promise<number> {
  const before = await upstreamCounts(sandbox);
  await work();
  const after = await upstreamCounts(sandbox);
  return (after.rateLimited.product ?? 0) - (before.rateLimited.product ?? 0);
}

test("memory mode: 3 windows' worth at once, the service refuses none and every user gets 200", async () => {
  const g = await gateway();
  try {
    let statuses: number[] = [];
    const refused = await refusedDuring(async () => void (statuses = await burst([g], LIMIT * 3)));
    expect({ refused, statuses }).toEqual({ refused: 0, statuses: Array(LIMIT * 3).fill(200) });
  } finally {
    await g.close();
  }
});

test("memory mode, restarted mid-window: the new process knows the last minute's sends", async () => {
  // A fresh folder: the quota log lives beside the keys file.
  const file = tempFile("keys.json");
  const key = new KeyStore(file).add("restarter");
  await windowPasses(WINDOW_SECONDS + 1);
  const refused = await refusedDuring(async () => {
    const first = await gateway({}, file);
    const statuses = await Promise.all(Array.from({ length: LIMIT }, () => ask(first, key).then((r) => r.status)));
    await first.close();
    const second = await gateway({}, file);
    const again = await Promise.all(Array.from({ length: LIMIT }, () => ask(second, key).then((r) => r.status)));
    await second.close();
    expect([...statuses, ...again]).toEqual(Array(LIMIT * 2).fill(200));
  });
  expect(refused).toBe(0);
});

test("Redis mode, two replicas: the shared sliding window holds; the service refuses none", async () => {
  await windowPasses(WINDOW_SECONDS + 1);
  const a = await gateway({ redisUrl: redis.url, replicas: 2 });
  const b = await gateway({ redisUrl: redis.url, replicas: 2 });
  try {
    let statuses: number[] = [];
    const refused = await refusedDuring(async () => void (statuses = await burst([a, b], LIMIT * 3)));
    expect({ refused, statuses }).toEqual({ refused: 0, statuses: Array(LIMIT * 3).fill(200) });
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test("Redis restarted (empty) in the middle of a window: sends are written back, the service refuses none", async () => {
  await windowPasses(WINDOW_SECONDS + 1);
  const a = await gateway({ redisUrl: redis.url, replicas: 2 });
  const b = await gateway({ redisUrl: redis.url, replicas: 2 });
  try {
    let statuses: number[] = [];
    const refused = await refusedDuring(async () => {
      const first = await burst([a, b], LIMIT);
      await redis.stop();
      await redis.start();
      // Both replicas asking while Redis comes back empty, and after.
      const during = burst([a, b], LIMIT * 2);
      statuses = [...first, ...(await during)];
    });
    expect({ refused, statuses }).toEqual({ refused: 0, statuses: Array(LIMIT * 3).fill(200) });
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

describe("fairness", () => {
  let g: RunningGateway;
  beforeEach(async () => {
    await windowPasses(WINDOW_SECONDS + 1);
    // A global bound below one user's: another user could only get in by being their first request.
    g = await gateway({ queueBound: LIMIT, userQueueBound: LIMIT * 3 });
  });
  afterEach(async () => g?.close());

  test("one user's 3 × limit queue never makes another user's first request a 429", async () => {
    const [hog, other, third] = users as [string, string, string];
    let hogRefused = 0;
    const hogs = Array.from({ length: LIMIT * 3 }, () =>
      ask(g, hog).then((r) => void (r.status === 429 && (hogRefused += 1))),
    );
    // The global bound is full once it has refused one of the hog's own.
    await until("the hog refused past the global bound", async () => hogRefused > 0);
    const firsts = await Promise.all([ask(g, other), ask(g, third)]);
    expect(firsts.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all(hogs);
  });

  test("a user past their own bound gets 429 with the queue's real expected wait as Retry-After", async () => {
    await g.close();
    g = await gateway({ queueBound: LIMIT * 10, userQueueBound: LIMIT * 3 });
    const [hog] = users as [string];
    const queued = Array.from({ length: LIMIT + LIMIT * 3 }, () => ask(g, hog));
    // Until all have reached the gateway: a window's worth sent, the user's bound waiting.
    await until("the hog's requests queued", async () => g.metrics.queueDepth("product") === LIMIT * 3, 30_000);
    const started = Date.now();
    const refused = await ask(g, hog);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    const answers = await Promise.all(queued);
    const servedBy = (Date.now() - started) / 1000;
    expect(answers.map((r) => r.status)).toEqual(Array(LIMIT * 4).fill(200));
    // Told to come back when its turn would have come: after the last queued one was served, and
    // no later than the window after that (sends free up a window's worth at a time).
    expect(retryAfter).toBeGreaterThanOrEqual(servedBy - 1);
    expect(retryAfter).toBeLessThanOrEqual(servedBy + WINDOW_SECONDS + 2);
  });

  test("a request whose client has gone leaves the queue and is never sent", async () => {
    const [user] = users as [string];
    const before = await upstreamCounts(sandbox);
    // A window's worth, answered: the quota is spent, so the next request can only wait.
    const sent = await Promise.all(Array.from({ length: LIMIT }, () => ask(g, user)));
    expect(sent.map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
    const gone = new AbortController();
    const abandoned = ask(g, user, gone.signal).catch(() => "aborted");
    await until("the request waiting", async () => g.metrics.queueDepth("product") === 1);
    gone.abort();
    expect(await abandoned).toBe("aborted");
    await until("the request gone from the queue", async () => g.metrics.queueDepth("product") === 0);
    // The next request is sent when the window lets one through; the abandoned one, had it
    // stayed, would have gone first.
    const next = await ask(g, user);
    expect(next.status).toBe(200);
    const after = await upstreamCounts(sandbox);
    expect((after.byTarget.product ?? 0) - (before.byTarget.product ?? 0)).toBe(LIMIT + 1);
  });
});

test("a service 429 goes back into the queue behind its Retry-After and never reaches a user", async () => {
  await windowPasses(WINDOW_SECONDS + 1);
  // The operator set the gateway's limit above the service's: the service says 429 itself.
  const g = await gateway({ limits: { product: LIMIT * 2, matching: 60, classification: 5, market: 60 } });
  try {
    let statuses: number[] = [];
    const refused = await refusedDuring(async () => void (statuses = await burst([g], LIMIT * 2)));
    expect(refused).toBeGreaterThan(0);
    expect(statuses).toEqual(Array(LIMIT * 2).fill(200));
  } finally {
    await g.close();
  }
});
