/**
 * Refreshing a selection that holds part of a spilled table without the formula's cell: the answers
 * the selected cells read are what the estimate counts and what the formula fetches again; the
 * table's other rows keep what is stored.
 */
import { FUNCTIONS } from "../../support/function-table";
import { parseAddress, type RangeRef } from "../../../src/core/address";
import type { SheetCells } from "../../../src/core/analysis/argument-grids";
import { Engine } from "../../../src/core/engine";
import { fieldCells } from "../../../src/functions/field";
import { matchKey } from "../../../src/core/match-key";
import { coverage, type RefreshScope } from "../../../src/core/refresh-scopes";
import { answersInScope, spillParts } from "../../../src/core/analysis/scope-answers";
import { FakeClock } from "../api/support/fake-clock";
import { FakeServices } from "./support/fake-services";

const NUMBERS = ["01000001", "01000002", "01000003", "01000004", "01000005"];

/** A sheet from A1 as Excel reads it: a formula's cell gives its formula, a spilled cell its value. */
function sheet(name: string, cells: Record<string, unknown>, rows = 8, columns = 20): SheetCells {
  const formulas = Array.from({ length: rows }, () => Array<unknown>(columns).fill(""));
  const values = Array.from({ length: rows }, () => Array<unknown>(columns).fill(""));
  for (const [address, value] of Object.entries(cells)) {
    const at = parseAddress(address)!;
    formulas[at.firstRow - 1]![at.firstColumn - 1] = value;
    values[at.firstRow - 1]![at.firstColumn - 1] = typeof value === "string" && value.startsWith("=") ? "" : value;
  }
  return { name, row0: 0, column0: 0, formulas, values };
}

const SHEETS = [
  sheet("Data", {
    A2: NUMBERS[0],
    A3: NUMBERS[1],
    A4: NUMBERS[2],
    A5: NUMBERS[3],
    A6: NUMBERS[4],
    B1: "CompanyName",
    C1: "BestEstimateTurnover",
    // Spills B2:C6, a row per company.
    B2: "=UKCO.FIELD(A2:A6, B1:C1)",
    // Spills E2:F6: a header, then four years of one company.
    E2: '=UKCO.HISTORY(A3,"TURNOVER")',
    // Spills H2:K5: the group's members.
    H2: "=UKCO.GROUP(A4)",
    // Spills M7:R7: number, name, status, confidence, route, postcode.
    M7: '=UKCO.MATCH("Tesco PLC",,,"all")',
    // Spills T2:T6, sorted: which row shows which company is for Excel to say.
    T2: '=SORT(UKCO.FIELD(A2:A6,"CompanyName"))',
  }),
];

const AREAS: RangeRef[] = ["Data!B2:C6", "Data!E2:F6", "Data!H2:K5", "Data!M7:R7", "Data!T2:T6"].map((address) =>
  parseAddress(address)!,
);

const TESCO = matchKey("Tesco PLC", null, null)!;

/** What refreshing `addresses` counts: the companies and other answers, and the formulas partly selected. */
function refreshOf(...addresses: string[]) {
  const ranges = addresses.map((address) => parseAddress(address)!);
  const spills = spillParts(FUNCTIONS, SHEETS, ranges, AREAS);
  const scope: RefreshScope = { kind: "ranges", addresses, spills };
  const found = answersInScope(FUNCTIONS, SHEETS, coverage(scope), spills);
  return {
    partly: spills.map((part) => part.anchor).sort(),
    companies: [...found.companies].sort(),
    answers: Object.fromEntries([...found.answers].map(([store, keys]) => [store, [...keys].sort()])),
    formulas: found.formulas,
  };
}

