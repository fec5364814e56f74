/**
 * A custom function's number that carries its own format (a FormattedNumber from ExcelApi 1.16, a
 * Double with numberFormat from 1.19) shows in that format: Excel applies it "to the value and not
 * to the cell" (Excel.FormattedNumberCellValue).
 */
import { writeNumberFormats } from "../app/cell-writes";
import { newExcel } from "./fixtures";

const SERIAL = 45663.395833333336; // 2025-01-06 09:30 UTC

function withField(result: (label: unknown) => unknown) {
  const excel = newExcel();
  excel.customFunctions.associate("FIELD", async (numbers: unknown[][]) => result(numbers[0]![0]));
  return excel;
}

describe("a formatted number from a custom function", () => {
  it.each([
    ["a Double with a numberFormat (ExcelApi 1.19)", "Double"],
    ["a FormattedNumber (ExcelApi 1.16)", "FormattedNumber"],
  ])("shows %s in its format, keeping the number as its value", async (_name, type) => {
    const excel = withField(() => [[{ type, basicValue: SERIAL, numberFormat: "yyyy-mm-dd hh:mm" }]]);
    excel.setCell("Sheet1!B2", '=UKCO.FIELD("x", "AsOf")');
    await excel.whenCalculated(1000);
    expect(excel.cell("Sheet1!B2")).toMatchObject({ value: SERIAL, type: "Double", text: "2025-01-06 09:30" });
  });

  it("formats each cell of a spilled array by its own value, and drops the format when the value changes", async () => {
    let answer: unknown = [[{ type: "Double", basicValue: 45418, numberFormat: "yyyy-mm-dd" }, 7]];
    const excel = withField(() => answer);
    excel.setCell("Sheet1!B2", '=UKCO.FIELD("x", "Dates")');
    await excel.whenCalculated(1000);
    expect([excel.cell("Sheet1!B2").text, excel.cell("Sheet1!C2").text]).toEqual(["2024-05-06", "7"]);
    answer = [[45418]];
    excel.setCell("Sheet1!B2", '=UKCO.FIELD("y", "Dates")');
    await excel.whenCalculated(1000);
    expect(excel.cell("Sheet1!B2").text).toBe("45418");
  });

  it("yields to a format the user gave the cell, and does not outlive the formula", async () => {
    const excel = withField(() => [[{ type: "Double", basicValue: 45418, numberFormat: "yyyy-mm-dd" }]]);
    excel.setCell("Sheet1!B2", '=UKCO.FIELD("x", "Date")');
    await excel.whenCalculated(1000);
    const sheetId = excel.resolve("Sheet1!B2").sheet.id;
    writeNumberFormats(excel, sheetId, excel.resolve("Sheet1!B2").range, { each: "0.00" });
    expect(excel.cell("Sheet1!B2").text).toBe("45418.00");
    writeNumberFormats(excel, sheetId, excel.resolve("Sheet1!B2").range, { each: "General" });
    expect(excel.cell("Sheet1!B2").text).toBe("2024-05-06");
    excel.setCell("Sheet1!B2", 45418);
    expect(excel.cell("Sheet1!B2").text).toBe("45418");
  });
});
