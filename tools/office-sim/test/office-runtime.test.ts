/* eslint-disable @typescript-eslint/no-explicit-any -- Office.js objects are untyped here: the sim installs them on a plain object */
import { createStorage, memoryBackend } from "../office/storage";
import { newExcel, officeGlobals } from "./fixtures";
import { installOfficeSim } from "..";

describe("the Office and OfficeRuntime globals", () => {
  it("answers Office.onReady with Excel on the web, through the promise and the callback", async () => {
    const { Office } = officeGlobals(newExcel());
    const viaCallback = new Promise((resolve) => Office.onReady(resolve));
    await expect(Office.onReady()).resolves.toEqual({ host: "Excel", platform: "OfficeOnline" });
    await expect(viaCallback).resolves.toEqual({
      host: Office.HostType.Excel,
      platform: Office.PlatformType.OfficeOnline,
    });
  });

  it("reports requirement sets, and can simulate an older host", () => {
    const { Office } = officeGlobals(newExcel());
    // The default host is Excel on the web (the "web" profile).
    expect(Office.context.requirements.isSetSupported("ExcelApi", "1.21")).toBe(true);
    expect(Office.context.requirements.isSetSupported("ExcelApi", "1.22")).toBe(false);
    expect(Office.context.requirements.isSetSupported("SharedRuntime", "1.1")).toBe(true);
    const older = installOfficeSim({}, newExcel(), { requirementSets: { ExcelApi: "1.9" } }).globals as any;
    expect(older.Office.context.requirements.isSetSupported("ExcelApi", "1.10")).toBe(false);
  });

  it("keeps document settings only once saveAsync has run", async () => {
    const excel = newExcel();
    const { Office } = officeGlobals(excel);
    const settings = Office.context.document.settings;
    settings.set("lastRefresh", "2024-05-01");
    expect(settings.get("lastRefresh")).toBe("2024-05-01");
    expect(excel.workbook.documentSettings).toEqual({});
    const result = await new Promise<any>((resolve) => settings.saveAsync(resolve));
    expect(result.status).toBe(Office.AsyncResultStatus.Succeeded);
    expect(excel.workbook.documentSettings).toEqual({ lastRefresh: "2024-05-01" });
    expect(settings.get("missing")).toBeNull();
  });

  it("stores strings asynchronously and refuses to go over the quota", async () => {
    const storage = createStorage(memoryBackend(), 100);
    await storage.setItems({ a: "1", b: "2" });
    expect(await storage.getItems(["a", "b", "c"])).toEqual({ a: "1", b: "2", c: null });
    await storage.removeItem("a");
    expect(await storage.getKeys()).toEqual(["b"]);
    await expect(storage.setItem("big", "x".repeat(200))).rejects.toThrow(/quota/);
    await expect(storage.setItem("n", 5 as unknown as string)).rejects.toThrow(/strings only/);
  });

  it("runs ribbon commands registered with Office.actions.associate", async () => {
    const host = installOfficeSim({}, newExcel());
    const completed = jest.fn();
    (host.globals.Office as any).actions.associate("refreshWorkbook", (event: { completed(): void }) =>
      event.completed(),
    );
    host.actions.get("refreshWorkbook")!({ completed });
    expect(completed).toHaveBeenCalled();
  });
});
