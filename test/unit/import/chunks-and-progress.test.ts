import { planChunks, rowJsonBytes, utf8Bytes } from "../../../src/core/import/chunks";
import type { SheetValue } from "../../../src/core/import/columns";
import { describeProgress, formatDuration, ProgressMeter } from "../../../src/core/import/progress";

describe("write chunks", () => {
  test("measure a row as the UTF-8 bytes of its JSON, whatever it holds", () => {
    const rows: SheetValue[][] = [
      ["'Café Ltd", 12.5, true, ""],
      ['\'"quoted" \\ back', -3, false],
      ["'日本 😀", 1e21],
      [],
    ];
    for (const row of rows) expect(rowJsonBytes(row)).toBe(Buffer.byteLength(JSON.stringify(row), "utf8"));
    expect(utf8Bytes("£😀")).toBe(Buffer.byteLength("£😀", "utf8"));
  });

  test("cover every row once, in order, each chunk within the byte and row limits", () => {
    const rows: SheetValue[][] = Array.from({ length: 2_500 }, (_, i) => [`'${"x".repeat(i % 300)}`, i, i % 2 === 0]);
    const limits = { maxBytes: 50_000, maxRows: 400 };
    const chunks = planChunks(rows, limits);
    expect(chunks[0]!.start).toBe(0);
    expect(chunks[chunks.length - 1]!.end).toBe(rows.length);
    chunks.forEach((chunk, i) => {
      if (i > 0) expect(chunk.start).toBe(chunks[i - 1]!.end);
      const slice = rows.slice(chunk.start, chunk.end);
      expect(slice.length).toBeLessThanOrEqual(limits.maxRows);
      expect(Buffer.byteLength(JSON.stringify(slice))).toBe(chunk.bytes);
      expect(chunk.bytes).toBeLessThanOrEqual(limits.maxBytes);
    });
  });

  test("give a row larger than the budget a chunk of its own rather than lose it", () => {
    const rows: SheetValue[][] = [["'a"], [`'${"y".repeat(5_000)}`], ["'b"]];
    expect(planChunks(rows, { maxBytes: 1_000, maxRows: 100 }).map((c) => [c.start, c.end])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(planChunks([], { maxBytes: 1_000, maxRows: 100 })).toEqual([]);
  });
});

describe("import progress", () => {
  test("reports rows, rows a second and the time left", () => {
    let now = 1_000;
    const meter = new ProgressMeter(() => now, 10_000);
    now += 2_000;
    const progress = meter.update(2_000);
    expect(progress).toMatchObject({
      rows: 2_000,
      total: 10_000,
      fraction: 0.2,
      rowsPerSecond: 1_000,
      remainingMs: 8_000,
      elapsedMs: 2_000,
    });
    expect(describeProgress(progress)).toBe("2,000 of 10,000 rows · 1,000 rows/s · about 8 s left");
  });

  test("measures the rate over the recent past, so a slow start does not skew the estimate", () => {
    let now = 0;
    const meter = new ProgressMeter(() => now, 100_000);
    now = 60_000; // a minute waiting for the rate limit before the first rows
    meter.update(1_000);
    for (let i = 2; i <= 20; i++) {
      now += 1_000;
      meter.update(i * 1_000);
    }
    expect(meter.snapshot().rowsPerSecond).toBeCloseTo(1_000, 0);
  });

  test("without a total it counts rows and says nothing about time left", () => {
    let now = 0;
    const meter = new ProgressMeter(() => now);
    now = 500;
    expect(describeProgress(meter.update(300))).toBe("300 rows · 600 rows/s");
    expect(formatDuration(150_000)).toBe("about 3 min");
    expect(formatDuration(5_400_000)).toBe("about 1 h 30 min");
  });
});
