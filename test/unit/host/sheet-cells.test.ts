/**
 * Reading every sheet's formulas and values (changed cells, refresh estimates) stays under Excel's
 * payload limit however large the workbook: the simulated host refuses any answer over 5 MB, as
 * Excel on the web does, and a sheet of about 20 MB is still read whole, a slice at a time. So is
 * refreshing such a sheet, which reads its formulas and writes its UKCO formulas again.
 */
import { createSimulatedExcel, installOfficeSim } from "../../../tools/office-sim";
import type { Engine } from "../../../src/core/engine";
import type { RefreshScope } from "../../../src/core/refresh-scopes";
import { refreshScope } from "../../../src/host/refresh";
import { readSheetCells } from "../../../src/host/sheet-cells";

const rows = 60_000;
const text = (r: number, c: number) => `'row ${r} column ${c} ${"padding ".repeat(3)}`;

function largeSheet() {
  const excel = createSimulatedExcel();
  const { uninstall } = installOfficeSim(globalThis as unknown as Record<string, unknown>, excel);
  excel.setCell(
    "Sheet1!B3",
    Array.from({ length: rows }, (_, r) => [0, 1, 2, 3].map((c) => text(r, c))),
  );
  return { excel, uninstall };
}

test("a sheet larger than one answer may carry is read whole, in slices under the limit", async () => {
  const { excel, uninstall } = largeSheet();
  try {
    const [sheet] = await readSheetCells();
    expect(sheet).toMatchObject({ name: "Sheet1", row0: 2, column0: 1 });
    expect(sheet!.values).toHaveLength(rows);
    expect(sheet!.values[rows - 1]).toEqual([0, 1, 2, 3].map((c) => text(rows - 1, c).slice(1)));
    const stats = excel.syncStats;
    expect(stats.responseBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(stats.largestResponseBytes).toBeLessThan(5 * 1024 * 1024);
  } finally {
    uninstall();
  }
});

test("refreshing a sheet larger than one answer may carry re-enters every UKCO formula on it", async () => {
  const { excel, uninstall } = largeSheet();
  try {
    excel.setCell("Sheet1!G3", [['=UKCO.FIELD(B3,"CompanyName")'], ['=UKCO.FIELD(B4,"CompanyName")']]);
    excel.setCell(`Sheet1!G${rows}`, [["=UKCO.MATCH(B5)"]]);
    const scopes: RefreshScope[] = [];
    const engine = { refresh: (scope: RefreshScope) => scopes.push(scope) } as unknown as Engine;
    await expect(refreshScope(engine, { kind: "sheet", sheet: "Sheet1" })).resolves.toBe(3);
    expect(scopes).toEqual([{ kind: "sheet", sheet: "Sheet1" }]);
    expect(excel.syncStats.largestResponseBytes).toBeLessThan(5 * 1024 * 1024);
  } finally {
    uninstall();
  }
});
