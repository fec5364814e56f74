/**
 * The Excel writer against the simulated host in Node: every sync within the payload limit,
 * values, formats and the table as Excel would hold them, refresh in place, blocks at the selection.
 */
import { createSimulatedExcel, installOfficeSim, type SimulatedExcel } from "../../../tools/office-sim";
import { resolveColumns, type SheetValue } from "../../../src/core/import/columns";
import { runImport, type TableSink } from "../../../src/core/import/run-import";
import { IMPORT_LAYOUT } from "../../../src/core/import/table-layout";
import type { ProductClient } from "../../../src/api/product/client";
import type { CompaniesQuery } from "../../../src/api/product/requests";
import { writerAtSelection, writerForTable, writerOnNewSheet } from "../../../src/host/excel-writer";

let excel: SimulatedExcel;
let uninstall: () => void;

function open(payloadLimitBytes?: number, requirementSets?: Record<string, string>) {
  excel = createSimulatedExcel({
    ...(payloadLimitBytes ? { payloadLimitBytes } : {}),
    ...(requirementSets ? { requirementSets } : {}),
  });
  uninstall = installOfficeSim(globalThis as unknown as Record<string, unknown>, excel).uninstall;
}

afterEach(() => uninstall?.());

const company = (i: number, name = `Company ${i} — ${"long description ".repeat(i % 7)}`) => ({
  CompanyNumber: String(i).padStart(8, "0"),
  CompanyName: name,
  BestEstimateTurnover: i * 1000,
  IncorporationDate: "2001-02-03",
});

function productOf(items: ReturnType<typeof company>[]): ProductClient {
  const listCompanies = async (query: CompaniesQuery) => {
    const skip = query.skip ?? 0;
    return { companies: items.slice(skip, skip + (query.returnCount ?? 40)) };
  };
  // The same operation on the wire; this fake never checks records, so both readings are one.
  return { listCompanies, listCompanyRecords: listCompanies } as unknown as ProductClient;
}

const { columns } = resolveColumns(["CompanyNumber", "CompanyName", "BestEstimateTurnover", "IncorporationDate"]);

async function importInto(
  sink: TableSink,
  items: ReturnType<typeof company>[],
  chunkLimits?: { maxBytes: number; maxRows: number },
) {
  return runImport({
    product: productOf(items),
    request: {},
    columns,
    description: "test",
    sink,
    now: () => Date.UTC(2025, 4, 6, 7, 8),
    total: items.length,
    ...(chunkLimits ? { chunkLimits } : {}),
  });
}

const newSheetWriter = () => writerOnNewSheet("Companies", "UKCO_Import_", IMPORT_LAYOUT);

test("an import on a new sheet stays under the payload limit in every sync and lands as a formatted table", async () => {
  const limit = 200_000;
  open(limit);
  const items = Array.from({ length: 6_000 }, (_, i) => company(i + 1));
  const writer = await newSheetWriter();
  const outcome = await importInto(writer, items, { maxBytes: limit * 0.4, maxRows: 5_000 });
  expect(outcome.status).toBe("complete");
  const stats = excel.syncStats;
  expect(stats.recent.filter((s) => s.failed)).toEqual([]);
  expect(stats.largestRequestBytes).toBeLessThanOrEqual(limit);
  expect(writer.stats.writes).toBeGreaterThan(6);
  expect(excel.workbook.tables.map((t) => t.name)).toEqual(["UKCO_Import_1"]);
  const sheet = excel.workbook.sheets.find((s) => s.name === "Companies")!;
  expect(excel.workbook.activeSheetId).toBe(sheet.id);
  expect(excel.values("Companies!A1")[0]![0]).toBe(
    "UK company data as of 2025-05-06 07:08 UTC · test · 6,000 companies",
  );
  expect(excel.values("Companies!A3:D4")).toEqual([
    ["Company number", "Registered name", "Turnover, best estimate (£)", "Incorporated on"],
    ["00000001", "Company 1 — long description ", 1000, 36925],
  ]);
  expect(excel.cell("Companies!A6003").value).toBe("00006000");
  expect(excel.cell("Companies!C6003")).toMatchObject({ numberFormat: "#,##0", value: 6_000_000 });
  expect(excel.cell("Companies!D4")).toMatchObject({ text: "3 Feb 2001" });
  const table = excel.workbook.tables[0]!;
  expect(table.range).toEqual({ r0: 2, c0: 0, r1: 6002, c1: 3 });
});

