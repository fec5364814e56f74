/** What a refresh changed, and undoing it from memory: the engine keeps what each refetch replaced until the next refresh. */
import { Engine } from "../../../src/core/engine";
import { fieldCells } from "../../../src/functions/field";
import { matchFormula } from "../../../src/functions/match";
import { FakeClock } from "../api/support/fake-clock";
import { FakeServices } from "./support/fake-services";

function setup() {
  const clock = new FakeClock();
  const services = new FakeServices();
  services.addCompany({
    CompanyNumber: "01234567",
    CompanyName: "ACME LTD",
    CompanyStatus: "Active",
    BestEstimateTurnover: 100,
  });
  services.addCompany({
    CompanyNumber: "07654321",
    CompanyName: "STEADY LTD",
    CompanyStatus: "Active",
    BestEstimateTurnover: 7,
  });
  services.addCompany({ CompanyNumber: "SC000123", CompanyName: "THISTLE LTD", CompanyStatus: "Active" });
  const engine = new Engine({ clients: services.clients, clock });
  const sheet = () =>
    clock.drive(
      Promise.all(
        ["01234567", "07654321", "SC000123"].flatMap((n) =>
          ["CompanyName", "CompanyStatus", "BestEstimateTurnover"].map((f) =>
            Promise.resolve(fieldCells(engine, n, f, null, {})).then(
              (grid) => grid[0]![0],
              (error: Error) => error.message,
            ),
          ),
        ),
      ),
    );
  return { clock, services, engine, sheet };
}

test("after a refresh, the changed values are listed with old and new, a company gone is named, and nothing else", async () => {
  const { clock, services, engine, sheet } = setup();
  const before = await sheet();
  Object.assign(services.companies.get("01234567")!, { CompanyStatus: "Dissolved", BestEstimateTurnover: 90 });
  services.companies.delete("SC000123");
  await clock.advance(60_000);
  engine.refresh({ kind: "workbook" });
  await sheet();
  expect(engine.changes()).toEqual({
    companies: 3,
    changes: [
      { company: "01234567", field: "CompanyStatus", before: "Active", after: "Dissolved" },
      { company: "01234567", field: "BestEstimateTurnover", before: 100, after: 90 },
    ],
    answers: [],
    noLongerFound: ["SC000123"],
    foundAgain: [],
  });
  expect(before.slice(0, 3)).toEqual(["ACME LTD", "Active", 100]);
});

test("the changes come in the order the workbook asked again, not the order the answers came back", async () => {
  const { clock, services, engine, sheet } = setup();
  await sheet();
  services.companies.get("01234567")!.CompanyName = "ACME HOLDINGS LTD";
  services.companies.get("07654321")!.CompanyName = "STEADY HOLDINGS LTD";
  await clock.advance(60_000);
  engine.refresh({ kind: "workbook" });

  let release = () => {};
  services.hold = (numbers) =>
    numbers.includes("07654321") ? new Promise<void>((resolve) => (release = resolve)) : undefined;
  const first = Promise.resolve(fieldCells(engine, "07654321", "CompanyName", null, {}));
  await clock.advance(1000);
  expect(services.calls.listCompanies.at(-1)).toEqual(["07654321"]);
  // Asked second, answered first.
  expect(await clock.drive(Promise.resolve(fieldCells(engine, "01234567", "CompanyName", null, {})))).toEqual([
    ["ACME HOLDINGS LTD"],
  ]);
  release();
  expect(await clock.drive(first)).toEqual([["STEADY HOLDINGS LTD"]]);
  expect(engine.changes().changes.map((c) => c.company)).toEqual(["07654321", "01234567"]);
});

test("undo puts every old value back with no request, and the next refresh starts a new round", async () => {
  const { clock, services, engine, sheet } = setup();
  const before = await sheet();
  Object.assign(services.companies.get("01234567")!, { CompanyName: "ACME HOLDINGS LTD" });
  await clock.advance(60_000);
  engine.refresh({ kind: "workbook" });
  const refreshed = await sheet();
  expect(refreshed[0]).toBe("ACME HOLDINGS LTD");
  const requests = services.calls.listCompanies.length;

  expect(engine.undoRefresh()).toEqual({ companies: 3, answers: 0 });
  expect(await sheet()).toEqual(before);
  expect(services.calls.listCompanies).toHaveLength(requests);
  expect(engine.changes()).toEqual({ companies: 0, changes: [], answers: [], noLongerFound: [], foundAgain: [] });

  await clock.advance(60_000);
  engine.refresh({ kind: "workbook" });
  expect(await sheet()).toEqual(refreshed);
  expect(engine.changes().changes).toEqual([
    { company: "01234567", field: "CompanyName", before: "ACME LTD", after: "ACME HOLDINGS LTD" },
  ]);
});

test("a match the refresh changed is listed with its old and new answer, and undo puts it back", async () => {
  const { clock, services, engine } = setup();
  const matchSteady = () =>
    clock.drive(matchFormula(engine, "Steady Ltd", null, null, "number", {}).then((grid) => grid[0]![0]));
  expect(await matchSteady()).toBe("07654321");
  // The company is renamed: the name now matches nothing.
  Object.assign(services.companies.get("07654321")!, { CompanyName: "STEADY HOLDINGS LTD" });
  await clock.advance(60_000);
  engine.refresh({ kind: "workbook" });
  await expect(matchSteady()).rejects.toThrow(/No match/);
  const { answers } = engine.changes();
  expect(answers).toEqual([
    {
      kind: "matches",
      key: expect.any(String),
      before: expect.objectContaining({ number: "07654321", confidence: "high" }),
      after: expect.objectContaining({ number: null, confidence: "none" }),
    },
  ]);
  const matches = services.calls.match.length;
  expect(engine.undoRefresh()).toEqual({ companies: 0, answers: 1 });
  expect(await matchSteady()).toBe("07654321");
  expect(services.calls.match).toHaveLength(matches);
});
