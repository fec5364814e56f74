/** A small functions.json and helpers for the office-sim unit tests (independent of the add-in's build). */
import { createSimulatedExcel, installOfficeSim, type SimulatedExcel, type SimulatedExcelOptions } from "..";

export const METADATA = {
  allowCustomDataForDataTypeAny: true,
  functions: [
    {
      id: "MATCH",
      name: "MATCH",
      options: { cancelable: true, requiresAddress: true },
      parameters: [
        { name: "name", type: "any" },
        { name: "postcode", type: "any", optional: true },
        { name: "website", type: "any", optional: true },
        { name: "output", type: "any", optional: true },
      ],
      result: { dimensionality: "matrix" },
    },
    {
      id: "FIELD",
      name: "FIELD",
      options: { cancelable: true },
      parameters: [
        { name: "company_number", type: "any", dimensionality: "matrix" },
        { name: "field", type: "any", dimensionality: "matrix" },
      ],
      result: { dimensionality: "matrix" },
    },
    {
      id: "STREAM",
      name: "STREAM",
      options: { stream: true, requiresStreamAddress: true },
      parameters: [{ name: "label", type: "any" }],
    },
    { id: "NOW", name: "NOW", options: { volatile: true }, parameters: [] },
    { id: "TWICE", name: "TWICE", parameters: [{ name: "n", type: "number" }] },
  ],
};

export function newExcel(options: SimulatedExcelOptions = {}): SimulatedExcel {
  return createSimulatedExcel({ functionsMetadata: METADATA, ...options });
}

/** The Office.js globals over a simulated Excel, without touching the test's own globals. */
export function officeGlobals(excel: SimulatedExcel) {
  const host = installOfficeSim({}, excel);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return host.globals as { Excel: any; Office: any; OfficeExtension: any; CustomFunctions: any; OfficeRuntime: any };
}

export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