test("a company name that looks like a formula or markup is stored as the literal text", async () => {
  open();
  const writer = await newSheetWriter();
  await importInto(writer, [
    company(1, '=HYPERLINK("http://evil","x")'),
    company(2, "<img src=x onerror=alert(1)>"),
    company(3, "+44 20 7946 0000"),
  ]);
  expect(excel.values("Companies!B4:B6")).toEqual([
    ['=HYPERLINK("http://evil","x")'],
    ["<img src=x onerror=alert(1)>"],
    ["+44 20 7946 0000"],
  ]);
  expect(excel.cell("Companies!B4").formula).toBeUndefined();
});

test("refreshing replaces the rows in place: the table shrinks or grows, the as-of line updates, a formula beside it keeps its reference", async () => {
  open();
  await importInto(
    await newSheetWriter(),
    Array.from({ length: 5 }, (_, i) => company(i + 1)),
  );
  excel.setCell("Companies!F4", '=UKCO.FIELD(A4,"CompanyName")');
  await importInto(await writerForTable("UKCO_Import_1", 2), [company(7), company(8), company(9)]);
  expect(excel.workbook.tables[0]!.range).toEqual({ r0: 2, c0: 0, r1: 5, c1: 3 });
  expect(excel.values("Companies!A4:A8")).toEqual([["00000007"], ["00000008"], ["00000009"], [""], [""]]);
  expect(excel.cell("Companies!F4").formula).toBe('=UKCO.FIELD(A4,"CompanyName")');
  expect(excel.values("Companies!A1")[0]![0]).toMatch(/· 3 companies$/);

  await importInto(
    await writerForTable("UKCO_Import_1", 2),
    Array.from({ length: 8 }, (_, i) => company(i + 20)),
  );
  expect(excel.workbook.tables[0]!.range).toEqual({ r0: 2, c0: 0, r1: 10, c1: 3 });
  expect(excel.cell("Companies!A11").value).toBe("00000027");
  expect(excel.cell("Companies!C11").numberFormat).toBe("#,##0");
});

test("on an Excel without Table.resize (ExcelApi 1.12) an import and its refreshes land as the same table, made over its rows", async () => {
  jest.resetModules();
  open(undefined, { ExcelApi: "1.12" });
  const writer = await import("../../../src/host/excel-writer");
  const onNewSheet = await writer.writerOnNewSheet("Companies", "UKCO_Import_", IMPORT_LAYOUT);
  const first = await importInto(
    onNewSheet,
    Array.from({ length: 50 }, (_, i) => company(i + 1)),
    { maxBytes: 100_000, maxRows: 20 },
  );
  expect(first.status).toBe("complete");
  expect(excel.syncStats.recent.filter((s) => s.failed)).toEqual([]);
  expect(excel.workbook.tables.map((t) => [t.name, t.range])).toEqual([
    ["UKCO_Import_1", { r0: 2, c0: 0, r1: 52, c1: 3 }],
  ]);
  for (const [count, lastRow] of [
    [3, 5],
    [8, 10],
    [8, 10],
  ] as const) {
    await importInto(
      await writer.writerForTable("UKCO_Import_1", 2),
      Array.from({ length: count }, (_, i) => company(i + 100)),
    );
    expect(excel.syncStats.recent.filter((s) => s.failed)).toEqual([]);
    expect(excel.workbook.tables.map((t) => [t.name, t.range])).toEqual([
      ["UKCO_Import_1", { r0: 2, c0: 0, r1: lastRow, c1: 3 }],
    ]);
    expect(excel.values(`Companies!A${lastRow + 1}:A${lastRow + 2}`)).toEqual([["00000" + String(99 + count)], [""]]);
  }
});

test("a block at the selection refuses to write over data, and goes in when the area is empty", async () => {
  open();
  excel.setCell("Sheet1!C5", "keep me");
  excel.select(excel.workbook.activeSheetId, { r0: 2, c0: 1, r1: 2, c1: 1 });
  const blocked = await writerAtSelection("UKCO_Group_", 4);
  await expect(blocked.begin(["'A", "'B"], [undefined, undefined], "")).rejects.toThrow(
    /Sheet1!B3:C7 is not empty \(Sheet1!C5 holds data\)/,
  );
  expect(excel.cell("Sheet1!C5").value).toBe("keep me");

  excel.select(excel.workbook.activeSheetId, { r0: 0, c0: 4, r1: 0, c1: 4 });
  const writer = await writerAtSelection("UKCO_Group_", 2);
  await writer.begin(["'Level", "'Name"], [undefined, undefined], "");
  await writer.append([
    [0, "'Root"],
    [1, "'Child"],
  ] as SheetValue[][]);
  await writer.finish("", 2);
  expect(excel.workbook.tables.map((t) => t.name)).toEqual(["UKCO_Group_1"]);
  expect(excel.values("Sheet1!E1:F3")).toEqual([
    ["Level", "Name"],
    [0, "Root"],
    [1, "Child"],
  ]);
});
