/* eslint-disable @typescript-eslint/no-explicit-any -- Office.js objects are untyped here: the sim installs them on a plain object */
/**
 * The simulated host is as strict as Microsoft documents Excel to be on each build: members above the
 * host's ExcelApi set fail with ApiNotFound, a data type returned by a custom function shows #VALUE!
 * below CustomFunctionsRuntime 1.4, a card reads #VALUE!/Error through values and valueTypes, and
 * both ways of a sync are counted in UTF-8 bytes against the payload limit.
 */
import { installOfficeSim } from "..";
import { PLATFORM_PROFILES, type PlatformProfileName } from "../office/profiles";
import { newExcel, officeGlobals } from "./fixtures";

const MANIFEST = `<OfficeApp><Requirements><!-- what it needs everywhere --><Sets DefaultMinVersion="1.1">
  <Set Name="ExcelApi" MinVersion="1.9"/><Set Name="SharedRuntime" MinVersion="1.1"/>
  <Set Name="CustomFunctionsRuntime"/></Sets></Requirements>
  <VersionOverrides><Requirements><Sets><Set Name="ExcelApi" MinVersion="1.20"/></Sets></Requirements></VersionOverrides></OfficeApp>`;

describe("platform profiles", () => {
  it.each<[PlatformProfileName, string, string, string, string]>([
    ["web", "OfficeOnline", "1.21", "1.5", "1.2"],
    ["windows", "PC", "1.21", "1.5", "1.2"],
    ["mac", "Mac", "1.21", "1.5", "1.2"],
    ["office-2021", "PC", "1.14", "1.3", "1.1"],
    ["office-2024", "PC", "1.17", "1.3", "1.2"],
  ])("%s reports its platform and sets", async (profile, platform, excelApi, runtime, shared) => {
    const { Office } = officeGlobals(newExcel({ profile }));
    await expect(Office.onReady()).resolves.toEqual({ host: "Excel", platform });
    const has = (set: string, version: string) => Office.context.requirements.isSetSupported(set, version);
    const next = (version: string) => version.replace(/\d+$/, (minor) => String(Number(minor) + 1));
    expect([has("ExcelApi", excelApi), has("ExcelApi", next(excelApi))]).toEqual([true, false]);
    expect([has("CustomFunctionsRuntime", runtime), has("CustomFunctionsRuntime", next(runtime))]).toEqual([
      true,
      false,
    ]);
    expect([has("SharedRuntime", shared), has("SharedRuntime", next(shared))]).toEqual([true, false]);
  });

  it("the oldest profile reports exactly the manifest's own minimums", () => {
    const excel = newExcel({ profile: "oldest", manifestXml: MANIFEST });
    expect(excel.requirements.toJSON()).toEqual({
      ExcelApi: "1.9",
      SharedRuntime: "1.1",
      CustomFunctionsRuntime: "1.1",
    });
    expect(PLATFORM_PROFILES.oldest.label).toMatch(/manifest/);
  });
});

/** Runs one batch on a host at `sets` and says how its sync ended. */
async function syncOn(sets: Record<string, string>, batch: (context: any) => void): Promise<string> {
  const excel = newExcel({ requirementSets: sets });
  excel.setCell("Sheet1!A1", [["a", "b"]]);
  const { Excel } = officeGlobals(excel);
  return Excel.run(async (context: any) => {
    batch(context);
    await context.sync();
    return "ok";
  }).catch((error: any) => `${error.code}: ${error.debugInfo?.errorLocation}`);
}

describe("members above the host's ExcelApi set", () => {
  const sheet = (context: any) => context.workbook.worksheets.getItem("Sheet1");
  it.each([
    [
      "Range.getSpillParentOrNullObject",
      "1.12",
      (c: any) => sheet(c).getRange("A1").getSpillParentOrNullObject().load("address"),
    ],
    [
      "Range.getSpillingToRangeOrNullObject",
      "1.12",
      (c: any) => sheet(c).getRange("A1").getSpillingToRangeOrNullObject(),
    ],
    ["Table.resize", "1.13", (c: any) => c.workbook.tables.add("Sheet1!A1:B2", true).resize("Sheet1!A1:B3")],
    ["Range.valuesAsJson", "1.16", (c: any) => sheet(c).getRange("A1:B1").load("valuesAsJson")],
  ])("%s (ExcelApi %s) fails the sync with ApiNotFound below its set, and works from it", async (member, set, use) => {
    const below = `1.${Number(set.split(".")[1]) - 1}`;
    expect(await syncOn({ ExcelApi: below }, use)).toBe(`ApiNotFound: ${member}`);
    expect(await syncOn({ ExcelApi: set }, use)).toBe("ok");
  });

  it("exists in the API whatever the host, as office.js has every member", async () => {
    const excel = newExcel({ requirementSets: { ExcelApi: "1.11" } });
    const { Excel } = officeGlobals(excel);
    await Excel.run(async (context: any) => {
      expect(typeof context.workbook.getActiveCell().getSpillParentOrNullObject).toBe("function");
    });
  });

  it("load() of every property asks only for those the host has", async () => {
    const excel = newExcel({ requirementSets: { ExcelApi: "1.11" } });
    excel.setCell("Sheet1!A1", "x");
    const { Excel } = officeGlobals(excel);
    const loaded = await Excel.run(async (context: any) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.load();
      await context.sync();
      return range.toJSON();
    });
    expect(loaded).toMatchObject({ values: [["x"]] });
    expect(loaded).not.toHaveProperty("valuesAsJson");
  });
});

