/**
 * A company request names the fields its cells read; the client's body reader cuts each record of
 * the answer to them, and through a team gateway the gateway may cut it first. A field outside the cut must never show as empty: it is
 * fetched again. A record is taken as cut only when the answer says so; a gateway or service that
 * ignores the ask sends whole records, and those answer any field without another request.
 */
import { Engine } from "../../../src/core/engine";
import { NotFoundError, UserError } from "../../../src/core/errors";
import { fieldCells } from "../../../src/functions/field";
import { historyCells } from "../../../src/functions/history";
import { FakeClock } from "../api/support/fake-clock";
import { FakeServices } from "./support/fake-services";

const B2 = { address: "Sheet1!B2" };

function setup(cutTo: FakeServices["cutTo"], readerCuts = false) {
  const clock = new FakeClock();
  const services = new FakeServices();
  services.cutTo = cutTo;
  services.readerCuts = readerCuts;
  services.addCompany({
    CompanyNumber: "01234567",
    CompanyName: "ACME LTD",
    BestEstimateTurnover: 1250000,
    CompanyFinancials_Vendor: [
      { YEAR: 2024, TURNOVER: 300, MADE_UPTO_DATE: "2024-03-31T00:00:00Z" },
      { YEAR: 2023, TURNOVER: 250, MADE_UPTO_DATE: "2023-03-31T00:00:00Z" },
    ],
  });
  const engine = new Engine({ clients: services.clients, clock });
  /** What the cells of one recalculation show (an error as its message), asked in one burst. */
  const show = async (asks: [string, string][]) =>
    (
      await clock.drive(
        Promise.allSettled(
          asks.map(async ([number, field]) => (await fieldCells(engine, number, field, null, B2))[0]![0]),
        ),
      )
    ).map((r) => {
      const value: unknown = r.status === "fulfilled" ? r.value : r.reason;
      return value instanceof UserError ? value.constructor.name : value;
    });
  return { clock, services, engine, show };
}

/** A gateway that keeps what it is asked and says so. */
const keepsAsked = (asked: readonly string[]) => asked;
/** A gateway that cuts records to fewer fields than asked (and says which). */
const keepsNameOnly = () => ["CompanyNumber", "CompanyName"];

