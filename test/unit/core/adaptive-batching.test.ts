/**
 * A FIELD burst through the real clients and governors: with room in the product quota it goes in
 * a few more requests than the fewest, whose cells fill as each arrives; under a tight quota, in
 * exactly the fewest.
 */
import { Engine } from "../../../src/core/engine";
import { fieldCells } from "../../../src/functions/field";
import { harness, type Harness } from "../api/support/harness";

const NUMBERS = Array.from({ length: 2000 }, (_, i) => String(10_000_000 + i));
const FIELDS = ["CompanyName", "CompanyStatus", "BestEstimateTurnover", "IncorporationDate", "RegisteredPostcode"];

function sheet(perMinute: number) {
  const h: Harness = harness(
    async (request) => {
      const { CompanyNumbers } = JSON.parse(request.body ?? "{}") as { CompanyNumbers: string[] };
      // A larger page takes longer to arrive, as on the wire.
      await h.clock.sleep(50 + CompanyNumbers.length);
      return {
        status: 200,
        body: {
          companies: CompanyNumbers.map((n) => ({
            CompanyNumber: n,
            CompanyName: `COMPANY ${n} LTD`,
            CompanyStatus: "Active",
            BestEstimateTurnover: Number(n) % 1000,
            IncorporationDate: "2020-01-31",
            RegisteredPostcode: "EH6 6QD",
          })),
        },
      };
    },
    { limits: { product: { perMinute } } },
  );
  const engine = new Engine({ clients: h.clients, clock: h.clock });
  const settledAt: number[] = [];
  const cells = NUMBERS.flatMap((n) =>
    FIELDS.map((f) =>
      Promise.resolve(fieldCells(engine, n, f, null, {})).then((grid) => {
        settledAt.push(h.clock.now());
        return grid[0]![0];
      }),
    ),
  );
  return { h, settledAt, done: h.clock.drive(Promise.all(cells)) };
}

test("with room in the quota: no more requests than the governor runs at once (6), and the first cells fill before the last request lands", async () => {
  const { h, settledAt, done } = sheet(200);
  const values = await done;
  expect(values.filter((v, i) => v === `COMPANY ${NUMBERS[Math.floor(i / 5)]} LTD`)).toHaveLength(2000);
  const sizes = h.fake.calls.map(
    (c) => (JSON.parse(c.body ?? "{}") as { CompanyNumbers: string[] }).CompanyNumbers.length,
  );
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(2000);
  expect(sizes.length).toBeGreaterThan(2);
  expect(sizes.length).toBeLessThanOrEqual(6);
  expect(Math.min(...settledAt)).toBeLessThan(Math.max(...settledAt));
});

test("under a tight quota (no send to spare): exactly the fewest requests, 1,000 numbers each", async () => {
  const { h, done } = sheet(2);
  await done;
  const sizes = h.fake.calls.map(
    (c) => (JSON.parse(c.body ?? "{}") as { CompanyNumbers: string[] }).CompanyNumbers.length,
  );
  expect(sizes).toEqual([1000, 1000]);
});
