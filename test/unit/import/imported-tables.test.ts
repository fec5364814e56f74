/** Saved queries in the workbook, on the simulated host: saved, found again (even after a rename), replaced, damaged ones reported. */
import { createSimulatedExcel, installOfficeSim, type SimulatedExcel } from "../../../tools/office-sim";
import { SAVED_IMPORTS_NAMESPACE, type SavedImport } from "../../../src/core/import/saved-imports";
import { listImportedTables, saveImportedTable } from "../../../src/host/imported-tables";

let excel: SimulatedExcel;
let uninstall: () => void;

beforeEach(() => {
  excel = createSimulatedExcel();
  uninstall = installOfficeSim(globalThis as unknown as Record<string, unknown>, excel).uninstall;
  excel.setCell("Sheet1!A3", [["Name"], ["x"]]);
});
afterEach(() => uninstall());

async function addTable(name: string): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.tables.add("Sheet1!A3:A4", true).name = name;
    await context.sync();
  });
}

const saved = (rows: number): SavedImport => ({
  version: 2,
  table: "UKCO_Import_1",
  sheet: "Sheet1",
  source: {
    kind: "companies",
    query: { filters: { Nations: ["Wales"] }, companyNumbers: [], columns: ["CompanyName"] },
  },
  asOfRowsAbove: 2,
  importedAt: "2025-01-01T00:00:00.000Z",
  rows,
  status: "complete",
});

test("a saved query travels in one custom XML part of our namespace and is found again; saving again replaces it", async () => {
  await addTable("UKCO_Import_1");
  await saveImportedTable(saved(1));
  await saveImportedTable(saved(2));
  const parts = excel.workbook.customXmlParts.filter((p) => p.xml.includes(SAVED_IMPORTS_NAMESPACE));
  expect(parts).toHaveLength(1);
  expect(await listImportedTables()).toEqual({
    tables: [expect.objectContaining({ table: "UKCO_Import_1", rows: 2 })],
    problems: [],
  });
});

test("a renamed table keeps its query; a deleted one drops out of the list", async () => {
  await addTable("UKCO_Import_1");
  await saveImportedTable(saved(1));
  await Excel.run(async (context) => {
    context.workbook.tables.getItem("UKCO_Import_1").name = "MyCompanies";
    await context.sync();
  });
  expect((await listImportedTables()).tables.map((t) => t.table)).toEqual(["MyCompanies"]);
  await Excel.run(async (context) => {
    context.workbook.tables.getItem("MyCompanies").delete();
    await context.sync();
  });
  expect((await listImportedTables()).tables).toEqual([]);
});

test("a damaged part is reported and left alone", async () => {
  excel.workbook.customXmlParts.push({ id: "{X}", xml: `<import xmlns="${SAVED_IMPORTS_NAMESPACE}">{oops</import>` });
  const listed = await listImportedTables();
  expect(listed.problems).toEqual(["The workbook holds a saved query that is not JSON; it was left alone."]);
  expect(excel.workbook.customXmlParts).toHaveLength(1);
});
