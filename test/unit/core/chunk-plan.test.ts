/** How a burst is cut into requests: the fewest without room to spare, a few more side by side with it. */
import type { Headroom } from "../../../src/api/http/governor";
import { ChunkPlanner, type RequestCost } from "../../../src/core/chunk-plan";

const COST: RequestCost = { roundTripMs: 100, perKeyMs: 0.5 };
const roomy: Headroom = { requests: 200, slots: 6 };

test.each<[string, number, Headroom | undefined, (sizes: number[]) => void]>([
  ["without a governor to ask, the fewest requests", 2000, undefined, (s) => expect(s).toEqual([1000, 1000])],
  [
    "with room, at most twice the fewest, a small one first, none above the page size",
    2000,
    roomy,
    (s) => {
      expect(s).toHaveLength(4);
      expect(s[0]).toBe(100); // half a round trip of per-key work
      expect(Math.max(...s.slice(1)) - Math.min(...s.slice(1))).toBeLessThanOrEqual(1);
      expect(Math.max(...s)).toBeLessThanOrEqual(1000);
    },
  ],
  [
    "a tight quota (no sends to spare this minute): exactly the fewest",
    2000,
    { requests: 2, slots: 6 },
    (s) => expect(s).toEqual([1000, 1000]),
  ],
  ["one send to spare: one more request", 2000, { requests: 3, slots: 6 }, (s) => expect(s).toHaveLength(3)],
  [
    "no free concurrency beyond the fewest: the fewest",
    2000,
    { requests: 200, slots: 2 },
    (s) => expect(s).toEqual([1000, 1000]),
  ],
  ["work shorter than a round trip is not cut up", 150, roomy, (s) => expect(s).toEqual([150])],
  ["a single page's worth with room: two requests", 800, roomy, (s) => expect(s).toEqual([100, 700])],
])("%s", (_, keys, headroom, check) => {
  const sizes = new ChunkPlanner(1000, () => headroom, COST).plan(keys);
  expect(sizes.reduce((sum, n) => sum + n, 0)).toBe(keys);
  check(sizes);
});

test("the cost is fitted to the requests measured: a round trip plus a cost per key", () => {
  const planner = new ChunkPlanner(1000, () => roomy, COST);
  planner.observe(100, 80);
  planner.observe(1000, 350);
  planner.observe(500, 200);
  expect(planner.cost.roundTripMs).toBeCloseTo(50, 0);
  expect(planner.cost.perKeyMs).toBeCloseTo(0.3, 2);
  // A cheaper record means a bigger first request (half a round trip of work).
  expect(planner.plan(2000)[0]).toBe(83);
});

test("requests of one size only keep the known round trip and move the per-key cost", () => {
  const planner = new ChunkPlanner(1000, () => roomy, COST);
  planner.observe(1000, 600);
  planner.observe(1000, 600);
  expect(planner.cost).toEqual({ roundTripMs: 100, perKeyMs: 0.5 });
  planner.observe(1000, 1100);
  expect(planner.cost.roundTripMs).toBe(100);
  expect(planner.cost.perKeyMs).toBeCloseTo(((600 + 600 + 1100) / 3 - 100) / 1000, 3);
});

test("a head start goes only with room for it, and counts towards twice the fewest", () => {
  expect(new ChunkPlanner(1000, () => roomy, COST).headStart()).toBe(100);
  expect(new ChunkPlanner(1000, () => ({ requests: 2, slots: 6 }), COST).headStart()).toBe(0);
  expect(new ChunkPlanner(1000, () => ({ requests: 200, slots: 1 }), COST).headStart()).toBe(0);
  expect(new ChunkPlanner(1000, () => undefined, COST).headStart()).toBe(0);
  // 2,000 keys: 100 went ahead; the other 1,900 go as 3 equal requests, 4 in all (the fewest is 2).
  expect(new ChunkPlanner(1000, () => roomy, COST).plan(1900, 1)).toEqual([634, 633, 633]);
});