test.each<{
  name: string;
  cutTo: FakeServices["cutTo"];
  /** The client's body reader cuts the answer too (it always does where the request names fields). */
  readerCuts?: boolean;
  first: [string, string][];
  then: [string, string][];
  shows: unknown[];
  fieldsAsked: (readonly string[] | undefined)[];
}>([
  {
    name: "cut and confirmed: a field outside the cut is fetched again, with the fields already held",
    cutTo: keepsAsked,
    first: [["01234567", "CompanyName"]],
    then: [["01234567", "BestEstimateTurnover"]],
    shows: [1250000],
    fieldsAsked: [
      ["CompanyName", "CompanyNumber"],
      ["BestEstimateTurnover", "CompanyName", "CompanyNumber"],
    ],
  },
  {
    name: "cut and confirmed: a field inside the cut needs no request",
    cutTo: keepsAsked,
    first: [
      ["01234567", "CompanyName"],
      ["01234567", "BestEstimateTurnover"],
    ],
    then: [["01234567", "BestEstimateTurnover"]],
    shows: [1250000],
    fieldsAsked: [["BestEstimateTurnover", "CompanyName", "CompanyNumber"]],
  },
  {
    name: "not confirmed (whole records, no x-ukco-fields in the answer): any field from memory",
    cutTo: undefined,
    first: [["01234567", "CompanyName"]],
    then: [["01234567", "BestEstimateTurnover"]],
    shows: [1250000],
    fieldsAsked: [["CompanyName", "CompanyNumber"]],
  },
  {
    name: "a nested path asks its top-level field",
    cutTo: keepsAsked,
    first: [["01234567", "CompanyFinancials_Vendor[0].TURNOVER"]],
    then: [["01234567", "CompanyFinancials_Vendor[1].TURNOVER"]],
    shows: [250],
    fieldsAsked: [["CompanyFinancials_Vendor", "CompanyNumber"]],
  },
  {
    name: "a company the service does not know is not found, for any field, without another request",
    cutTo: keepsAsked,
    first: [["09999999", "CompanyName"]],
    then: [["09999999", "BestEstimateTurnover"]],
    shows: [NotFoundError.name],
    fieldsAsked: [["CompanyName", "CompanyNumber"]],
  },
  {
    name: "a field the gateway kept unasked is read from the record without a request",
    cutTo: (asked) => [...asked, "BestEstimateTurnover"],
    first: [["01234567", "CompanyName"]],
    then: [["01234567", "BestEstimateTurnover"]],
    shows: [1250000],
    fieldsAsked: [["CompanyName", "CompanyNumber"]],
  },
  {
    name: "a gateway that keeps less than it is asked: asked again, then whole",
    cutTo: keepsNameOnly,
    first: [["01234567", "CompanyName"]],
    then: [["01234567", "BestEstimateTurnover"]],
    shows: [1250000],
    fieldsAsked: [
      ["CompanyName", "CompanyNumber"],
      ["BestEstimateTurnover", "CompanyName", "CompanyNumber"],
      ["BestEstimateTurnover", "CompanyName", "CompanyNumber"],
      undefined,
    ],
  },
  {
    name: "cut by the reader (direct to a service): a field outside the cut is fetched again",
    cutTo: undefined,
    readerCuts: true,
    first: [["01234567", "CompanyName"]],
    then: [["01234567", "BestEstimateTurnover"]],
    shows: [1250000],
    fieldsAsked: [
      ["CompanyName", "CompanyNumber"],
      ["BestEstimateTurnover", "CompanyName", "CompanyNumber"],
    ],
  },
  {
    name: "cut by the reader and by a gateway that keeps less: only what both kept is known, the rest asked again, then whole",
    cutTo: keepsNameOnly,
    readerCuts: true,
    first: [["01234567", "CompanyName"]],
    then: [["01234567", "BestEstimateTurnover"]],
    shows: [1250000],
    fieldsAsked: [
      ["CompanyName", "CompanyNumber"],
      ["BestEstimateTurnover", "CompanyName", "CompanyNumber"],
      ["BestEstimateTurnover", "CompanyName", "CompanyNumber"],
      undefined,
    ],
  },
])("$name", async ({ cutTo, readerCuts, first, then, shows, fieldsAsked }) => {
  const { services, show } = setup(cutTo, readerCuts);
  await show(first);
  expect(await show(then)).toEqual(shows);
  expect(services.fieldsAsked).toEqual(fieldsAsked);
});

test("one burst asks the union of its cells' fields, once per company", async () => {
  const { services, show } = setup(keepsAsked);
  services.addCompany({ CompanyNumber: "SC000123", CompanyName: "OTHER LTD", BestEstimateTurnover: 9 });
  const shown = await show([
    ["01234567", "CompanyName"],
    ["SC000123", "BestEstimateTurnover"],
    ["01234567", "CompanyFinancials_Vendor[0].YEAR"],
  ]);
  expect(shown).toEqual(["ACME LTD", 9, 2024]);
  expect(services.fieldsAsked).toEqual([
    ["BestEstimateTurnover", "CompanyFinancials_Vendor", "CompanyName", "CompanyNumber"],
  ]);
});

test("a company's value that is absent inside the cut reads as empty without another request", async () => {
  const { services, show } = setup(keepsAsked);
  services.addCompany({ CompanyNumber: "SC000123", CompanyName: "NO ESTIMATE LTD" });
  await show([
    ["SC000123", "CompanyName"],
    ["SC000123", "BestEstimateTurnover"],
  ]);
  expect(await show([["SC000123", "BestEstimateTurnover"]])).toEqual([""]);
  expect(services.calls.listCompanies).toHaveLength(1);
});

test("HISTORY over a record cut by an earlier FIELD burst reads its own list, not an empty one", async () => {
  const { clock, services, engine, show } = setup(keepsAsked);
  await show([["01234567", "CompanyName"]]);
  const grid = await clock.drive(Promise.resolve(historyCells(engine, "01234567", "TURNOVER", null, null, B2)));
  expect(grid.slice(1).map((row) => row.slice(0, 2))).toEqual([
    [2023, 250],
    [2024, 300],
  ]);
  expect(services.fieldsAsked.at(-1)).toEqual(["CompanyFinancials_Vendor", "CompanyName", "CompanyNumber"]);
});
