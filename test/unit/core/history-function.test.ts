import { Engine } from "../../../src/core/engine";
import { InvalidArgumentError, NotFoundError, UserError } from "../../../src/core/errors";
import { fieldCells } from "../../../src/functions/field";
import { historyCells } from "../../../src/functions/history";
import { FakeClock } from "../api/support/fake-clock";
import { FakeServices } from "./support/fake-services";
import { MemoryWorkbookStore } from "../../support/memory-stores";

const FILINGS = [
  { YEAR: 2024, TURNOVER: 300, EBITDA: 30, MADE_UPTO_DATE: "2024-03-31T00:00:00Z" },
  { YEAR: 2023, TURNOVER: 250, MADE_UPTO_DATE: "2023-03-31T00:00:00Z" },
  { YEAR: 2023, TURNOVER: 999, MADE_UPTO_DATE: "2022-12-31T00:00:00Z" },
  { YEAR: 2022, TURNOVER: 200, EBITDA: 20, MADE_UPTO_DATE: "2022-03-31T00:00:00Z" },
];

function setup() {
  const clock = new FakeClock();
  const services = new FakeServices();
  services.addCompany({
    CompanyNumber: "01234567",
    CompanyName: "ACME LTD",
    CompanyFinancials_Vendor: FILINGS,
    CompanyGrowthTrends: {
      EmploymentEstimates: [
        { Year: 2024, Measure: 12, Estimated: 0 },
        { Year: 2023, Measure: 10, Estimated: 1 },
      ],
    },
  });
  services.addCompany({ CompanyNumber: "SC000123", CompanyName: "NO ACCOUNTS LTD", CompanyFinancials_Vendor: [] });
  // The contract sends numbers; another service may send the year and figures as text.
  services.addCompany({
    CompanyNumber: "NI000042",
    CompanyName: "TEXT FIGURES LTD",
    CompanyFinancials_Vendor: [
      { YEAR: "2023", TURNOVER: "1,500" },
      { YEAR: "2022", TURNOVER: "n/a" },
    ],
  });
  const engine = new Engine({ clients: services.clients, clock });
  return { clock, services, engine };
}

const B2 = { address: "Sheet1!B2" };
/** The cells as a promise, whether the formula answered at once or not. */
const historyFormula = async (engine: Engine, ...args: [unknown, unknown, unknown, unknown]) =>
  historyCells(engine, ...args, B2);
const shown = (grid: unknown[][]) => grid.map((row) => row.map((c) => (c instanceof UserError ? c.message : c)));

