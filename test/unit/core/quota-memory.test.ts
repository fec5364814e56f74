/**
 * The service's word on its quota outlives the session: a workbook opened again plans its first
 * burst on the quota the service stated last time (in more, smaller requests, as its room allows),
 * where a first session, knowing nothing, sends the fewest. What was kept counts only while it
 * holds, per service address, and a damaged store is ignored.
 */
import { BASE_URLS, harness, type Harness } from "../api/support/harness";
import { Engine } from "../../../src/core/engine";
import { keepQuotas } from "../../../src/core/quota-memory";
import { fieldCells } from "../../../src/functions/field";
import type { KeyValueStorage } from "../../../src/core/credentials";

const LIMIT = 5_000;
const numbers = Array.from({ length: 2_000 }, (_, i) => String(10_000_000 + i));

/** localStorage as OfficeRuntime.storage gives it: it outlives the page. */
function storage(): KeyValueStorage & { items: Map<string, string>; writes: number } {
  const items = new Map<string, string>();
  const store = {
    items,
    writes: 0,
    getItem: async (key: string) => items.get(key) ?? null,
    setItem: async (key: string, value: string) => {
      store.writes += 1;
      items.set(key, value);
    },
    removeItem: async (key: string) => void items.delete(key),
  };
  return store;
}

/** The store is written once the answers have paused: a second of quiet. */
const quiet = (h: Harness) => h.clock.advance(1_000);

/** A session: a service stating LIMIT a minute, its clients started `laterMs` after the first session's. */
async function session(kept: KeyValueStorage, laterMs = 0, baseUrls = BASE_URLS): Promise<Harness> {
  let sent = 0;
  const h = harness(async (request) => {
    sent += 1;
    await h.clock.sleep(50);
    const { CompanyNumbers } = JSON.parse(request.body ?? "{}") as { CompanyNumbers: string[] };
    return {
      status: 200,
      headers: { "X-RateLimit-Limit": String(LIMIT), "X-RateLimit-Remaining": String(LIMIT - sent) },
      body: { companies: CompanyNumbers.map((n) => ({ CompanyNumber: n, CompanyName: `COMPANY ${n} LTD` })) },
    };
  });
  await h.clock.advance(laterMs);
  await keepQuotas(h.clients.governors, baseUrls, kept, h.clock);
  return h;
}

/** 2,000 companies' names, as a recalculation asks them; the request sizes it went in. */
async function burst(h: Harness): Promise<number[]> {
  const engine = new Engine({ clients: h.clients, clock: h.clock });
  const cells = numbers.map((n) => Promise.resolve(fieldCells(engine, n, "CompanyName", null, {})));
  const values = await h.clock.drive(Promise.all(cells));
  expect(values.map((grid) => grid[0]![0])).toEqual(numbers.map((n) => `COMPANY ${n} LTD`));
  return h.fake.calls.map(
    (call) => (JSON.parse(call.body ?? "{}") as { CompanyNumbers: string[] }).CompanyNumbers.length,
  );
}

test("a first session sends the fewest requests; a workbook opened again plans on the quota stated before", async () => {
  const kept = storage();
  const first = await session(kept);
  expect(await burst(first)).toEqual([1000, 1000]);
  expect(first.clients.governors.product.perMinute()).toBe(LIMIT);
  // The first answer's statement is kept at once: a workbook closed straight away keeps it.
  expect(kept.writes).toBe(1);
  await quiet(first);
  // The second answer only restated the remaining count, kept once the answers paused.
  expect(kept.writes).toBe(2);

  const again = await session(kept, 10 * 60_000);
  expect(again.clients.governors.product.headroom()).toMatchObject({ limit: LIMIT });
  const sizes = await burst(again);
  expect(sizes.length).toBeGreaterThan(2);
  // The first cells' request is the small one, so they fill within about a round trip.
  expect(sizes[0]).toBeLessThan(Math.min(...sizes.slice(1)));
});

test("a kept remaining count holds until its reset, less nothing sent since; after it the limit alone counts", async () => {
  const kept = storage();
  const before = await session(kept);
  before.clients.governors.product.state({ limit: LIMIT, windowMs: 60_000, remaining: 3, resetMs: 30_000 });
  await quiet(before);

  const soon = await session(kept, 10_000);
  expect(soon.clients.governors.product.headroom()).toMatchObject({ requests: 3, limit: LIMIT });
  const later = await session(kept, 31_000);
  expect(later.clients.governors.product.headroom()).toMatchObject({ requests: LIMIT, limit: LIMIT });
});

test("what one address stated is not another's, and a damaged kept value leaves the quota unknown", async () => {
  const kept = storage();
  const first = await session(kept);
  first.clients.governors.product.state({ limit: LIMIT, windowMs: 60_000 });
  await quiet(first);
  expect(kept.items.size).toBe(1);

  const elsewhere = await session(kept, 0, { ...BASE_URLS, product: "https://other.example.com/api" });
  expect(elsewhere.clients.governors.product.headroom()).toBeUndefined();

  for (const damaged of ["{", '{"limit":0,"windowMs":60000,"until":1}', '{"limit":"many"}', "null"]) {
    for (const key of kept.items.keys()) kept.items.set(key, damaged);
    const h = await session(kept);
    expect(h.clients.governors.product.headroom()).toBeUndefined();
  }
});

test("a statement made in this session stands over one kept from before", async () => {
  const kept = storage();
  const h = harness([]);
  h.clients.governors.product.state({ limit: 8, windowMs: 60_000 });
  kept.items.set(
    `ukco.quota.product@${BASE_URLS.product}`,
    JSON.stringify({ limit: LIMIT, windowMs: 60_000, until: 0 }),
  );
  await keepQuotas(h.clients.governors, BASE_URLS, kept, h.clock);
  expect(h.clients.governors.product.perMinute()).toBe(8);
});
