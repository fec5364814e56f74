/**
 * UKCO.SECTOR: a company's best RTIC or primary SIC code in one cell, from the stored company
 * record; and, from its module's definition alone, what About this value and What changed say of it.
 */
import { cellsShowingChanges, changeKey } from "../../../src/core/analysis/change-cells";
import { provenanceOf } from "../../../src/core/analysis/provenance";
import { Engine } from "../../../src/core/engine";
import { InvalidArgumentError, NotFoundError, UserError } from "../../../src/core/errors";
import { fieldCells } from "../../../src/functions/field";
import { sectorFormula } from "../../../src/functions/sector";
import { FakeClock } from "../api/support/fake-clock";
import { FakeServices } from "../core/support/fake-services";
import { FUNCTIONS } from "../../support/function-table";

const RTICS = [
  { Code: "RTIC-0001", Description: "Business software", Score: 0.55 },
  { Code: "RTIC-0042", Description: "Cyber security software", Score: 0.91 },
];

function setup() {
  const clock = new FakeClock();
  const services = new FakeServices();
  services.addCompany({ CompanyNumber: "01234567", CompanyName: "ACME LTD", RTICs: RTICS, SICs: ["62012", "62020"] });
  // Another service's reading of the items the contract leaves open: other names, or bare codes.
  services.addCompany({
    CompanyNumber: "SC000123",
    CompanyName: "THISTLE LTD",
    RTICs: [{ code: "RTIC-0007", name: "Distilling" }],
    SICs: ["11010"],
  });
  services.addCompany({ CompanyNumber: "NI000042", CompanyName: "BARE LTD", RTICs: ["RTIC-0099"] });
  services.addCompany({ CompanyNumber: "07654321", CompanyName: "UNCLASSIFIED LTD", RTICs: [], SICs: [] });
  const engine = new Engine({ clients: services.clients, clock });
  const sector = async (number: unknown, classification: unknown = null) => {
    try {
      return (await clock.drive(sectorFormula(engine, number, classification, {})))[0]![0];
    } catch (error) {
      return error;
    }
  };
  return { services, engine, clock, sector };
}

test.each<[string, unknown, unknown, unknown]>([
  ["the RTIC with the highest score, though listed second", "01234567", null, "RTIC-0042 – Cyber security software"],
  ["the classification in any case", 1234567, "RTIC", "RTIC-0042 – Cyber security software"],
  ["the first SIC code listed", "01234567", "sic", "62012"],
  ["a SIC code with its leading zero, as text", "SC000123", "sic", "11010"],
  ["an RTIC sent under other names", "sc123", null, "RTIC-0007 – Distilling"],
  ["an RTIC sent as a bare code", "NI000042", "", "RTIC-0099"],
  ["a blank number, as a blank cell", "", null, ""],
])("%s", async (_, number, classification, expected) => {
  expect(await setup().sector(number, classification)).toBe(expected);
});

test.each<[string, unknown, unknown, typeof UserError, RegExp]>([
  [
    "a record without RTICs",
    "07654321",
    null,
    NotFoundError,
    /^Company 07654321 has no RTIC in its record \(RTICs\)\.$/,
  ],
  ["a record without SIC codes", "NI000042", "sic", NotFoundError, /no SIC code in its record \(SICs\)/],
  ["a company the service does not know", "09999999", null, NotFoundError, /09999999/],
  ["a number that is not one", "ABC", null, InvalidArgumentError, /./],
  ["a classification it does not give", "01234567", "naics", InvalidArgumentError, /"rtic", "sic"; "naics" is not/],
])("%s is an error in its cell", async (_, number, classification, kind, message) => {
  const error = await setup().sector(number, classification);
  expect(error).toBeInstanceOf(kind);
  expect((error as Error).message).toMatch(message);
});

test("a company UKCO.FIELD fetched answers from the store: no second request", async () => {
  const { services, engine, clock, sector } = setup();
  await clock.drive(fieldCells(engine, "01234567", "CompanyName", null, {}));
  const sent = services.calls.listCompanies.length;
  expect(await sector("01234567", "sic")).toBe("62012");
  expect(services.calls.listCompanies.length).toBe(sent);
});

test("About this value names the company, the field the cell reads and what it shows of it", async () => {
  const { engine, sector } = setup();
  await sector("01234567");
  expect(provenanceOf(FUNCTIONS, "=UKCO.SECTOR(A2)", ["01234567", null], engine.storedAnswers())).toMatchObject({
    state: "stored",
    service: "product",
    subject: "01234567",
    field: "RTICs",
    part: "the company's best RTIC",
  });
});

test("What changed places a change of the best RTIC on the cell, and not one of another RTIC it does not show", () => {
  const sheet = {
    name: "Sheet1",
    row0: 0,
    column0: 0,
    formulas: [["'01234567", "=UKCO.SECTOR(A1)", '=UKCO.SECTOR(A1,"sic")']],
    values: [["01234567", "RTIC-0042 – Cyber security software", "62012"]],
  };
  const moved = (after: unknown) => ({
    changes: [{ company: "01234567", field: "RTICs", before: RTICS, after }],
    answers: [],
  });
  const renamed = [RTICS[0], { ...RTICS[1], Description: "Cyber security" }];
  const otherRescored = [{ ...RTICS[0], Score: 0.6 }, RTICS[1]];
  expect(Object.fromEntries(cellsShowingChanges(FUNCTIONS, [sheet], moved(renamed)))).toEqual({
    [changeKey("01234567", "RTICs")]: ["Sheet1!B1"],
  });
  expect(cellsShowingChanges(FUNCTIONS, [sheet], moved(otherRescored)).size).toBe(0);
});
