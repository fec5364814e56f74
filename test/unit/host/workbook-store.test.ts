/**
 * The workbook store saves and reads back a store of any size: the simulated host refuses any
 * request or answer over 5 MB, as Excel on the web does, and a store of about 14 MB (the fields of
 * some 120,000 companies) is written and read a part at a time, each under the limit.
 */
import { createSimulatedExcel, installOfficeSim } from "../../../tools/office-sim";
import { customXmlStore } from "../../../src/host/workbook-store";

const LIMIT = 5 * 1024 * 1024;

test("a store larger than one answer may carry is saved and read back whole, a part at a time", async () => {
  const excel = createSimulatedExcel();
  const { uninstall } = installOfficeSim(globalThis as unknown as Record<string, unknown>, excel);
  try {
    const companies = Object.fromEntries(
      Array.from({ length: 120_000 }, (_, i) => [
        String(i).padStart(8, "0"),
        { CompanyName: `Company <${i}> & Sons`, BestEstimateTurnover: i * 1000, RegisteredPostcode: "AB1 2CD" },
      ]),
    );
    const text = JSON.stringify({ companies });
    expect(text.length).toBeGreaterThan(2 * LIMIT);
    await customXmlStore.save(text);
    expect(excel.syncStats.largestRequestBytes).toBeLessThan(LIMIT);
    const read = await customXmlStore.load();
    expect(read).toBe(text);
    expect(excel.syncStats.largestResponseBytes).toBeLessThan(LIMIT);
  } finally {
    uninstall();
  }
});
