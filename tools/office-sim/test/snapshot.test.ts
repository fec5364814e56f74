/* eslint-disable @typescript-eslint/no-explicit-any -- Office.js objects are untyped here: the sim installs them on a plain object */
import { restoreSnapshot, takeSnapshot } from "..";
import { newExcel, officeGlobals } from "./fixtures";

describe("saving and reopening the workbook", () => {
  async function savedWorkbook() {
    const excel = newExcel();
    let now = 0;
    excel.customFunctions.associate("MATCH", async (name: unknown) => {
      if (name === "nobody")
        throw new excel.customFunctions.Error(excel.customFunctions.ErrorCode.notAvailable, "No match");
      return `N-${String(name)}`;
    });
    excel.customFunctions.associate("FIELD", (n: unknown[][]) => [[String(n[0]![0]), "spilled"]]);
    excel.customFunctions.associate("NOW", () => ++now);
    excel.customFunctions.associate("STREAM", (_l: unknown, inv: { setResult(v: unknown): void }) =>
      inv.setResult(`live ${now}`),
    );
    excel.setCell("Sheet1!A1", [
      ['=UKCO.MATCH("tesco")', '=UKCO.MATCH("nobody")', "=UKCO.NOW()", '=UKCO.STREAM("s")'],
      ['=UKCO.FIELD(A1, "X")', null, null, "01234567"],
    ]);
    await excel.whenCalculated(1000);
    return excel;
  }

  it("keeps cell values, formulas, spills, number formats and what is saved with the workbook", async () => {
    const excel = await savedWorkbook();
    const { Excel, Office } = officeGlobals(excel);
    await Excel.run(async (context: any) => {
      context.workbook.settings.add("cacheVersion", { v: 3 });
      context.workbook.customXmlParts.add('<store xmlns="urn:test">data</store>');
      context.workbook.worksheets.getActiveWorksheet().getRange("F1").numberFormat = [["@"]];
      await context.sync();
    });
    Office.context.document.settings.set("token-free", "yes");
    await new Promise((resolve) => Office.context.document.settings.saveAsync(resolve));
    const saved = JSON.parse(JSON.stringify(takeSnapshot(excel)));

    const reopened = newExcel();
    restoreSnapshot(reopened, saved);
    // B1 was saved as an error, so it recalculates on open: busy until the runtime associates MATCH.
    expect(reopened.values("Sheet1!A1:B2")).toEqual([
      ["N-tesco", "#BUSY!"],
      ["N-tesco", "spilled"],
    ]);
    expect(reopened.cell("A1").formula).toBe('=UKCO.MATCH("tesco")');
    expect(reopened.cell("B2").spilledFrom).toBe("Sheet1!A2");
    expect(reopened.cell("F1").numberFormat).toBe("@");
    expect(reopened.workbook.settings.get("cacheVersion")).toEqual({ v: 3 });
    expect(reopened.workbook.customXmlParts.map((p) => p.xml)).toEqual(['<store xmlns="urn:test">data</store>']);
    expect(officeGlobals(reopened).Office.context.document.settings.get("token-free")).toBe("yes");
  });

  it("recalculates on open only volatile and streaming functions and cells saved as errors", async () => {
    const excel = await savedWorkbook();
    const saved = takeSnapshot(excel);
    const reopened = newExcel();
    const calls: string[] = [];
    reopened.customFunctions.associate(
      "MATCH",
      (name: unknown) => (calls.push(`MATCH ${String(name)}`), `again ${String(name)}`),
    );
    reopened.customFunctions.associate("FIELD", () => (calls.push("FIELD"), "x"));
    reopened.customFunctions.associate("NOW", () => (calls.push("NOW"), 99));
    reopened.customFunctions.associate(
      "STREAM",
      (_l: unknown, inv: { setResult(v: unknown): void }) => (calls.push("STREAM"), inv.setResult("reopened")),
    );
    restoreSnapshot(reopened, saved);
    await reopened.whenCalculated(1000);
    expect(calls.sort()).toEqual(["MATCH nobody", "NOW", "STREAM"]);
    expect(reopened.values("Sheet1!A1:D1")).toEqual([["N-tesco", "again nobody", 99, "reopened"]]);
  });

  it("restoring in place cancels the running streams of the closed workbook", async () => {
    const excel = newExcel();
    const canceled = jest.fn();
    excel.customFunctions.associate(
      "STREAM",
      (_l: unknown, inv: { onCanceled?: () => void; setResult(v: unknown): void }) => {
        inv.onCanceled = canceled;
        inv.setResult("on");
      },
    );
    excel.setCell("Sheet1!A1", '=UKCO.STREAM("s")');
    await excel.whenCalculated(1000);
    restoreSnapshot(excel, takeSnapshot(excel));
    expect(canceled).toHaveBeenCalledTimes(1);
  });
});
