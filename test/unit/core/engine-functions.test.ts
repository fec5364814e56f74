import type { WorkbookStore } from "../../../src/core/cache/snapshot";
import { isDateCell, type CellGrid } from "../../../src/core/cell-value";
import { Engine } from "../../../src/core/engine";
import { InvalidArgumentError, NotFoundError, UnavailableError, UserError } from "../../../src/core/errors";
import { classifyFormula } from "../../../src/functions/classify";
import { companyFormula } from "../../../src/functions/company";
import { fieldCells } from "../../../src/functions/field";
import { groupFormula } from "../../../src/functions/group";
import { matchFormula } from "../../../src/functions/match";
import { FakeClock } from "../api/support/fake-clock";
import { FakeServices } from "./support/fake-services";

class MemoryStore implements WorkbookStore {
  text: string | undefined;
  async load() {
    return this.text;
  }
  async save(text: string) {
    this.text = text;
  }
}

function setup(store?: WorkbookStore) {
  const clock = new FakeClock();
  const services = new FakeServices();
  services.addCompany({
    CompanyNumber: "01234567",
    CompanyName: "ACME LTD",
    BestEstimateTurnover: 1250000,
    HighGrowth: true,
    IncorporationDate: "2001-02-03",
    SICs: ["62012", "62020"],
    CompanyGrowthTrends: { CompanySizeEstimate: "Small" },
    CompanyFinancials_Vendor: [
      { TURNOVER: 1200000, YEAR: 2024 },
      { TURNOVER: 900000, YEAR: 2023 },
    ],
    CompanyJobPostings: [{ SOC4Code: "2136", Postings: 4 }],
  });
  services.addCompany({ CompanyNumber: "SC000123", CompanyName: "THISTLE & CO LIMITED", SICs: [] });
  const engine = new Engine({ clients: services.clients, clock, store });
  return { clock, services, engine };
}

const message = (cell: unknown) => (cell instanceof UserError ? `${cell.constructor.name}: ${cell.message}` : cell);

