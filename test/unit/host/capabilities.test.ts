/**
 * The capabilities table answers, for each Excel build Microsoft's tables describe, which features
 * the add-in may use there; an action on a build without its feature stops with words that name
 * the sets it needs and the builds that have them.
 */
import type { Feature } from "../../../src/host/capabilities";
import { toUserError } from "../../../src/core/errors";

/** The sets each build reports (Microsoft's requirement-set tables; tools/office-sim/office/profiles.ts). */
const BUILDS: Record<string, Record<string, string>> = {
  "Excel on the web": { ExcelApi: "1.21", CustomFunctionsRuntime: "1.5", SharedRuntime: "1.2" },
  "Office 2024 (volume-licensed)": { ExcelApi: "1.17", CustomFunctionsRuntime: "1.3", SharedRuntime: "1.2" },
  "Office 2021 (volume-licensed)": { ExcelApi: "1.14", CustomFunctionsRuntime: "1.3", SharedRuntime: "1.1" },
  "Microsoft 365, Version 2002": { ExcelApi: "1.11", CustomFunctionsRuntime: "1.2", SharedRuntime: "1.1" },
};

type Globals = { Office?: unknown };

/** The table's module as it answers on `build` (it remembers answers, so a fresh module each time). */
async function tableOn(build: string) {
  const sets = BUILDS[build]!;
  const minor = (v: string | number) => Number(String(v).split(".")[1] ?? 0);
  (globalThis as Globals).Office = {
    context: {
      requirements: {
        isSetSupported: (name: string, min: string | number = "1.1") =>
          sets[name] !== undefined && minor(min) <= minor(sets[name]!),
      },
    },
  };
  jest.resetModules();
  return import("../../../src/host/capabilities");
}

afterEach(() => {
  delete (globalThis as Globals).Office;
});

const FEATURES: Feature[] = ["spills", "tableResize", "readDataTypes", "dataTypeResults", "doubleFormats"];

test.each([
  ["Excel on the web", [true, true, true, true, true]],
  // The data-type APIs are there (ExcelApi 1.17), but functions may not return data types (runtime 1.3).
  ["Office 2024 (volume-licensed)", [true, true, true, false, false]],
  ["Office 2021 (volume-licensed)", [true, true, false, false, false]],
  ["Microsoft 365, Version 2002", [false, false, false, false, false]],
])("%s has exactly the guarded features its sets give", async (build, expected) => {
  const { hostHas } = await tableOn(build);
  expect(Object.fromEntries(FEATURES.map((f) => [f, hostHas(f)]))).toEqual(
    Object.fromEntries(FEATURES.map((f, i) => [f, expected[i]])),
  );
});

test("an action on a build without its feature stops, naming the sets and the builds that have them", async () => {
  const { requireFeature } = await tableOn("Microsoft 365, Version 2002");
  let thrown: unknown;
  try {
    requireFeature("spills", "Convert to values");
  } catch (error) {
    thrown = error;
  }
  // A fresh module each time, so its own UnavailableError class: compared by name.
  expect(thrown).toMatchObject({ name: "UnavailableError", reason: "host" });
  expect((thrown as Error).message).toBe(
    "Convert to values needs ExcelApi 1.12, which this Excel does not have: it is in Excel on the web, Office 2021 or later, or Microsoft 365 (Version 2008 or later on Windows, 16.40 or later on Mac).",
  );
  const { requireFeature: onWeb } = await tableOn("Excel on the web");
  expect(() => onWeb("spills", "Convert to values")).not.toThrow();
});

test("data types from functions need both sets, named together", async () => {
  const { needsInWords } = await tableOn("Excel on the web");
  expect(needsInWords("dataTypeResults")).toBe("CustomFunctionsRuntime 1.4 and ExcelApi 1.16");
});

test("every guarded feature says what the add-in does without it and where it is", async () => {
  const { CAPABILITIES } = await tableOn("Excel on the web");
  for (const [name, capability] of Object.entries(CAPABILITIES)) {
    const guarded = "without" in capability;
    expect({ name, where: guarded ? "where" in capability : true, docs: capability.docs }).toEqual({
      name,
      where: true,
      docs: expect.stringMatching(/^https:\/\/learn\.microsoft\.com\//),
    });
  }
});

test("before Office is ready nothing is assumed, and the question is asked again later", async () => {
  jest.resetModules();
  const { hostHas } = await import("../../../src/host/capabilities");
  expect(hostHas("spills")).toBe(false);
  (globalThis as Globals).Office = { context: { requirements: { isSetSupported: () => true } } };
  expect(hostHas("spills")).toBe(true);
});

test("an ApiNotFound that reaches the user says a newer Excel is needed, never 'Unexpected problem'", () => {
  const error = Object.assign(new Error("The API you are trying to use could not be found."), { code: "ApiNotFound" });
  const words = toUserError(error);
  expect(words).toMatchObject({ reason: "host" });
  expect(words.message).toMatch(/^This needs a newer version of Excel/);
});
