/** Saving the workbook store a slice at a time gives the text a one-go save gives, read back the same. */
import { ANSWER_SHAPES } from "../../../src/core/answers";
import { parseStore, serialiseStore, serialiseStoreInSlices } from "../../../src/core/cache/snapshot";
import { WorkbookCache } from "../../../src/core/cache/workbook-cache";

function filledCache(companies: number): WorkbookCache {
  const cache = new WorkbookCache(ANSWER_SHAPES, 10);
  for (let i = 0; i < companies; i++) {
    const number = String(i).padStart(8, "0");
    cache.putCompany(
      number,
      { CompanyNumber: number, CompanyName: `COMPANY ${i} "&<> LTD`, SICs: ["62012"] },
      [],
      1_700_000_000_000 + i,
    );
    cache.keepField(number, "CompanyName", `COMPANY ${i} "&<> LTD`);
    cache.keepField(number, "SICs", ["62012"]);
  }
  cache.putCompany("99999999", undefined, ["jobdata:read"], 1_700_000_000_000);
  cache.putAnswer("websites", "example.org", "01234567", 1_700_000_000_500);
  return cache;
}

test("the sliced text reads back as the one-go text does, pausing as often as the slice time asks", async () => {
  const cache = filledCache(3_000);
  let tick = 0;
  let pauses = 0;
  const text = await serialiseStoreInSlices(cache.toSource(42), {
    now: () => tick++,
    pause: async () => void (pauses += 1),
    sliceMs: 1,
  });
  const sliced = parseStore(text, ANSWER_SHAPES);
  const whole = parseStore(serialiseStore(cache.toStore(42)), ANSWER_SHAPES);
  expect(sliced).toEqual(whole);
  expect(sliced.ok && Object.keys(sliced.contents.companies)).toHaveLength(3_001);
  // One look at the clock every 256 entries, each look a tick past the slice: a pause per look.
  expect(pauses).toBe(Math.floor(3_001 / 256));
});

test("without the slice time running out there is no pause, and an empty store is still a store", async () => {
  let pauses = 0;
  const slicing = { now: () => 0, pause: async () => void (pauses += 1), sliceMs: 8 };
  const empty = await serialiseStoreInSlices(new WorkbookCache(ANSWER_SHAPES).toSource(1), slicing);
  expect(parseStore(empty, ANSWER_SHAPES)).toEqual(
    parseStore(serialiseStore(new WorkbookCache(ANSWER_SHAPES).toStore(1)), ANSWER_SHAPES),
  );
  await serialiseStoreInSlices(filledCache(1_000).toSource(1), slicing);
  expect(pauses).toBe(0);
});