describe("UKCO.FIELD", () => {
  test("one number and one field give the value; Excel's 1234567 is company 01234567", async () => {
    const { clock, engine, services } = setup();
    await expect(clock.drive(fieldCells(engine, 1234567, "CompanyName", null, {}))).resolves.toEqual([["ACME LTD"]]);
    expect(services.calls.listCompanies).toEqual([["01234567"]]);
  });

  test("numbers stay numbers, booleans booleans, dates become Excel dates, lists spill across a row", async () => {
    const { clock, engine } = setup();
    const ask = (field: string) => clock.drive(fieldCells(engine, "01234567", field, null, {}));
    expect(await ask("BestEstimateTurnover")).toEqual([[1250000]]);
    expect(await ask("HighGrowth")).toEqual([[true]]);
    const date = (await ask("IncorporationDate"))[0]![0];
    expect(isDateCell(date) && date.serial).toBe(36925);
    expect(await ask("SICs")).toEqual([["62012", "62020"]]);
    expect(await ask("CompanyFinancials_Vendor[1].TURNOVER")).toEqual([[900000]]);
    expect(await ask("CompanyGrowthTrends.CompanySizeEstimate")).toEqual([["Small"]]);
  });

  test("a column of numbers by a row of fields is a table; lists are joined; a bad row or column spoils only itself", async () => {
    const { clock, engine, services } = setup();
    const numbers = [["01234567"], ["not a number"], [null], ["SC123"], ["09999999"]];
    const fields = [["CompanyName", "SICs", "Turnovr"]];
    const grid = (await clock.drive(fieldCells(engine, numbers, fields, "n/a", {}))) as CellGrid;
    expect(grid.map((row) => row.map(message))).toEqual([
      [
        "ACME LTD",
        "62012; 62020",
        expect.stringContaining('InvalidArgumentError: Unknown field "Turnovr". Did you mean "BestEstimateTurnover"?'),
      ],
      [
        expect.stringContaining("InvalidArgumentError"),
        expect.stringContaining("InvalidArgumentError"),
        expect.stringContaining("Unknown field"),
      ],
      ["", "", ""],
      ["THISTLE & CO LIMITED", "n/a", expect.stringContaining("Unknown field")],
      [
        expect.stringMatching(/^NotFoundError: No company 09999999/),
        expect.stringMatching(/^NotFoundError/),
        expect.stringContaining("Unknown field"),
      ],
    ]);
    expect(services.calls.listCompanies).toEqual([["01234567", "SC000123", "09999999"]]);
  });

  test("one-cell formulas of one field in one burst each keep their own if_empty, and each workbook its own engine", async () => {
    const { clock, engine, services } = setup();
    const other = setup();
    const cells = [
      fieldCells(engine, "SC000123", "BestEstimateTurnover", null, {}),
      fieldCells(engine, "SC000123", "BestEstimateTurnover", "none", {}),
      fieldCells(engine, "01234567", "BestEstimateTurnover", null, {}),
      fieldCells(other.engine, "01234567", "BestEstimateTurnover", null, {}),
      fieldCells(engine, "SC000123", "BestEstimateTurnover", 0, {}),
    ];
    const [first, second, third, fourth, fifth] = await Promise.all([
      ...cells.slice(0, 3).map((cell) => clock.drive(cell)),
      other.clock.drive(cells[3]!),
      clock.drive(cells[4]!),
    ]);
    expect([first, second, third, fourth, fifth]).toEqual([[[""]], [["none"]], [[1250000]], [[1250000]], [[0]]]);
    expect(services.calls.listCompanies).toEqual([["SC000123", "01234567"]]);
    expect(other.services.calls.listCompanies).toEqual([["01234567"]]);
  });

  test("a group of fields is refused with an example of a field inside it", async () => {
    const { clock, engine } = setup();
    const cell = (await clock.drive(fieldCells(engine, "01234567", "CompanyGrowthTrends", null, {})))[0]![0];
    expect(cell).toBeInstanceOf(InvalidArgumentError);
    expect((cell as Error).message).toMatch(/group of fields.*CompanyGrowthTrends\./);
  });

  test("ranges in the wrong shape are a clear #VALUE!, thrown before anything is asked", () => {
    const { engine } = setup();
    const grid = [
      ["01234567", "SC000123"],
      ["1", "2"],
    ];
    expect(() => fieldCells(engine, grid, "CompanyName", null, {})).toThrow(/one column/);
  });

  test("10,000 cells for 2,000 companies × 5 fields cost 2 requests; recalculating them costs none", async () => {
    const { clock, engine, services } = setup();
    for (let i = 1; i <= 2000; i++)
      services.addCompany({
        CompanyNumber: String(i).padStart(8, "0"),
        CompanyName: `COMPANY ${i} LTD`,
        BestEstimateTurnover: i,
      });
    const fields = ["CompanyName", "BestEstimateTurnover", "SICs", "HighGrowth", "CompanyStatus"];
    const sheet = () =>
      Promise.all(
        Array.from({ length: 10_000 }, (_, i) =>
          fieldCells(engine, (i % 2000) + 1, fields[i % 5], null, { address: `Sheet1!A${i + 1}` }),
        ),
      );
    const first = await clock.drive(sheet());
    expect(services.calls.listCompanies.map((c) => c.length)).toEqual([1000, 1000]);
    expect(first[1]).toEqual([[2]]);
    await clock.drive(sheet());
    expect(services.calls.listCompanies).toHaveLength(2);
    // 10,000 cells are a second of work alone; on a loaded two-core CI machine, several.
  }, 30_000);

  test("a token without jobdata:read gives #N/A naming the scope for job-posting fields", async () => {
    const { clock, engine, services } = setup();
    services.scopes.delete("jobdata:read");
    const cell = (await clock.drive(fieldCells(engine, "01234567", "CompanyJobPostings.Postings", null, {})))[0]![0];
    expect(cell).toBeInstanceOf(UnavailableError);
    expect((cell as Error).message).toContain("jobdata:read");
  });

  test("while a formula is previewed nothing is fetched; a cached value still shows", async () => {
    const { clock, engine, services } = setup();
    const preview = (await clock.drive(fieldCells(engine, "01234567", "CompanyName", null, { preview: true })))[0]![0];
    expect(message(preview)).toMatch(/press Enter/);
    expect(services.calls.listCompanies).toHaveLength(0);
    await clock.drive(fieldCells(engine, "01234567", "CompanyName", null, {}));
    await expect(
      clock.drive(fieldCells(engine, "01234567", "BestEstimateTurnover", null, { preview: true })),
    ).resolves.toEqual([[1250000]]);
    expect(services.calls.listCompanies).toHaveLength(1);
  });

  test("a failing service gives each cell #N/A saying what happened, and a later refresh recovers", async () => {
    const { clock, engine, services } = setup();
    const { HttpError } = await import("../../../src/api/http/errors");
    services.failNext.push(
      new HttpError("product", { status: 503, method: "POST", url: "https://x/v2/companies", origin: "service" }),
    );
    const cell = (await clock.drive(fieldCells(engine, "01234567", "CompanyName", null, {})))[0]![0];
    expect(message(cell)).toMatch(/^UnavailableError: The product API is unavailable \(HTTP 503\)\.$/);
    await expect(clock.drive(fieldCells(engine, "01234567", "CompanyName", null, {}))).resolves.toEqual([["ACME LTD"]]);
  });
});

