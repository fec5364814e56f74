/**
 * A field that breaks the contract errors only the cells that read it; the record's other fields
 * and its neighbours keep their values. A record with no readable number errors its own cells.
 */
import { Engine } from "../../../src/core/engine";
import { UserError } from "../../../src/core/errors";
import { fieldCells } from "../../../src/functions/field";
import { harness } from "../api/support/harness";

/** What the cell shows: its value, or its error's message. */
const shown = (value: unknown) => (value instanceof UserError ? `error: ${value.message}` : value);

test("a field that breaks the contract errors its own cells only, in the one request the burst needed", async () => {
  const h = harness(() => ({
    status: 200,
    body: {
      companies: [
        { CompanyNumber: "00000001", CompanyName: "ALPHA LTD", BestEstimateTurnover: 1000 },
        { CompanyNumber: "00000002", CompanyName: "BETA LTD", BestEstimateTurnover: "a great deal" },
        { CompanyNumber: "00000003", CompanyName: "GAMMA LTD", BestEstimateTurnover: 3000 },
      ],
    },
  }));
  const engine = new Engine({ clients: h.clients, clock: h.clock });
  const cells = ["00000001", "00000002", "00000003"].flatMap((number) =>
    ["CompanyName", "BestEstimateTurnover"].map((field) =>
      Promise.resolve(fieldCells(engine, number, field, null, {})).then(
        (grid) => shown(grid[0]![0]),
        (error: unknown) => shown(error),
      ),
    ),
  );
  const values = await h.clock.drive(Promise.all(cells));
  expect(values.slice(0, 3)).toEqual(["ALPHA LTD", 1000, "BETA LTD"]);
  expect(values[3]).toMatch(
    /^error: The product API sent this company's BestEstimateTurnover in an unexpected shape \(BestEstimateTurnover: /,
  );
  expect(values.slice(4)).toEqual(["GAMMA LTD", 3000]);
  expect(h.fake.calls).toHaveLength(1);
});

test("a record without a readable number errors the cells of the companies it may stand for, never 'no company'", async () => {
  const h = harness(() => ({
    status: 200,
    body: {
      companies: [
        { CompanyNumber: "00000001", CompanyName: "ALPHA LTD" },
        { CompanyNumber: 3, CompanyName: "GAMMA LTD" },
        { CompanyName: "BETA LTD" },
      ],
    },
  }));
  const engine = new Engine({ clients: h.clients, clock: h.clock });
  const cells = ["00000001", "00000002", "00000003"].map((number) =>
    Promise.resolve(fieldCells(engine, number, "CompanyName", null, {})).then(
      (grid) => shown(grid[0]![0]),
      (error: unknown) => shown(error),
    ),
  );
  const values = await h.clock.drive(Promise.all(cells));
  expect(values[0]).toBe("ALPHA LTD");
  // The service answered, but not readably for 00000002: never "no such company".
  expect(values[1]).toMatch(/^error: The product API sent 1 record without a readable company number/);
  // A number sent as a JSON number (zeros lost) still answers its ask.
  expect(values[2]).toBe("GAMMA LTD");
});
