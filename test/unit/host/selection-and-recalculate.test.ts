import { OfficeMockObject } from "office-addin-mock";
import { createSimulatedExcel, installOfficeSim, type SimulatedExcel } from "../../../tools/office-sim";
import { readSelection } from "../../../src/host/selection";
import { recalculateSelection, recalculateWorkbook } from "../../../src/host/recalculate";

type Globals = { Excel?: unknown };

/** The request context is an office-addin-mock object (load/sync semantics); enums are plain, as in Office.js. */
function installExcel(workbook: Record<string, unknown>) {
  const context = new OfficeMockObject({ workbook });
  (globalThis as Globals).Excel = {
    CalculationType: { fullRebuild: "FullRebuild", full: "Full", recalculate: "Recalculate" },
    run: async (callback: (context: unknown) => Promise<unknown>) => callback(context),
  };
  return context;
}

afterEach(() => {
  delete (globalThis as Globals).Excel;
});

describe("readSelection (task pane: company numbers from the selected range)", () => {
  function onSimulatedExcel(setUp: (excel: SimulatedExcel) => void) {
    const excel = createSimulatedExcel();
    setUp(excel);
    const { uninstall } = installOfficeSim(globalThis as unknown as Record<string, unknown>, excel);
    afterCurrent.push(uninstall);
    return excel;
  }
  const afterCurrent: (() => void)[] = [];
  afterEach(() => afterCurrent.splice(0).forEach((undo) => undo()));

  test("returns the address and the values the user selected", async () => {
    onSimulatedExcel((excel) => {
      excel.setCell("Sheet1!B2", [["'01234567"], ["SC123456"], [""]]);
      excel.select(excel.resolve("Sheet1!B2").sheet.id, excel.resolve("Sheet1!B2:B4").range);
    });
    await expect(readSelection()).resolves.toEqual({
      address: "Sheet1!B2:B4",
      values: [["01234567"], ["SC123456"], [""]],
    });
  });

  test("refuses a selection larger than the caller allows, before reading its values", async () => {
    const excel = onSimulatedExcel((e) => e.select(e.resolve("Sheet1!A1").sheet.id, e.resolve("Sheet1!A:XFD").range));
    excel.syncStats.reset();
    await expect(readSelection(1000)).rejects.toThrow("select at most 1000");
    expect(excel.syncStats.responseBytes).toBeLessThan(1000);
  });

  test("reads 200,000 cells of long text whole, no sync's answer near the 5 MB limit", async () => {
    const long = (r: number) => `${r} ${"a long description of what a company does, ".repeat(5)}`.slice(0, 200);
    const excel = onSimulatedExcel((e) => {
      e.setCell(
        "Sheet1!A1",
        Array.from({ length: 100_000 }, (_, r) => [long(r), long(r + 1)]),
      );
      e.select(e.resolve("Sheet1!A1").sheet.id, e.resolve("Sheet1!A1:B100000").range);
    });
    excel.syncStats.reset();
    const read = await readSelection(200_000);
    expect(read.values).toHaveLength(100_000);
    expect(read.values[99_999]).toEqual([long(99_999), long(100_000)]);
    expect(excel.syncStats.responseBytes).toBeGreaterThan(40_000_000);
    expect(excel.syncStats.largestResponseBytes).toBeLessThan(5 * 1024 * 1024);
  });
});

describe("ribbon refresh commands", () => {
  test("Refresh workbook asks for a full rebuild, which reruns custom functions whose inputs did not change", async () => {
    const calls: string[] = [];
    installExcel({
      application: {
        calculate: function (type: string) {
          calls.push(type);
        },
      },
    });
    await recalculateWorkbook();
    expect(calls).toEqual(["FullRebuild"]);
  });

  test("Refresh selection recalculates the selected range only", async () => {
    let calculated = 0;
    installExcel({
      range: {
        calculate: function () {
          calculated += 1;
        },
      },
      getSelectedRange: function () {
        return this.range;
      },
    });
    await recalculateSelection();
    expect(calculated).toBe(1);
  });
});