test.each<[string, string[], ReturnType<typeof refreshOf>]>([
  [
    "rows 3 and 4 of a FIELD table, without its formula: those rows' companies",
    ["Data!B3:C4"],
    { partly: ["Data!B2"], companies: [NUMBERS[1]!, NUMBERS[2]!], answers: {}, formulas: 1 },
  ],
  [
    "one cell in the last column of a FIELD table: its row's company",
    ["Data!C6"],
    { partly: ["Data!B2"], companies: [NUMBERS[4]!], answers: {}, formulas: 1 },
  ],
  [
    "the FIELD formula's cell with its table: the whole table, as before",
    ["Data!B2:C6"],
    { partly: [], companies: [...NUMBERS], answers: {}, formulas: 1 },
  ],
  [
    "the FIELD formula's cell alone: the whole table too (it is the formula)",
    ["Data!B2"],
    { partly: [], companies: [...NUMBERS], answers: {}, formulas: 1 },
  ],
  [
    "two years inside a HISTORY table: its company's record",
    ["Data!E4:F5"],
    { partly: ["Data!E2"], companies: [NUMBERS[1]!], answers: {}, formulas: 1 },
  ],
  [
    "HISTORY's header row: its company's record",
    ["Data!F2"],
    { partly: ["Data!E2"], companies: [NUMBERS[1]!], answers: {}, formulas: 1 },
  ],
  [
    "a member row of a GROUP table: the group",
    ["Data!H4:K4"],
    { partly: ["Data!H2"], companies: [], answers: { groups: [NUMBERS[2]!] }, formulas: 1 },
  ],
  [
    "the status cell of a MATCH row: the match",
    ["Data!O7"],
    { partly: ["Data!M7"], companies: [], answers: { matches: [TESCO] }, formulas: 1 },
  ],
  [
    "a row across a FIELD table and a HISTORY table: the row's company and the history's",
    ["Data!B5:F5"],
    { partly: ["Data!B2", "Data!E2"], companies: [NUMBERS[1]!, NUMBERS[3]!], answers: {}, formulas: 2 },
  ],
  [
    "two areas of one table: both rows' companies, the formula once",
    ["Data!B2:B2", "Data!C6"],
    { partly: [], companies: [...NUMBERS], answers: {}, formulas: 1 },
  ],
  [
    "two areas inside one table: both rows' companies",
    ["Data!B3", "Data!C6"],
    { partly: ["Data!B2"], companies: [NUMBERS[1]!, NUMBERS[4]!], answers: {}, formulas: 1 },
  ],
  [
    "a table reordered by an expression: every company it shows",
    ["Data!T4"],
    { partly: ["Data!T2"], companies: [...NUMBERS], answers: {}, formulas: 1 },
  ],
  [
    "cells beside the tables, in none of them: nothing",
    ["Data!D3:D5", "Data!L2:L6"],
    { partly: [], companies: [], answers: {}, formulas: 0 },
  ],
  ["another sheet's same cells: nothing", ["Other!B3:C4"], { partly: [], companies: [], answers: {}, formulas: 0 }],
])("%s", (_, addresses, expected) => {
  expect(refreshOf(...addresses)).toEqual(expected);
});

describe("the formula of a table selected in part, recalculated", () => {
  const ANCHOR = "Data!B2";
  const fields = [["CompanyName", "BestEstimateTurnover"]];
  const numbers = NUMBERS.map((n) => [n]);

  function setup() {
    const clock = new FakeClock();
    const services = new FakeServices();
    for (const [i, number] of NUMBERS.entries())
      services.addCompany({ CompanyNumber: number, CompanyName: `COMPANY ${i} LTD`, BestEstimateTurnover: 100 + i });
    const engine = new Engine({ clients: services.clients, clock });
    const table = () => clock.drive(Promise.resolve(fieldCells(engine, numbers, fields, null, { address: ANCHOR })));
    return { clock, services, engine, table };
  }

  test("fetches again the selected rows' companies only; the new values show in those rows, the others keep theirs", async () => {
    const { clock, services, engine, table } = setup();
    await table();
    for (const number of NUMBERS) services.companies.get(number)!.BestEstimateTurnover = 999;
    await clock.advance(60_000);
    services.calls.listCompanies.length = 0;
    const ranges = [parseAddress("Data!B3:C4")!];
    engine.refresh({ kind: "ranges", addresses: ["Data!B3:C4"], spills: spillParts(FUNCTIONS, SHEETS, ranges, AREAS) });
    const after = await table();
    expect(services.calls.listCompanies.flat().sort()).toEqual([NUMBERS[1], NUMBERS[2]]);
    expect(after.map((row) => row[1])).toEqual([100, 999, 999, 103, 104]);
    expect(engine.changes().changes.map((c) => c.company)).toEqual([NUMBERS[1], NUMBERS[2]]);
  });

  test("another cell reading the same companies is not refreshed by it", async () => {
    const { clock, services, engine, table } = setup();
    await table();
    const elsewhere = () =>
      clock.drive(
        Promise.resolve(fieldCells(engine, NUMBERS[1], "BestEstimateTurnover", null, { address: "Data!Z9" })),
      );
    await elsewhere();
    services.companies.get(NUMBERS[1]!)!.BestEstimateTurnover = 999;
    await clock.advance(60_000);
    services.calls.listCompanies.length = 0;
    engine.refresh({
      kind: "ranges",
      addresses: ["Data!B3"],
      spills: spillParts(FUNCTIONS, SHEETS, [parseAddress("Data!B3")!], AREAS),
    });
    expect(await elsewhere()).toEqual([[101]]);
    expect(services.calls.listCompanies).toEqual([]);
  });
});
