/* eslint-disable @typescript-eslint/no-explicit-any -- Office.js objects are untyped here: the sim installs them on a plain object */
import { newExcel, officeGlobals } from "./fixtures";

describe("sheets, tables and special values", () => {
  it("reads other sheets, and shows #REF! once a sheet a formula reads is deleted", async () => {
    const excel = newExcel();
    const { Excel } = officeGlobals(excel);
    excel.customFunctions.associate("MATCH", (name: unknown) => `N-${String(name)}`);
    await Excel.run(async (context: any) => {
      const names = context.workbook.worksheets.add("Names");
      names.getRange("A1").values = [["tesco"]];
      context.workbook.worksheets.getItem("Sheet1").getRange("B1").formulas = [["=UKCO.MATCH(Names!A1)"]];
      await context.sync();
    });
    await excel.whenCalculated(1000);
    expect(excel.cell("Sheet1!B1").value).toBe("N-tesco");
    await Excel.run(async (context: any) => {
      context.workbook.worksheets.getItem("Names").delete();
      await context.sync();
    });
    await excel.whenCalculated(1000);
    expect(excel.cell("Sheet1!B1").error?.code).toBe("#REF!");
  });

  it("shifts the cells below a table down when rows are inserted, and refuses to move formulas", async () => {
    const excel = newExcel();
    const { Excel } = officeGlobals(excel);
    excel.setCell("Sheet1!A1", [
      ["Number", "Name"],
      ["1", "a"],
      ["2", "b"],
    ]);
    excel.setCell("Sheet1!A6", "note below");
    await Excel.run(async (context: any) => {
      const table = context.workbook.tables.add("A1:B3", true);
      table.rows.add(0, [["0", "first"]]);
      await context.sync();
    });
    expect(excel.values("Sheet1!A2:B5")).toEqual([
      [0, "first"],
      [1, "a"],
      [2, "b"],
      ["", ""],
    ]);
    expect(excel.cell("Sheet1!A7").value).toBe("note below");
    excel.customFunctions.associate("MATCH", () => "x");
    excel.setCell("Sheet1!B9", '=UKCO.MATCH("x")');
    await expect(
      Excel.run(async (context: any) => {
        context.workbook.tables.getItem("Table1").rows.add(null, [["4", "d"]]);
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "NotImplemented" });
  });

  it("keeps entity results, showing their text and reading as #VALUE! in values", async () => {
    const excel = newExcel();
    const entity = {
      type: "Entity",
      text: "TESCO PLC",
      properties: { Number: { type: "String", basicValue: "00445790" } },
    };
    excel.customFunctions.associate("MATCH", () => entity);
    excel.setCell("Sheet1!A1", '=UKCO.MATCH("tesco")');
    await excel.whenCalculated(1000);
    expect(excel.cell("A1")).toMatchObject({ value: "#VALUE!", type: "Error", text: "TESCO PLC", entity });
  });

  it("shows #CALC! for an empty array and #NUM! for a non-finite number", async () => {
    const excel = newExcel();
    excel.customFunctions.associate("MATCH", (name: unknown) => (name === "empty" ? [] : Infinity));
    excel.setCell("Sheet1!A1", [['=UKCO.MATCH("empty")', '=UKCO.MATCH("inf")']]);
    await excel.whenCalculated(1000);
    expect(excel.values("Sheet1!A1:B1")).toEqual([["#CALC!", "#NUM!"]]);
  });
});
