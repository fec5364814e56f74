import { OfficeMockObject } from "office-addin-mock";
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
  test("returns the address and the values the user selected", async () => {
    installExcel({
      range: { address: "Sheet1!B2:B4", rowCount: 3, columnCount: 1, values: [["1234567"], ["SC123456"], [""]] },
      getSelectedRange: function () {
        return this.range;
      },
    });
    await expect(readSelection()).resolves.toEqual({
      address: "Sheet1!B2:B4",
      values: [["1234567"], ["SC123456"], [""]],
    });
  });

  test("refuses a selection larger than the caller allows, before reading its values", async () => {
    installExcel({
      range: { address: "Sheet1!A:XFD", rowCount: 1048576, columnCount: 16384, values: [] },
      getSelectedRange: function () {
        return this.range;
      },
    });
    await expect(readSelection(1000)).rejects.toThrow("select at most 1000");
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
