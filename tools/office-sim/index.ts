/**
 * The simulated Office host for Node (tests and benchmarks): a workbook with a calculation
 * engine for the add-in's custom functions, and, once installed, the Office.js globals over it.
 *
 *   const excel = createSimulatedExcel({ functionsMetadata: require("dist/functions.json") });
 *   const host = installOfficeSim(globalThis, excel);   // Office, Excel, CustomFunctions, OfficeRuntime
 *   CustomFunctions.associate("MATCH", match);           // or import the add-in's functions
 *   excel.setCell("Sheet1!B2", "=UKCO.MATCH(A2)");
 *   await excel.whenCalculated();
 *   excel.cell("Sheet1!B2")  // { value, text, error: { code, message }, ... }
 */
import { SimulatedExcel, type SimulatedExcelOptions } from "./app/simulated-excel";

export { SimulatedExcel, DEFAULT_PAYLOAD_LIMIT_BYTES, type SimulatedExcelOptions } from "./app/simulated-excel";
export { takeSnapshot, restoreSnapshot, type WorkbookSnapshot } from "./app/snapshot";
export { type CellInfo } from "./app/cell-info";
export { type SyncRecord, SyncStats } from "./app/sync-stats";
export { type CalcCounters } from "./calc/counters";
export { type CalculationType } from "./calc/engine";
export { CustomFunctionsError, ErrorCode } from "./calc/custom-functions";
export { installOfficeSim, flagShell, type InstallOptions, type InstalledHost } from "./install";
export { memoryBackend, STORAGE_QUOTA_BYTES, type StorageBackend } from "./office/storage";
export { OfficeExtensionError } from "./excel/errors";

export function createSimulatedExcel(options: SimulatedExcelOptions = {}): SimulatedExcel {
  return new SimulatedExcel(options);
}