describe("UKCO.HISTORY", () => {
  test.each<[string, unknown, unknown, unknown, unknown[][]]>([
    [
      "a table oldest first, the latest filing of 2023 used",
      "TURNOVER",
      null,
      null,
      [
        ["Year", "TURNOVER"],
        [2022, 200],
        [2023, 250],
        [2024, 300],
      ],
    ],
    ["a row of the values alone, for a sparkline", "turnover", null, "row", [[200, 250, 300]]],
    [
      "the most recent two years, as a table",
      "TURNOVER",
      2,
      "Table",
      [
        ["Year", "TURNOVER"],
        [2023, 250],
        [2024, 300],
      ],
    ],
    ["the most recent two years, as a row", "TURNOVER", 2, "row", [[250, 300]]],
    ["a year whose filing lacks the measure is blank", "EBITDA", null, "row", [[20, "", 30]]],
    [
      "an estimate series adds its Estimated column",
      "EmploymentEstimates",
      null,
      null,
      [
        ["Year", "EmploymentEstimates", "Estimated"],
        [2023, 10, true],
        [2024, 12, false],
      ],
    ],
  ])("%s", async (_case, measure, years, layout, expected) => {
    const { clock, engine } = setup();
    const grid = await clock.drive(historyFormula(engine, "01234567", measure, years, layout));
    expect(grid).toEqual(expected);
  });

  test("a company UKCO.FIELD has loaded costs no request and is answered at once", async () => {
    const { clock, engine, services } = setup();
    await clock.drive(fieldCells(engine, "01234567", "CompanyName", null, B2));
    const warm = historyCells(engine, 1234567, "TURNOVER", null, "row", B2);
    expect(warm).toEqual([[200, 250, 300]]);
    expect(services.calls.listCompanies).toEqual([["01234567"]]);
  });

  test("the workbook store keeps only the members the measure reads, not every filing whole", async () => {
    const { clock, services } = setup();
    const store = new MemoryWorkbookStore();
    const engine = new Engine({ clients: services.clients, clock, store });
    await clock.drive(historyFormula(engine, "01234567", "TURNOVER", null, null));
    await clock.drive(engine.save());
    const saved = JSON.parse(store.text!) as { companies: Record<string, { f: Record<string, unknown> }> };
    const stored = Object.values(saved.companies["01234567"]!.f);
    expect(stored).toEqual([FILINGS.map(({ YEAR, TURNOVER, MADE_UPTO_DATE }) => ({ YEAR, TURNOVER, MADE_UPTO_DATE }))]);
  });

  test("a column of HISTORY and FIELD cells for many companies goes in one request", async () => {
    const { clock, engine, services } = setup();
    const numbers = Array.from({ length: 300 }, (_, i) => String(10_000_000 + i));
    for (const n of numbers)
      services.addCompany({
        CompanyNumber: n,
        CompanyName: n,
        CompanyFinancials_Vendor: [{ YEAR: 2024, TURNOVER: 1 }],
      });
    const cells = numbers.flatMap((n) => [
      historyFormula(engine, n, "TURNOVER", null, "row"),
      fieldCells(engine, n, "CompanyName", null, B2),
    ]);
    const grids = await clock.drive(Promise.all(cells));
    expect(grids[0]).toEqual([[1]]);
    expect(services.calls.listCompanies).toHaveLength(1);
    expect(services.calls.listCompanies[0]).toHaveLength(300);
  });

  test("years and figures sent as text are read; a figure that is not a number is named in its year", async () => {
    const { clock, engine, services } = setup();
    const grid = await clock.drive(historyFormula(engine, "NI000042", "TURNOVER", null, null));
    expect(shown(grid)).toEqual([
      ["Year", "TURNOVER"],
      [2022, 'The 2022 filing\'s TURNOVER is "n/a", not a number.'],
      [2023, 1500],
    ]);
    // Read again from memory, with no second request.
    expect(historyCells(engine, "NI000042", "TURNOVER", 1, "row", B2)).toEqual([[1500]]);
    expect(services.calls.listCompanies).toHaveLength(1);
  });

  test.each<[string, string, string, RegExp]>([
    [
      "no filings",
      "SC000123",
      "TURNOVER",
      /^Company SC000123 has no filed accounts in its record \(CompanyFinancials_Vendor\)\.$/,
    ],
    [
      "no estimates",
      "SC000123",
      "TurnoverEstimates",
      /^Company SC000123 has no TurnoverEstimates in its record \(CompanyGrowthTrends\.TurnoverEstimates\)\.$/,
    ],
    ["filings without the measure", "01234567", "CASH", /^No filing of company 01234567 gives CASH\.$/],
    ["an unknown company", "09999999", "TURNOVER", /09999999/],
  ])("%s is #N/A with a message", async (_case, number, measure, message) => {
    const { clock, engine } = setup();
    const asked = clock.drive(historyFormula(engine, number, measure, null, null));
    await expect(asked).rejects.toThrow(NotFoundError);
    await expect(asked).rejects.toThrow(message);
  });

  test.each<[string, unknown, unknown, unknown, RegExp]>([
    [
      "an unknown measure names the closest",
      "Turnovr",
      null,
      null,
      /Unknown measure "Turnovr". Did you mean "TURNOVER"\?/,
    ],
    ["a layout other than table or row", "TURNOVER", null, "column", /layout must be one of "table", "row"/],
    ["a number of years below one", "TURNOVER", 0, null, /number of years must be a whole number/],
  ])("%s is #VALUE! and sends nothing", async (_case, measure, years, layout, message) => {
    const { engine, services } = setup();
    expect(() => historyCells(engine, "01234567", measure, years, layout, B2)).toThrow(InvalidArgumentError);
    expect(() => historyCells(engine, "01234567", measure, years, layout, B2)).toThrow(message);
    expect(services.calls.listCompanies).toHaveLength(0);
  });

  test("a blank company number gives a blank cell", () => {
    const { engine } = setup();
    expect(historyCells(engine, null, "TURNOVER", null, null, B2)).toEqual([[""]]);
  });
});
