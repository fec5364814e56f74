import { newExcel, officeGlobals } from "./fixtures";

/* eslint-disable @typescript-eslint/no-explicit-any -- Office.js objects are untyped here: the sim installs them on a plain object */
describe("the Office.js proxy objects", () => {
  it("throws PropertyNotLoaded before load and sync, as Office.js does", async () => {
    const excel = newExcel();
    const { Excel } = officeGlobals(excel);
    excel.setCell("Sheet1!A1", "hello");
    await Excel.run(async (context: any) => {
      const range = context.workbook.worksheets.getActiveWorksheet().getRange("A1");
      expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      range.load("values");
      expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      await context.sync();
      expect(range.values).toEqual([["hello"]]);
      expect(() => range.address).toThrow(/call the load method/);
    });
  });

  it("queues writes and applies them at sync, in order", async () => {
    const excel = newExcel();
    const { Excel } = officeGlobals(excel);
    await Excel.run(async (context: any) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      sheet.getRange("A1:B1").values = [["Name", "Number"]];
      sheet.getRange("A1:B1").format.font.bold = true;
      expect(excel.cell("A1").value).toBe("");
      await context.sync();
      expect(excel.values("Sheet1!A1:B1")).toEqual([["Name", "Number"]]);
      const font = sheet.getRange("A1:C1").format.font.load("bold");
      await context.sync();
      expect(font.bold).toBeNull();
    });
    expect(excel.syncStats.syncs).toBe(2);
  });

  it("rejects a write whose size does not match the range", async () => {
    const { Excel } = officeGlobals(newExcel());
    await expect(
      Excel.run(async (context: any) => {
        context.workbook.worksheets.getActiveWorksheet().getRange("A1:B2").values = [["only one row"]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  it("gives null objects for missing items, and ItemNotFound from getItem", async () => {
    const { Excel } = officeGlobals(newExcel());
    await Excel.run(async (context: any) => {
      const missing = context.workbook.worksheets.getItemOrNullObject("Nope");
      const present = context.workbook.worksheets.getItemOrNullObject("sheet1");
      expect(() => missing.isNullObject).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      await context.sync();
      expect(missing.isNullObject).toBe(true);
      expect(present.isNullObject).toBe(false);
      context.workbook.worksheets.getItem("Nope");
      await expect(context.sync()).rejects.toMatchObject({ code: "ItemNotFound" });
    });
  });

  it("fails a sync over the payload limit without applying it, and counts bytes so chunked writes can be checked", async () => {
    const excel = newExcel({ payloadLimitBytes: 10_000 });
    const { Excel } = officeGlobals(excel);
    const rows = Array.from({ length: 400 }, (_, i) => [`company name number ${i}`]);
    await expect(
      Excel.run(async (context: any) => {
        context.workbook.worksheets.getActiveWorksheet().getRange("A1:A400").values = rows;
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    expect(excel.cell("A1").value).toBe("");
    await Excel.run(async (context: any) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      for (let start = 0; start < 400; start += 100) {
        sheet.getRangeByIndexes(start, 0, 100, 1).values = rows.slice(start, start + 100);
        await context.sync();
      }
    });
    expect(excel.cell("A400").value).toBe("company name number 399");
    const ok = excel.syncStats.recent.filter((s) => !s.failed);
    expect(ok).toHaveLength(4);
    expect(Math.max(...ok.map((s) => s.requestBytes))).toBeLessThan(10_000);
  });

  it("makes objects of a finished Excel.run unusable unless they were tracked", async () => {
    const { Excel } = officeGlobals(newExcel());
    let kept: any;
    let tracked: any;
    await Excel.run(async (context: any) => {
      kept = context.workbook.worksheets.getActiveWorksheet().getRange("A1");
      tracked = context.workbook.worksheets.getActiveWorksheet().getRange("B1");
      context.trackedObjects.add(tracked);
      await context.sync();
    });
    expect(() => kept.load("values")).toThrow(expect.objectContaining({ code: "InvalidObjectPath" }));
    await Excel.run(tracked, async (context: any) => {
      tracked.values = [["still works"]];
      await context.sync();
    });
  });

  it("throws a clear error for members it does not simulate", async () => {
    const { Excel, Office } = officeGlobals(newExcel());
    await Excel.run(async (context: any) => {
      expect(() => context.workbook.worksheets.getActiveWorksheet().getRange("A1").hyperlink).toThrow(
        "not simulated: Excel.Range.hyperlink",
      );
      await context.sync();
    });
    expect(() => Office.context.ui).toThrow("not simulated: Office.context.ui");
    expect(() => Excel.ConditionalFormatType).toThrow("not simulated: Excel.ConditionalFormatType");
  });

  it("adds tables, appends rows below the empty row of a new table, and reads their parts", async () => {
    const excel = newExcel();
    const { Excel } = officeGlobals(excel);
    await Excel.run(async (context: any) => {
      const table = context.workbook.tables.add("Sheet1!A1:B1", true);
      table.name = "Companies";
      table.getHeaderRowRange().values = [["Number", "Name"]];
      table.rows.add(null, [
        ["01234567", "ACME LTD"],
        ["SC123456", "BRAVO LTD"],
      ]);
      table.rows.load("count");
      const body = table.getDataBodyRange().load("address,values");
      const columns = table.columns.load("items/name");
      await context.sync();
      expect(table.rows.count).toBe(3);
      expect(body.address).toBe("Sheet1!A2:B4");
      // "01234567" became a number, as in Excel, unless the column is formatted as text first.
      expect(body.values).toEqual([
        ["", ""],
        [1234567, "ACME LTD"],
        ["SC123456", "BRAVO LTD"],
      ]);
      expect(columns.items.map((c: any) => c.name)).toEqual(["Number", "Name"]);
    });
  });

  it("keeps settings and custom XML parts, found by namespace", async () => {
    const excel = newExcel();
    const { Excel } = officeGlobals(excel);
    await Excel.run(async (context: any) => {
      context.workbook.settings.add("k", { a: [1, 2] });
      context.workbook.customXmlParts.add('<?xml version="1.0"?><p:store xmlns:p="urn:ukco">x</p:store>');
      await context.sync();
      const part = context.workbook.customXmlParts.getByNamespace("urn:ukco").getOnlyItemOrNullObject();
      const none = context.workbook.customXmlParts.getByNamespace("urn:other").getOnlyItemOrNullObject();
      const xml = part.getXml();
      const setting = context.workbook.settings.getItem("k").load("value");
      await context.sync();
      expect([part.isNullObject, none.isNullObject]).toEqual([false, true]);
      expect(xml.value).toContain("<p:store");
      expect(setting.value).toEqual({ a: [1, 2] });
      part.delete();
      context.workbook.settings.getItem("k").delete();
      await context.sync();
    });
    expect(excel.workbook.customXmlParts).toHaveLength(0);
    expect(excel.workbook.settings.size).toBe(0);
  });

  it("recalculates custom functions from application.calculate and range.calculate", async () => {
    const excel = newExcel();
    const { Excel } = officeGlobals(excel);
    excel.customFunctions.associate("MATCH", (name: unknown) => `N-${String(name)}`);
    excel.setCell("Sheet1!A1", [['=UKCO.MATCH("a")', '=UKCO.MATCH("b")']]);
    await excel.whenCalculated(1000);
    excel.resetCounters();
    await Excel.run(async (context: any) => {
      context.workbook.worksheets.getActiveWorksheet().getRange("B1").calculate();
      context.workbook.application.calculate(Excel.CalculationType.recalculate);
      await context.sync();
    });
    await excel.whenCalculated(1000);
    expect(excel.engine.counters.invocations).toBe(1);
    await Excel.run(async (context: any) => {
      context.workbook.application.calculate(Excel.CalculationType.fullRebuild);
    });
    await excel.whenCalculated(1000);
    expect(excel.engine.counters.invocations).toBe(3);
  });

  it("raises onChanged for edits but not for calculation results", async () => {
    const excel = newExcel();
    const { Excel } = officeGlobals(excel);
    excel.customFunctions.associate("MATCH", async () => "done");
    const events: any[] = [];
    await Excel.run(async (context: any) => {
      context.workbook.worksheets.getActiveWorksheet().onChanged.add(async (args: any) => void events.push(args));
      await context.sync();
    });
    excel.setCell("Sheet1!C3", '=UKCO.MATCH("x")');
    await excel.whenCalculated(1000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual([expect.objectContaining({ type: "WorksheetChanged", address: "C3", source: "Local" })]);
  });
});
