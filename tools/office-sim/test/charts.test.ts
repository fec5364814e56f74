import { newExcel, officeGlobals } from "./fixtures";

/* eslint-disable @typescript-eslint/no-explicit-any -- Office.js objects are untyped here: the sim installs them on a plain object */
describe("charts", () => {
  function withData() {
    const excel = newExcel();
    excel.setCell("Sheet1!A1", [
      ["", "Turnover", "Employees"],
      // Years typed as text, as Excel needs them to read a column of labels rather than numbers.
      ["'2021", 100, 5],
      ["'2022", 150, 7],
      ["'2023", 180, 9],
    ]);
    return { excel, ...officeGlobals(excel) };
  }

  it("adds a chart from a range: one series per column, named by the header, categories from the first column", async () => {
    const { Excel } = withData();
    await Excel.run(async (context: any) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const chart = sheet.charts.add(
        Excel.ChartType.columnClustered,
        sheet.getRange("A1:C4"),
        Excel.ChartSeriesBy.auto,
      );
      chart.load(["name", "chartType"]);
      const series = chart.series.load("items/name");
      await context.sync();
      expect(chart.name).toBe("Chart 1");
      expect(chart.chartType).toBe("ColumnClustered");
      expect(series.items.map((s: any) => s.name)).toEqual(["Turnover", "Employees"]);
      const values = series.items.map((s: any) => s.getDimensionDataSourceString("Values"));
      const categories = series.items[0].getDimensionDataSourceString(Excel.ChartSeriesDimension.categories);
      const shown = series.items[1].getDimensionValues("Values");
      await context.sync();
      expect(values.map((v: any) => v.value)).toEqual(["Sheet1!$B$2:$B$4", "Sheet1!$C$2:$C$4"]);
      expect(categories.value).toBe("Sheet1!$A$2:$A$4");
      expect(shown.value).toEqual(["5", "7", "9"]);
    });
  });

  it("reads by rows when asked, and takes a one-column range of numbers as one unnamed series", async () => {
    const { Excel } = withData();
    await Excel.run(async (context: any) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      const byRows = sheet.charts.add("Line", sheet.getRange("A1:C4"), "Rows");
      const plain = sheet.charts.add("line", sheet.getRange("B2:B4"));
      byRows.series.load("items/name");
      plain.series.load("items/name");
      plain.load("name");
      await context.sync();
      expect(byRows.series.items.map((s: any) => s.name)).toEqual(["2021", "2022", "2023"]);
      expect(plain.name).toBe("Chart 2");
      expect(plain.series.items.map((s: any) => s.name)).toEqual(["Series1"]);
    });
  });

  it("names, titles and places a chart, points a series at other cells, and lists the sheet's charts", async () => {
    const { Excel } = withData();
    await Excel.run(async (context: any) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      const chart = sheet.charts.add(Excel.ChartType.line, sheet.getRange("C2:C4"), Excel.ChartSeriesBy.columns);
      chart.name = "Employees";
      chart.title.text = "Employees by year";
      chart.setPosition("E2", "J12");
      const series = chart.series.getItemAt(0);
      series.name = "Employees";
      series.setXAxisValues(sheet.getRange("A2:A4"));
      await context.sync();

      const charts = sheet.charts.load("items/name");
      const count = sheet.charts.getCount();
      const found = sheet.charts.getItem("employees").load(["top", "left", "width", "height"]);
      const title = found.title.load("text");
      const x = found.series.getItemAt(0).getDimensionDataSourceString("XValues");
      const missing = sheet.charts.getItemOrNullObject("Turnover");
      await context.sync();
      expect(charts.items.map((c: any) => c.name)).toEqual(["Employees"]);
      expect(count.value).toBe(1);
      expect(title.text).toBe("Employees by year");
      // Row 2 starts 15 pt down; column E starts after four 48 pt columns; J12 ends 6 columns and 11 rows later.
      expect([found.top, found.left, found.width, found.height]).toEqual([15, 192, 288, 165]);
      expect(x.value).toBe("Sheet1!$A$2:$A$4");
      expect(missing.isNullObject).toBe(true);
    });
  });

  it("refuses a chart type Excel does not have, as InvalidArgument, and adds nothing", async () => {
    const { Excel, excel } = withData();
    await expect(
      Excel.run(async (context: any) => {
        const sheet = context.workbook.worksheets.getActiveWorksheet();
        sheet.charts.add("Sparkle", sheet.getRange("B1:B4"));
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
    await Excel.run(async (context: any) => {
      const count = context.workbook.worksheets.getActiveWorksheet().charts.getCount();
      await context.sync();
      expect(count.value).toBe(0);
    });
    expect(excel.workbook.sheets).toHaveLength(1);
  });

  it("removes a deleted chart, and a sheet's charts go with the sheet", async () => {
    const { Excel } = withData();
    await Excel.run(async (context: any) => {
      const sheets = context.workbook.worksheets;
      const other = sheets.add("Other");
      other.charts.add("Pie", sheets.getItem("Sheet1").getRange("B1:B4"));
      const first = sheets.getItem("Sheet1").charts.add("Pie", sheets.getItem("Sheet1").getRange("B1:B4"));
      await context.sync();
      first.delete();
      const left = sheets.getItem("Sheet1").charts.getCount();
      const onOther = other.charts.getItemAt(0).series.getItemAt(0).getDimensionDataSourceString("Values");
      await context.sync();
      expect(left.value).toBe(0);
      // A chart on one sheet can plot another's cells.
      expect(onOther.value).toBe("Sheet1!$B$2:$B$4");
      other.delete();
      const again = sheets.add("Other");
      const count = again.charts.getCount();
      await context.sync();
      expect(count.value).toBe(0);
    });
  });
});
