/** Dates reach Excel in the form each host understands: a Double with a format, a FormattedNumber, or text. */
import { toDateCell, type EntityCell } from "../../../src/core/cell-value";
import type { HostCapabilities } from "../../../src/host/excel-values";
import { toExcelValue } from "../../../src/host/excel-values";

const date = toDateCell("2024-05-06", false);
const dateTime = toDateCell("2025-01-06T09:30:00Z", true);

/** What isSetSupported answers for a host that supports ExcelApi up to `version`. */
function requirementsUpTo(version: string) {
  const minor = (v: string | number) => Number(String(v).split(".")[1] ?? 0);
  return {
    isSetSupported: (name: string, min: string | number = "1.1") => name === "ExcelApi" && minor(min) <= minor(version),
  };
}

/** hostCapabilities as it reads a host of that level (it remembers its answer, so a fresh module each time). */
async function capabilitiesOf(version: string): Promise<HostCapabilities> {
  const globals = globalThis as { Office?: unknown };
  globals.Office = { context: { requirements: requirementsUpTo(version) } };
  try {
    jest.resetModules();
    const { hostCapabilities } = await import("../../../src/host/capabilities");
    return hostCapabilities();
  } finally {
    delete globals.Office;
  }
}

describe.each([
  ["1.19", { type: "Double", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  ["1.20", { type: "Double", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  ["1.18", { type: "FormattedNumber", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  ["1.16", { type: "FormattedNumber", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  ["1.15", "2024-05-06"],
  ["1.9", "2024-05-06"],
])("a host with ExcelApi %s", (version, expected) => {
  let capabilities: HostCapabilities;
  beforeAll(async () => {
    capabilities = await capabilitiesOf(version);
  });

  test("gets a date cell in the form it supports", () => {
    expect(toExcelValue(date, capabilities)).toEqual(expected);
  });

  test("gets a date-time with its time of day and a date-time format", () => {
    const value = toExcelValue(dateTime, capabilities);
    if (typeof expected === "string") expect(value).toBe("2025-01-06T09:30:00Z");
    else
      expect(value).toEqual({ type: expected.type, basicValue: 45663.395833333336, numberFormat: "yyyy-mm-dd hh:mm" });
  });

  test("gets a date on a company card in the same form (text without data types)", () => {
    const card: EntityCell = { kind: "entity", text: "ACME LTD", properties: [["Fetched", date]] };
    const value = toExcelValue(card, capabilities);
    if (typeof expected === "string") expect(value).toBe("ACME LTD");
    else expect((value as Excel.EntityCellValue).properties?.Fetched).toEqual(expected);
  });
});

test("numbers, text and booleans pass unchanged at every level", async () => {
  for (const version of ["1.9", "1.16", "1.19"]) {
    const capabilities = await capabilitiesOf(version);
    expect([42, "text", true].map((v) => toExcelValue(v, capabilities))).toEqual([42, "text", true]);
  }
});
