import { ANSWER_SHAPES } from "../../../src/core/answers";
import { WorkbookCache } from "../../../src/core/cache/workbook-cache";
import { ageHistogram, countFetchedBefore, DAY_MS, olderThanCutoff } from "../../../src/core/store-age";

const NOW = Date.UTC(2025, 5, 30, 12);
const ago = (days: number, ms = 0) => NOW - days * DAY_MS - ms;

describe("the age histogram of stored values", () => {
  // Bands: under a day, 1–7, 8–30, 31–90, 91 and more.
  test.each([
    ["an empty store", [], [0, 0, 0, 0, 0]],
    ["fetched just now", [NOW], [1, 0, 0, 0, 0]],
    ["a moment short of a day", [ago(1, -1)], [1, 0, 0, 0, 0]],
    ["exactly a day", [ago(1)], [0, 1, 0, 0, 0]],
    ["the last moment of 7 days", [ago(8, -1)], [0, 1, 0, 0, 0]],
    ["exactly 8 days", [ago(8)], [0, 0, 1, 0, 0]],
    ["30 days and some hours", [ago(30, 5 * 3_600_000)], [0, 0, 1, 0, 0]],
    ["exactly 31 days", [ago(31)], [0, 0, 0, 1, 0]],
    ["90 days", [ago(90)], [0, 0, 0, 1, 0]],
    ["exactly 91 days", [ago(91)], [0, 0, 0, 0, 1]],
    ["years ago", [ago(3 * 365)], [0, 0, 0, 0, 1]],
    ["ahead of this clock (another machine's)", [NOW + DAY_MS], [1, 0, 0, 0, 0]],
    ["a mix", [NOW, ago(2), ago(3), ago(40), ago(40), ago(400)], [1, 2, 0, 2, 1]],
  ])("%s", (_, times, expected) => {
    expect(ageHistogram(times, NOW)).toEqual(expected);
  });
});

describe("what an older-than refresh fetches again", () => {
  test.each([
    ["an empty store", [], 30, 0],
    ["a value exactly 30 days old is not older than 30 days", [ago(30)], 30, 0],
    ["a moment more is", [ago(30, 1)], 30, 1],
    ["0 days: everything fetched before now", [ago(0, 1), NOW], 0, 1],
    ["a mix", [NOW, ago(10), ago(31), ago(400)], 30, 2],
  ])("%s", (_, times, days, expected) => {
    expect(countFetchedBefore(times, olderThanCutoff(NOW, days))).toBe(expected);
  });
});

describe("the cache's fetch times", () => {
  test("lists every company and every other answer held, each kind apart", () => {
    const cache = new WorkbookCache(ANSWER_SHAPES);
    expect(cache.fetchTimes().companies).toEqual([]);
    cache.putCompany("00000001", undefined, [], ago(40));
    cache.putCompany("00000002", undefined, [], NOW);
    cache.putAnswer("groups", "00000001", [], ago(3));
    const times = cache.fetchTimes();
    expect(times.companies.sort()).toEqual([ago(40), NOW].sort());
    expect(times.answers["groups"]).toEqual([ago(3)]);
    expect(Object.values(times.answers).flat()).toEqual([ago(3)]);
  });
});
