/** One malformed record in a page errors only the cells that ask for that company; its neighbours keep their values. */
import { Engine } from "../../../src/core/engine";
import { UserError } from "../../../src/core/errors";
import { fieldFormula } from "../../../src/core/functions/field";
import { harness } from "../api/support/harness";

/** What the cell shows: its value, or its error's message. */
const shown = (value: unknown) => (value instanceof UserError ? `error: ${value.message}` : value);

test("a record that breaks the contract errors its own cells only, in the one request the burst needed", async () => {
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
      fieldFormula(engine, number, field, null, {}).then(
        (grid) => shown(grid[0]![0]),
        (error: unknown) => shown(error),
      ),
    ),
  );
  const values = await h.clock.drive(Promise.all(cells));
  expect(values.slice(0, 2)).toEqual(["ALPHA LTD", 1000]);
  expect(values[2]).toMatch(
    /^error: The product API sent this company's record in an unexpected shape \(BestEstimateTurnover/,
  );
  expect(values[3]).toBe(values[2]);
  expect(values.slice(4)).toEqual(["GAMMA LTD", 3000]);
  expect(h.fake.calls).toHaveLength(1);
});
