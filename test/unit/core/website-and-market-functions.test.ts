/**
 * UKCO.WEBSITE and UKCO.MARKET on fake services: a burst of cells is one request per service,
 * identical asks share it, answers come from the cache afterwards and from a reopened store, and
 * bad input is refused (before any request) with a message that says what to type.
 */
import { Engine } from "../../../src/core/engine";
import { InvalidArgumentError, NotFoundError } from "../../../src/core/errors";
import { marketFormula } from "../../../src/functions/market";
import { websiteFormula } from "../../../src/functions/website";
import { FakeClock } from "../api/support/fake-clock";
import { MemoryWorkbookStore } from "../../support/memory-stores";
import { FakeServices } from "./support/fake-services";

function setUp(store = new MemoryWorkbookStore()) {
  const clock = new FakeClock();
  const services = new FakeServices();
  services.addCompany({
    CompanyNumber: "01234567",
    CompanyName: "ACME LTD",
    Homepage_domain: "acme.co.uk",
    BestEstimateTurnover: 1_200_000,
  });
  services.addCompany({ CompanyNumber: "SC000123", CompanyName: "THISTLE LTD", Homepage_domain: "thistle.scot" });
  services.marketCompanies.set("us:12-3456789", {
    CompanyNumber: "12-3456789",
    CompanyName: "ACME INC",
    Employees: 42,
    NAICS: ["541511", "541512"],
    IncorporationDate: "2001-02-03",
  });
  services.marketCompanies.set("fr:123456789", { CompanyNumber: "123456789", CompanyName: "ACME SAS", Employees: 7 });
  const engine = new Engine({ clients: services.clients, clock, store });
  return { clock, services, engine, store };
}

const cell = async (work: Promise<unknown[][]>) => (await work)[0]![0];

test("a burst of WEBSITE cells is one batch request for the distinct domains, and each cell gets its company", async () => {
  const { clock, services, engine } = setUp();
  const asks = ["https://www.acme.co.uk/about", "acme.co.uk", "thistle.scot", "http://nobody.example.com"].map(
    (url, i) =>
      clock.drive(websiteFormula(engine, url, null, { address: `Sheet1!B${i + 1}` })).then(
        (g) => g[0]![0],
        (e: unknown) => e,
      ),
  );
  const answers = await Promise.all(asks);
  expect(answers.slice(0, 3)).toEqual(["01234567", "01234567", "SC000123"]);
  expect(answers[3]).toBeInstanceOf(NotFoundError);
  expect((answers[3] as Error).message).toBe("No company found for http://nobody.example.com.");
  expect(services.calls.websites).toEqual([["acme.co.uk", "thistle.scot", "nobody.example.com"]]);
  // Answered from the cache afterwards.
  expect(await clock.drive(cell(websiteFormula(engine, "ACME.co.uk", null, {})))).toBe("01234567");
  expect(services.calls.websites).toHaveLength(1);
});

test("WEBSITE with a field answers that field of the company; a bad field or address is refused before any request", async () => {
  const { clock, services, engine } = setUp();
  expect(await clock.drive(cell(websiteFormula(engine, "acme.co.uk", "BestEstimateTurnover", {})))).toBe(1_200_000);
  await expect(websiteFormula(engine, "acme.co.uk", "Turnovr", {})).rejects.toThrow(/BestEstimateTurnover/);
  await expect(websiteFormula(engine, "not a website", null, {})).rejects.toThrow(
    new InvalidArgumentError('Give a website address such as "example.co.uk": not a website address (it has spaces).'),
  );
  expect(services.calls.websites).toHaveLength(1);
});

test("a burst of MARKET cells is one batch request per market; numbers stay numbers, lists are joined, dates are dates", async () => {
  const { clock, services, engine } = setUp();
  const run = (market: string, number: unknown, field: string) =>
    clock.drive(cell(marketFormula(engine, market, number, field, {}))).catch((e: unknown) => e);
  const answers = await Promise.all([
    run("us", "12-3456789", "Employees"),
    run("US", " 12-3456789 ", "naics"),
    run("us", "12-3456789", "IncorporationDate"),
    run("fr", 123456789, "CompanyName"),
    run("us", "98-7654321", "CompanyName"),
  ]);
  expect(answers[0]).toBe(42);
  expect(answers[1]).toBe("541511; 541512");
  expect(answers[2]).toMatchObject({ kind: "date", iso: "2001-02-03" });
  expect(answers[3]).toBe("ACME SAS");
  expect(answers[4]).toBeInstanceOf(NotFoundError);
  expect(services.calls.marketBatch).toEqual([["us:12-3456789", "us:98-7654321"], ["fr:123456789"]]);
});

test("MARKET refuses an unknown market or field, naming the valid ones, without a request", async () => {
  const { services, engine } = setUp();
  await expect(marketFormula(engine, "uk", "1", "CompanyName", {})).rejects.toThrow(
    'The market must be one of "us", "fr", "de", "ie"; "uk" is not.',
  );
  await expect(marketFormula(engine, "us", "12-3456789", "Employes", {})).rejects.toThrow(/Did you mean "Employees"/);
  expect(services.calls.marketBatch).toEqual([]);
});

test("WEBSITE and MARKET answers are saved in the workbook store and a reopened workbook answers without a request", async () => {
  const first = setUp();
  await first.clock.drive(cell(websiteFormula(first.engine, "acme.co.uk", null, {})));
  await first.clock.drive(cell(marketFormula(first.engine, "us", "12-3456789", "CompanyName", {})));
  await first.engine.save();
  const reopened = setUp(first.store);
  await reopened.engine.ready;
  expect(await reopened.clock.drive(cell(websiteFormula(reopened.engine, "https://acme.co.uk", null, {})))).toBe(
    "01234567",
  );
  expect(await reopened.clock.drive(cell(marketFormula(reopened.engine, "us", "12-3456789", "CompanyName", {})))).toBe(
    "ACME INC",
  );
  expect(reopened.services.calls.websites).toEqual([]);
  expect(reopened.services.calls.marketBatch).toEqual([]);
});
