import { chartSummary, insightCharts } from "../../../src/core/import/insights";
import type { Insights } from "../../../src/core/import/run-import";
import {
  readSavedImportXml,
  SAVED_IMPORTS_NAMESPACE,
  savedImportXml,
  type SavedImport,
} from "../../../src/core/import/saved-imports";

const saved: SavedImport = {
  version: 2,
  table: "UKCO_Import_1",
  tableId: "{5}",
  sheet: 'Companies & <Co> "1"',
  source: {
    kind: "companies",
    query: { filters: { rtics: ["RTIC-0042"] }, companyNumbers: ["00012345"], columns: ["CompanyName", "SICs"] },
  },
  asOfRowsAbove: 2,
  importedAt: "2025-01-02T03:04:00.000Z",
  rows: 1,
  total: 1,
  status: "complete",
};

describe("saved queries in the workbook", () => {
  test("a part written by version 1 (a company-list query in place of a source) is read as a companies source", () => {
    const { source, ...rest } = saved;
    const old = { ...rest, version: 1, query: source.kind === "companies" ? source.query : undefined };
    const xml = `<import xmlns="${SAVED_IMPORTS_NAMESPACE}" table="UKCO_Import_1">${JSON.stringify(old).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</import>`;
    expect(readSavedImportXml(xml)).toEqual({ ok: true, saved });
  });

  test("round-trip through their XML part, whatever characters the names hold", () => {
    const xml = savedImportXml(saved);
    expect(xml.startsWith(`<import xmlns="${SAVED_IMPORTS_NAMESPACE}" table="UKCO_Import_1">`)).toBe(true);
    expect(xml).not.toContain("<Co>");
    expect(readSavedImportXml(xml)).toEqual({ ok: true, saved });
  });

  test("a damaged or foreign part is reported, not used", () => {
    expect(readSavedImportXml("<other/>")).toMatchObject({ ok: false });
    expect(readSavedImportXml(`<import xmlns="${SAVED_IMPORTS_NAMESPACE}">{not json</import>`)).toEqual({
      ok: false,
      problem: "a saved query that is not JSON",
    });
    const wrong = savedImportXml({ ...saved, rows: -1 });
    expect(readSavedImportXml(wrong)).toMatchObject({ ok: false, problem: expect.stringContaining("rows") });
  });
});

describe("insight charts", () => {
  const insights: Insights = {
    TotalCompanies: 100,
    CompaniesByRTIC: [
      { Code: "R1", Description: "Software", Count: 10 },
      { Code: "R2", Description: "Retail", Count: 40 },
      { Code: "R3", Description: undefined, Count: 5 },
      { Code: "R4", Description: "Pubs", Count: 30 },
      { Code: "R5", Description: "Farms", Count: 15 },
    ],
    TurnoverBands: [
      { Band: "Under £1m", Count: 60 },
      { Band: "£1m+", Count: 40 },
    ],
    EmployeeBands: [],
    CompaniesByNation: [],
  };

  test("show the largest RTICs first and sum the rest as Other; bands keep their order", () => {
    const [rtic, turnover, ...rest] = insightCharts(insights, 4);
    expect(rtic!.bars).toEqual([
      { label: "Retail", count: 40 },
      { label: "Pubs", count: 30 },
      { label: "Farms", count: 15 },
      { label: "Other", count: 15 },
    ]);
    expect(turnover!.bars.map((b) => b.label)).toEqual(["Under £1m", "£1m+"]);
    expect(rest).toEqual([]);
  });

  test("say in words what the picture shows", () => {
    const [, turnover] = insightCharts(insights);
    expect(chartSummary(turnover!)).toBe("Companies by turnover band (100 in all). Under £1m: 60; £1m+: 40.");
  });
});
