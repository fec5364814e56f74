/**
 * Convert to values against the simulated Excel of each build: a 100,000-row spill of long text on
 * Excel on the web, every sync's request and answer under 5 MB; a company card written as the name
 * it shows (values would give #VALUE!), a date keeping its format; and on an Excel without the
 * spill APIs, nothing changed and a message naming what it needs.
 */
import { createSimulatedExcel, installOfficeSim, type SimulatedExcel } from "../../../tools/office-sim";

const LIMIT = 5 * 1024 * 1024;

const METADATA = {
  allowCustomDataForDataTypeAny: true,
  functions: [
    {
      id: "FIELD",
      name: "FIELD",
      parameters: [{ name: "what", type: "any" }],
      result: { dimensionality: "matrix" },
    },
  ],
};

let excel: SimulatedExcel;
let uninstall: (() => void) | undefined;

/** The simulated host with UKCO.FIELD answering `answer(what)`, and a fresh copy of the add-in's host code. */
async function open(options: Parameters<typeof createSimulatedExcel>[0], answer: (what: unknown) => unknown) {
  excel = createSimulatedExcel({ functionsMetadata: METADATA, ...options });
  excel.customFunctions.associate("FIELD", answer);
  uninstall = installOfficeSim(globalThis as unknown as Record<string, unknown>, excel).uninstall;
  jest.resetModules(); // the capabilities table remembers the host it first asked
  return import("../../../src/host/convert-to-values");
}

afterEach(() => uninstall?.());

const select = (address: string) => {
  const { sheet, range } = excel.resolve(address);
  excel.select(sheet.id, range);
};

const long = (r: number) =>
  `${r}: ${"a company that makes precision parts for engines and turbines, ".repeat(4)}`.slice(0, 200);

test("on Excel on the web, a 100,000-row spill of long text becomes values, each sync under 5 MB both ways", async () => {
  const { convertSelectionToValues } = await open({ profile: "web" }, () =>
    Array.from({ length: 100_000 }, (_, r) => [long(r), r]),
  );
  excel.setCell("Sheet1!A1", '=UKCO.FIELD("x")');
  await excel.whenCalculated(30_000);
  select("Sheet1!A1");
  excel.syncStats.reset();
  await expect(convertSelectionToValues()).resolves.toEqual({
    converted: 1,
    cells: 200_000,
    stillCalculating: 0,
    cards: 0,
  });
  expect(excel.cell("Sheet1!A1")).toMatchObject({ value: long(0) });
  expect(excel.cell("Sheet1!A1").formula).toBeUndefined();
  expect(excel.cell("Sheet1!A100000")).toMatchObject({ value: long(99_999) });
  expect(excel.cell("Sheet1!B100000")).toMatchObject({ value: 99_999 });
  expect(excel.cell("Sheet1!A100000").spilledFrom).toBeUndefined();
  const stats = excel.syncStats;
  expect(stats.recent.filter((s) => s.failed)).toEqual([]);
  expect(stats.responseBytes + stats.requestBytes).toBeGreaterThan(2 * 20_000_000);
  expect(stats.largestResponseBytes).toBeLessThan(LIMIT);
  expect(stats.largestRequestBytes).toBeLessThan(LIMIT);
});

test("a company card becomes the name it shows, and a date keeps its format", async () => {
  const card = { type: "Entity", text: "ACME WIDGETS LTD", properties: {} };
  const { convertSelectionToValues } = await open({ profile: "web" }, (what) =>
    what === "card" ? card : [[{ type: "Double", basicValue: 45418, numberFormat: "d mmm yyyy" }, "x"]],
  );
  excel.setCell("Sheet1!A1", [['=UKCO.FIELD("card")', '=UKCO.FIELD("dates")']]);
  await excel.whenCalculated(1000);
  expect(excel.values("Sheet1!A1")).toEqual([["#VALUE!"]]);
  select("Sheet1!A1:C1");
  await expect(convertSelectionToValues()).resolves.toMatchObject({ converted: 2, cells: 3, cards: 1 });
  expect(excel.cell("Sheet1!A1")).toMatchObject({ value: "ACME WIDGETS LTD", type: "String" });
  expect(excel.cell("Sheet1!B1")).toMatchObject({ value: 45418, text: "6 May 2024" });
  expect([excel.cell("Sheet1!A1").formula, excel.cell("Sheet1!B1").formula]).toEqual([undefined, undefined]);
  expect(excel.cell("Sheet1!C1")).toMatchObject({ value: "x" });
});

test("on Office 2021 (no valuesAsJson) the values are read through values, and a date cell keeps its own format", async () => {
  const { convertSelectionToValues } = await open({ profile: "office-2021" }, () => [[45418, "y"]]);
  excel.setCell("Sheet1!A1", '=UKCO.FIELD("dates")');
  excel.resolve("Sheet1!A1");
  await excel.whenCalculated(1000);
  const { sheet, range } = excel.resolve("Sheet1!A1");
  sheet.ensure(range.r0, range.c0).numberFormat = "d mmm yyyy";
  select("Sheet1!A1");
  await expect(convertSelectionToValues()).resolves.toMatchObject({ converted: 1, cells: 2, cards: 0 });
  expect(excel.cell("Sheet1!A1")).toMatchObject({ value: 45418, text: "6 May 2024" });
  expect(excel.cell("Sheet1!A1").formula).toBeUndefined();
  expect(excel.syncStats.recent.filter((s) => s.failed)).toEqual([]);
});

test("on an Excel without the spill APIs nothing is changed, and the message names the Excel it needs", async () => {
  const { convertSelectionToValues } = await open({ requirementSets: { ExcelApi: "1.11" } }, () => [["a"], ["b"]]);
  excel.setCell("Sheet1!A1", '=UKCO.FIELD("x")');
  await excel.whenCalculated(1000);
  select("Sheet1!A1");
  await expect(convertSelectionToValues()).rejects.toThrow(
    /^Convert to values needs ExcelApi 1\.12, which this Excel does not have: it is in Excel on the web/,
  );
  expect(excel.cell("Sheet1!A1").formula).toBe('=UKCO.FIELD("x")');
  expect(excel.cell("Sheet1!A2").spilledFrom).toBe("Sheet1!A1");
  expect(excel.syncStats.recent.filter((s) => s.failed)).toEqual([]);
});
