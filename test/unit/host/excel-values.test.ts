/**
 * Dates and cards reach Excel in the form each host takes from a custom function: a Double with a
 * format, a FormattedNumber, or (without CustomFunctionsRuntime 1.4, as on perpetual Office, where a
 * data type would show #VALUE!) the bare serial number and the company's name.
 */
import { toDateCell, type EntityCell } from "../../../src/core/cell-value";
import type { HostCapabilities } from "../../../src/host/excel-values";
import { toExcelValue } from "../../../src/host/excel-values";

const date = toDateCell("2024-05-06", false);
const dateTime = toDateCell("2025-01-06T09:30:00Z", true);

/** What isSetSupported answers for a host with these sets ("1.16": ExcelApi 1.16 and CustomFunctionsRuntime `runtime`). */
function requirementsUpTo(sets: Record<string, string>) {
  const minor = (v: string | number) => Number(String(v).split(".")[1] ?? 0);
  return {
    isSetSupported: (name: string, min: string | number = "1.1") =>
      sets[name] !== undefined && minor(min) <= minor(sets[name]!),
  };
}

/** hostCapabilities as it reads a host of that level (it remembers its answer, so a fresh module each time). */
async function capabilitiesOf(excelApi: string, runtime = "1.5"): Promise<HostCapabilities> {
  const globals = globalThis as { Office?: unknown };
  globals.Office = {
    context: { requirements: requirementsUpTo({ ExcelApi: excelApi, CustomFunctionsRuntime: runtime }) },
  };
  try {
    jest.resetModules();
    const { hostCapabilities } = await import("../../../src/host/capabilities");
    return hostCapabilities();
  } finally {
    delete globals.Office;
  }
}

describe.each([
  ["1.19", "1.5", { type: "Double", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  ["1.21", "1.5", { type: "Double", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  ["1.18", "1.4", { type: "FormattedNumber", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  ["1.16", "1.4", { type: "FormattedNumber", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  // Office 2024 and retail perpetual Office: the data-type APIs, but no data types from functions.
  ["1.17", "1.3", 45418],
  ["1.21", "1.3", 45418],
  ["1.14", "1.3", 45418],
  ["1.9", "1.2", 45418],
])("a host with ExcelApi %s and CustomFunctionsRuntime %s", (version, runtime, expected) => {
  let capabilities: HostCapabilities;
  beforeAll(async () => {
    capabilities = await capabilitiesOf(version, runtime);
  });

  test("gets a date cell in the form it supports", () => {
    expect(toExcelValue(date, capabilities)).toEqual(expected);
  });

  test("gets a date-time with its time of day and a date-time format", () => {
    const value = toExcelValue(dateTime, capabilities);
    if (typeof expected === "number") expect(value).toBe(45663.395833333336);
    else
      expect(value).toEqual({ type: expected.type, basicValue: 45663.395833333336, numberFormat: "yyyy-mm-dd hh:mm" });
  });

  test("gets a company card with its dates in the same form, or the company's name without data types", () => {
    const card: EntityCell = { kind: "entity", text: "ACME LTD", properties: [["Fetched", date]] };
    const value = toExcelValue(card, capabilities);
    if (typeof expected === "number") expect(value).toBe("ACME LTD");
    else expect((value as Excel.EntityCellValue).properties?.Fetched).toEqual(expected);
  });
});

test("numbers, text and booleans pass unchanged at every level", async () => {
  for (const version of ["1.9", "1.16", "1.19"]) {
    const capabilities = await capabilitiesOf(version);
    expect([42, "text", true].map((v) => toExcelValue(v, capabilities))).toEqual([42, "text", true]);
  }
});
