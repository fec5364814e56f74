/**
 * Syncs sized in bytes: a value is measured as the UTF-8 bytes of its JSON, a write is cut into
 * slices under the budget by measure, and a read, whose answers cannot be measured before they
 * come, is sized from what earlier slices answered, so that no answer passes Excel on the web's
 * 5 MB whatever the cells hold: short, long, short again, or one huge row.
 */
import {
  FIRST_GUESS_BYTES_PER_CELL,
  jsonBytes,
  MOST_CELLS_PER_READ,
  PAYLOAD_LIMIT_BYTES,
  planSlices,
  SliceSizer,
  SYNC_BUDGET_BYTES,
} from "../../../src/core/sync-budget";

describe("jsonBytes", () => {
  test.each([
    ["plain text", "Tesco PLC"],
    ["quotes and backslashes", 'a "quoted" \\ path'],
    ["control characters", "line\nbreak\ttab\u0001bell"],
    ["accents and symbols", "Société Générale £ €"],
    ["characters outside the BMP", "🏭 works"],
    ["numbers", [0, -1.5, 1e21, 45663.395833333336]],
    ["booleans and null", [true, false, null]],
    ["a row of mixed cells", ["01234567", 1200000, true, "", "Café"]],
    [
      "a grid",
      [
        ["a", 1],
        ["b", 2],
      ],
    ],
    ["a card", { type: "Entity", text: "ACME", properties: { N: { type: "String", basicValue: "x" } } }],
    ["an object with an undefined member", { a: 1, b: undefined, c: "d" }],
  ])("counts %s as JSON.stringify's UTF-8 bytes", (_name, value) => {
    expect(jsonBytes(value)).toBe(Buffer.byteLength(JSON.stringify(value), "utf8"));
  });

  test("counts a non-finite number as JSON's null", () => {
    expect(jsonBytes([Number.NaN])).toBe(Buffer.byteLength(JSON.stringify([Number.NaN])));
  });
});

describe("planSlices (writes)", () => {
  const sizes = [10, 2_000_000, 5, 900_000, 900_000, 900_000, 1, 1, 3_000_000, 7];

  test("covers every item once, in order, each slice within the budget unless one item is larger", () => {
    const slices = planSlices(sizes.length, (i) => sizes[i]!, { maxBytes: SYNC_BUDGET_BYTES, maxItems: 4 });
    expect(slices.map((s) => [s.start, s.end])).toEqual(
      slices.map((_, i) => [i === 0 ? 0 : slices[i - 1]!.end, slices[i]!.end]),
    );
    expect(slices.at(-1)!.end).toBe(sizes.length);
    for (const slice of slices) {
      expect(slice.end - slice.start).toBeLessThanOrEqual(4);
      if (slice.end - slice.start > 1) expect(slice.bytes).toBeLessThanOrEqual(SYNC_BUDGET_BYTES);
    }
    expect(slices.find((s) => s.start === 8)).toMatchObject({ end: 9 });
  });
});

describe("SliceSizer (reads)", () => {
  /**
   * Reads `rows` rows whose bytes `rowBytes(r)` gives from a host that refuses any answer over the
   * limit, as Excel on the web does; returns each answer's bytes and how many were refused.
   */
  function read(rows: number, cellsPerRow: number, rowBytes: (r: number) => number) {
    const sizer = new SliceSizer(cellsPerRow);
    const answers: number[] = [];
    let refused = 0;
    for (let start = 0; start < rows;) {
      const take = Math.min(sizer.next(), rows - start);
      let bytes = 0;
      for (let r = start; r < start + take; r++) bytes += rowBytes(r);
      if (bytes > PAYLOAD_LIMIT_BYTES && take > 1) {
        sizer.refused(take);
        refused++;
        continue;
      }
      sizer.measured(take, bytes);
      answers.push(bytes);
      start += take;
    }
    return { answers, refused, total: answers.reduce((a, b) => a + b, 0) };
  }

  test.each([
    ["200-character text", (_r: number) => 2 * 205],
    ["short numbers", (_r: number) => 2 * 8],
    ["short, then long, then short again", (r: number) => (r >= 40_000 && r < 60_000 ? 2 * 4_000 : 2 * 8)],
    ["one row of 3 MB among short ones", (r: number) => (r === 70_000 ? 3_000_000 : 2 * 10)],
  ])("reads 100,000 rows of %s whole, every answer under the limit", (_name, rowBytes) => {
    const { answers, refused, total } = read(100_000, 2, rowBytes);
    let expected = 0;
    for (let r = 0; r < 100_000; r++) expected += rowBytes(r);
    expect(total).toBe(expected);
    expect(Math.max(...answers)).toBeLessThanOrEqual(PAYLOAD_LIMIT_BYTES);
    // A refused read costs a round trip and no harm; cells that grow 500-fold from one row to the next cost a few.
    expect(refused).toBeLessThanOrEqual(8);
  });

  test("fills its answers near the budget once it has measured, rather than creeping", () => {
    const { answers } = read(100_000, 2, () => 2 * 205);
    // The first slice is a guess at FIRST_GUESS_BYTES_PER_CELL a cell; from the second on, the budget.
    expect(answers[0]).toBeLessThanOrEqual(SYNC_BUDGET_BYTES);
    expect(answers.length).toBeLessThanOrEqual(Math.ceil((100_000 * 410) / SYNC_BUDGET_BYTES) + 2);
    expect(FIRST_GUESS_BYTES_PER_CELL).toBeGreaterThan(205);
  });

  test("a whole column of numbers is read in few syncs: the slice grows fourfold at a time, to a ceiling of cells", () => {
    const { answers } = read(1_000_000, 1, () => 8);
    expect(answers.length).toBeLessThanOrEqual(12);
    expect(answers.at(-2)).toBe(MOST_CELLS_PER_READ * 8);
  });
});