describe("data types from custom functions", () => {
  const card = { type: "Entity", text: "TESCO PLC", properties: { N: { type: "String", basicValue: "00445790" } } };
  const date = { type: "FormattedNumber", basicValue: 45418, numberFormat: "yyyy-mm-dd" };

  async function result(sets: Record<string, string>, value: unknown) {
    const excel = newExcel({ requirementSets: sets });
    excel.customFunctions.associate("MATCH", () => value);
    excel.setCell("Sheet1!A1", '=UKCO.MATCH("x")');
    await excel.whenCalculated(1000);
    return excel.cell("Sheet1!A1");
  }

  it.each([
    ["a card", card],
    ["a formatted number", date],
    ["a Double with a format", { type: "Double", basicValue: 45418, numberFormat: "yyyy-mm-dd" }],
  ])("%s is #VALUE! below CustomFunctionsRuntime 1.4, as perpetual Office shows it", async (_name, value) => {
    const cell = await result({ CustomFunctionsRuntime: "1.3", ExcelApi: "1.17" }, value);
    expect(cell).toMatchObject({ value: "#VALUE!", type: "Error", error: { code: "#VALUE!" } });
    expect(cell.diagnostic).toMatch(/CustomFunctionsRuntime 1.4; this host has 1.3/);
  });

  it("a card is kept from CustomFunctionsRuntime 1.4, showing its text", async () => {
    const cell = await result({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.16" }, card);
    expect(cell).toMatchObject({ value: "#VALUE!", type: "Error", text: "TESCO PLC", entity: card });
  });

  it("a Double's own numberFormat shows only from ExcelApi 1.19", async () => {
    const double = { type: "Double", basicValue: 45418, numberFormat: "yyyy-mm-dd" };
    expect((await result({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.18" }, double)).text).toBe("45418");
    expect((await result({ CustomFunctionsRuntime: "1.5", ExcelApi: "1.19" }, double)).text).toBe("2024-05-06");
  });

  it("invocation.isInValuePreview is there only from CustomFunctionsRuntime 1.5", async () => {
    const seen: boolean[] = [];
    for (const runtime of ["1.3", "1.5"]) {
      const excel = newExcel({ requirementSets: { CustomFunctionsRuntime: runtime } });
      excel.customFunctions.associate("MATCH", (_n: unknown, _p: unknown, _w: unknown, _o: unknown, inv: object) => {
        seen.push("isInValuePreview" in inv);
        return 1;
      });
      excel.setCell("Sheet1!A1", '=UKCO.MATCH("x")');
      await excel.whenCalculated(1000);
    }
    expect(seen).toEqual([false, true]);
  });
});

describe("a card cell read through the Excel API", () => {
  it("reads #VALUE! and Error through values and valueTypes, the card through valuesAsJson", async () => {
    const excel = newExcel();
    const card = { type: "Entity", text: "TESCO PLC", properties: {} };
    excel.customFunctions.associate("MATCH", () => [
      [card, { type: "Double", basicValue: 45418, numberFormat: "d mmm yyyy" }],
    ]);
    excel.setCell("Sheet1!A1", '=UKCO.MATCH("x")');
    await excel.whenCalculated(1000);
    const { Excel } = officeGlobals(excel);
    const read = await Excel.run(async (context: any) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      range.load(["values", "valueTypes", "text", "valuesAsJson"]);
      await context.sync();
      return range.toJSON();
    });
    expect(read.values).toEqual([["#VALUE!", 45418]]);
    expect(read.valueTypes).toEqual([["Error", "Double"]]);
    expect(read.text).toEqual([["TESCO PLC", "6 May 2024"]]);
    expect(read.valuesAsJson).toEqual([
      [
        { ...card, basicType: "Error", basicValue: "#VALUE!" },
        { type: "Double", basicType: "Double", basicValue: 45418, numberFormat: "d mmm yyyy" },
      ],
    ]);
  });
});

describe("payload sizes", () => {
  it("counts requests and responses in UTF-8 bytes of their JSON, each against the limit", async () => {
    const excel = newExcel({ payloadLimitBytes: 10_000 });
    const { Excel } = officeGlobals(excel);
    const wide = "é".repeat(2_000); // 2,000 characters, 4,000 bytes
    const write = (count: number) =>
      Excel.run(async (context: any) => {
        context.workbook.worksheets.getItem("Sheet1").getRange(`A1:A${count}`).values = Array.from(
          { length: count },
          () => [wide],
        );
        await context.sync();
      });
    await write(2);
    expect(excel.syncStats.largestRequestBytes).toBeGreaterThan(8_000);
    await expect(write(3)).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    const read = Excel.run(async (context: any) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:A2").values = [[wide], [wide]];
      context.workbook.worksheets.getItem("Sheet1").getRange("A3:A4").values = [[wide], [wide]];
      await context.sync();
    });
    await expect(read).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    const load = await Excel.run(async (context: any) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:A2");
      range.load("values");
      await context.sync();
      return excel.syncStats.recent.at(-1)!;
    });
    expect(load.responseBytes).toBeGreaterThan(8_000);
  });

  it("gives each profile the web's 5 MB, and an override wins", () => {
    expect(newExcel({ profile: "web" }).payloadLimitBytes).toBe(5 * 1024 * 1024);
    expect(newExcel({ profile: "office-2021", payloadLimitBytes: 1000 }).payloadLimitBytes).toBe(1000);
    expect(installOfficeSim({}, newExcel({ profile: "mac" })).globals.Office).toBeDefined();
  });
});