describe("values change only on refresh", () => {
  test("refreshing a selection refetches the cells inside it, and only those", async () => {
    const { clock, engine, services } = setup();
    const inside = { address: "Sheet1!B2" };
    const outside = { address: "Sheet2!B2" };
    await clock.drive(fieldCells(engine, "01234567", "BestEstimateTurnover", null, inside));
    services.companies.get("01234567")!.BestEstimateTurnover = 2_000_000;
    await expect(clock.drive(fieldCells(engine, "01234567", "BestEstimateTurnover", null, inside))).resolves.toEqual([
      [1250000],
    ]);
    await clock.advance(1000);
    engine.refresh({ kind: "ranges", addresses: ["Sheet1!B1:B10"] });
    await clock.advance(1000);
    await expect(clock.drive(fieldCells(engine, "01234567", "BestEstimateTurnover", null, inside))).resolves.toEqual([
      [2_000_000],
    ]);
    expect(services.calls.listCompanies).toHaveLength(2);
    await expect(clock.drive(fieldCells(engine, "01234567", "BestEstimateTurnover", null, outside))).resolves.toEqual([
      [2_000_000],
    ]);
    expect(services.calls.listCompanies).toHaveLength(2);
  });

  test("a reopened workbook answers from its store without the network", async () => {
    const store = new MemoryStore();
    const first = setup(store);
    await first.clock.drive(fieldCells(first.engine, "01234567", [["CompanyName", "SICs"]], null, {}));
    await first.clock.drive(matchFormula(first.engine, "acme ltd", null, null, null, {}));
    await first.clock.drive(classifyFormula(first.engine, "We make software", null, null, {}));
    await first.engine.save();
    const reopened = setup(store);
    await expect(
      reopened.clock.drive(fieldCells(reopened.engine, "01234567", [["CompanyName", "SICs"]], null, {})),
    ).resolves.toEqual([["ACME LTD", "62012; 62020"]]);
    await expect(
      reopened.clock.drive(matchFormula(reopened.engine, "ACME LTD", null, null, null, {})),
    ).resolves.toEqual([["01234567"]]);
    await expect(
      reopened.clock.drive(classifyFormula(reopened.engine, "We make software", null, null, {})),
    ).resolves.toEqual([["RTIC-0001 – Software"]]);
    expect(reopened.services.calls).toEqual({
      websites: [],
      marketBatch: [],
      listCompanies: [],
      match: [],
      batch: [],
      classify: [],
      group: [],
    });
    expect(reopened.engine.stats()).toMatchObject({ companies: 1, matches: 1, classifications: 1 });
  });

  test("a damaged store is reported and ignored", async () => {
    const store = new MemoryStore();
    store.text = '{"v": 99}';
    const problems: string[] = [];
    const clock = new FakeClock();
    const engine = new Engine({
      clients: new FakeServices().clients,
      clock,
      store,
      onProblem: (p) => problems.push(p),
    });
    await engine.ready;
    expect(problems).toEqual([expect.stringContaining("ignored")]);
  });
});

