/**
 * The workbook store saves and reads back a store of any size: the simulated host refuses any
 * request or answer over 5 MB, as Excel on the web does, and a store of about 14 MB (the fields of
 * some 120,000 companies) is written and read a part at a time, each under the limit.
 */
import { createSimulatedExcel, installOfficeSim } from "../../../tools/office-sim";
import { customXmlStore, partsOf, partXml } from "../../../src/host/workbook-store";

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

test("parts are sized in the bytes they travel as: ampersands, quotes and accents cost several each", async () => {
  const excel = createSimulatedExcel();
  const { uninstall } = installOfficeSim(globalThis as unknown as Record<string, unknown>, excel);
  try {
    // 3.6 million characters, 8.7 MB once XML-escaped, quoted and UTF-8 encoded: cut by characters,
    // a million a part, each part would carry 2.4 MB.
    const companies = Object.fromEntries(
      Array.from({ length: 30_000 }, (_, i) => [
        String(i).padStart(8, "0"),
        { CompanyName: `Société & Fils «${i}» "Ltd" ${"&é".repeat(30)}` },
      ]),
    );
    const text = JSON.stringify({ companies });
    await customXmlStore.save(text);
    const requests = excel.syncStats.recent.filter((s) => s.requestBytes > 100_000);
    expect(requests.length).toBeGreaterThan(1);
    expect(Math.max(...requests.map((s) => s.requestBytes))).toBeLessThanOrEqual(2_000_000);
    await expect(customXmlStore.load()).resolves.toBe(text);
  } finally {
    uninstall();
  }
});

test("partsOf keeps every character, in order, each part's request within its budget", () => {
  const text = `${'a&<>"\\é€😀\n'.repeat(5_000)}end`;
  const parts = partsOf(text, 10_000);
  expect(parts.join("")).toBe(text);
  for (const [i, part] of parts.entries()) {
    const sent = Buffer.byteLength(JSON.stringify(partXml(part, i, parts.length, 1)), "utf8");
    expect(sent - Buffer.byteLength(JSON.stringify(partXml("", i, parts.length, 1)), "utf8")).toBeLessThanOrEqual(
      10_000,
    );
    expect(part.charCodeAt(part.length - 1) >= 0xd800 && part.charCodeAt(part.length - 1) <= 0xdbff).toBe(false);
  }
  expect(partsOf("")).toEqual([""]);
});
