/** How a burst is cut into requests: the fewest without room to spare; with it, as many side by side as land the last answer soonest. */
import { ChunkPlanner, type RequestCost, type Room } from "../../../src/core/chunk-plan";

const COST: RequestCost = { roundTripMs: 100, perKeyMs: 0.5 };
const roomy: Room = { requests: 200, slots: 6 };

test.each<[string, number, Room | undefined, (sizes: number[]) => void]>([
  ["without a governor to ask, the fewest requests", 2000, undefined, (s) => expect(s).toEqual([1000, 1000])],
  [
    "with room, as many as the free concurrency runs at once, a small one first, none above the page size",
    2000,
    roomy,
    (s) => {
      expect(s).toHaveLength(6);
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
  [
    "a single page's worth with room: split as widely",
    800,
    roomy,
    (s) => expect(s).toEqual([100, 140, 140, 140, 140, 140]),
  ],
  [
    "no request smaller than half a round trip of work",
    300,
    roomy,
    (s) => expect(s).toEqual([100, 100, 100]), // 150 ms of work: three requests of half a round trip
  ],
  [
    "one burst takes at most a tenth of the window's quota",
    2000,
    { requests: 40, slots: 10, limit: 40 },
    (s) => expect(s).toEqual([100, 634, 633, 633]),
  ],
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

test("requests of one size only scale the round trip and the per-key cost together", () => {
  const planner = new ChunkPlanner(1000, () => roomy, COST);
  planner.observe(1000, 600);
  planner.observe(1000, 600);
  expect(planner.cost).toEqual({ roundTripMs: 100, perKeyMs: 0.5 });
  planner.observe(1000, 1500);
  // The three average 900 ms where the fit said 600: both parts are 1.5 times as slow.
  expect(planner.cost.roundTripMs).toBeCloseTo(150, 6);
  expect(planner.cost.perKeyMs).toBeCloseTo(0.75, 6);
});

test("a slow request for one company is a slow round trip: a table of 40 still goes in one request", () => {
  const planner = new ChunkPlanner(1000, () => roomy, { roundTripMs: 100, perKeyMs: 1 });
  planner.observe(1, 800);
  expect(planner.cost.roundTripMs).toBeGreaterThan(700);
  expect(planner.plan(40)).toEqual([40]);
});

test("the forecast of a refresh is the plan the loader cuts, with other requests queued ahead holding sends and slots", () => {
  const planner = new ChunkPlanner(1000, () => ({ ...roomy, slots: 6 }), COST);
  expect(planner.forecast(2000)).toEqual(planner.plan(2000));
  expect(planner.forecast(2000, 1)).toEqual(planner.plan(2000, { ...roomy, slots: 5 }));
  // A burst too small to be worth cutting is one request, whatever the room.
  expect(planner.forecast(10)).toEqual([10]);
  expect(planner.forecast(0)).toEqual([]);
  // A quota of 40 a minute lets a burst take 4 requests.
  expect(new ChunkPlanner(1000, () => ({ ...roomy, limit: 40 }), COST).forecast(1900)).toHaveLength(4);
});