describe("UKCO.MATCH", () => {
  test("gives the 8-character number, or what output asks for", async () => {
    const { clock, engine } = setup();
    const ask = (output: unknown) => clock.drive(matchFormula(engine, "  Acme   Ltd ", null, null, output, {}));
    expect(await ask(null)).toEqual([["01234567"]]);
    expect(await ask("Name")).toEqual([["ACME LTD"]]);
    expect(await ask("status")).toEqual([["Active"]]);
    expect(await ask("confidence")).toEqual([["high"]]);
    expect(await ask("postcode")).toEqual([["EH1 1AA"]]);
    expect(await ask("all")).toEqual([["01234567", "ACME LTD", "Active", "high", "fast", "EH1 1AA"]]);
    await expect(ask("everything")).rejects.toThrow(InvalidArgumentError);
  });

  test("no match is #N/A naming the name, but confidence shows none", async () => {
    const { clock, engine } = setup();
    await expect(clock.drive(matchFormula(engine, "Nobody Ltd", null, null, null, {}))).rejects.toThrow(NotFoundError);
    await expect(clock.drive(matchFormula(engine, "Nobody Ltd", null, null, null, {}))).rejects.toThrow(
      'No match for "NOBODY LTD"',
    );
    await expect(clock.drive(matchFormula(engine, "Nobody Ltd", null, null, "confidence", {}))).resolves.toEqual([
      ["none"],
    ]);
  });

  test("an empty name is an empty answer, not a request; an over-long one is #VALUE!", async () => {
    const { clock, engine, services } = setup();
    await expect(clock.drive(matchFormula(engine, "  ", null, null, null, {}))).resolves.toEqual([[""]]);
    await expect(clock.drive(matchFormula(engine, "x".repeat(513), null, null, null, {}))).rejects.toThrow(
      /at most 512/,
    );
    expect(services.calls.match).toHaveLength(0);
  });

  test("a handful of names go as single matches; a larger burst as one batch job; repeats share", async () => {
    const { clock, engine, services } = setup();
    await clock.drive(Promise.all(["A", "B", "A"].map((n) => matchFormula(engine, n, null, null, "confidence", {}))));
    expect(services.calls.match.map((r) => r.input_name)).toEqual(["A", "B"]);
    const names = Array.from({ length: 1500 }, (_, i) => `NAME ${i % 1200}`);
    await clock.drive(Promise.all(names.map((n) => matchFormula(engine, n, "eh1 1aa", null, "confidence", {}))));
    expect(services.calls.batch.map((b) => b.length)).toEqual([1000, 200]);
    expect(services.calls.batch[0]![0]).toMatchObject({ input_name: "NAME 0", postcode: "EH1 1AA", id: "0" });
  });
});

describe("UKCO.CLASSIFY", () => {
  test("gives the best RTIC as code – description, or a row of codes best first", async () => {
    const { clock, engine, services } = setup();
    expect(await clock.drive(classifyFormula(engine, "We write accounting software", null, null, {}))).toEqual([
      ["RTIC-0001 – Software"],
    ]);
    expect(await clock.drive(classifyFormula(engine, "We write accounting software", "SICs", 1, {}))).toEqual([
      ["62012 – Business and domestic software development"],
    ]);
    expect(await clock.drive(classifyFormula(engine, "We write accounting software", "similar", null, {}))).toEqual([
      ["00000001 – ACME SOFTWARE LTD"],
    ]);
    expect(services.calls.classify).toEqual([{ Text: "We write accounting software" }]);
  });

  test("a website is sent as a website; limits are checked before sending", async () => {
    const { clock, engine, services } = setup();
    await clock.drive(classifyFormula(engine, "www.example.co.uk", null, null, {}));
    expect(services.calls.classify).toEqual([{ Website: "www.example.co.uk" }]);
    await expect(clock.drive(classifyFormula(engine, "word ".repeat(300), null, null, {}))).rejects.toThrow(
      /at most 1000/,
    );
    await expect(clock.drive(classifyFormula(engine, "text", "rnaics", 0, {}))).rejects.toThrow(
      /whole number from 1 to 25/,
    );
    await expect(clock.drive(classifyFormula(engine, "text", "rnaics", null, {}))).rejects.toThrow(
      /No recommended NAICS/,
    );
  });
});

describe("UKCO.COMPANY and UKCO.GROUP", () => {
  test("a company card carries its main fields as properties", async () => {
    const { clock, engine } = setup();
    const card = (await clock.drive(companyFormula(engine, "1234567", {})))[0]![0];
    expect(card).toMatchObject({ kind: "entity", text: "ACME LTD" });
    expect(Object.fromEntries((card as { properties: [string, unknown][] }).properties)).toMatchObject({
      CompanyNumber: "01234567",
      BestEstimateTurnover: 1250000,
      SICs: "62012; 62020",
    });
  });

  test("a group spills level, number, name and parent, ultimate parent first", async () => {
    const { clock, engine, services } = setup();
    const grid = await clock.drive(groupFormula(engine, "SC123", {}));
    expect(grid).toEqual([
      ["Level", "Company number", "Company name", "Parent number"],
      [0, "SC000123", "PARENT PLC", ""],
      [1, "00000002", "CHILD LTD", "SC000123"],
    ]);
    await clock.drive(groupFormula(engine, "SC000123", {}));
    expect(services.calls.group).toEqual(["SC000123"]);
  });
});
