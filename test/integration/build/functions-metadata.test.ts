import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateCustomFunctionsMetadata } = require("custom-functions-metadata");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { functionFiles } = require("../../../scripts/lib/function-files.cjs");

const ROOT = path.resolve(__dirname, "../../..");
const DIST = path.join(ROOT, "dist");

interface FunctionMetadata {
  id: string;
  name: string;
  description: string;
  parameters: { name: string; optional?: boolean; dimensionality?: string; customEnumId?: string }[];
  options?: Record<string, boolean>;
}

function builtMetadata(): {
  functions: FunctionMetadata[];
  enums?: { id: string; values: { stringValue: string; tooltip: string }[] }[];
} {
  const file = path.join(DIST, "functions.json");
  if (!existsSync(file))
    throw new Error("dist/functions.json is missing: run `npm run build` (npm test builds before Jest).");
  return JSON.parse(readFileSync(file, "utf8"));
}

describe("functions.json generated from JSDoc by the build", () => {
  const byId = () => new Map(builtMetadata().functions.map((f) => [f.id, f]));

  test.each([
    ["MATCH", ["name", "postcode", "website", "output"], ["postcode", "website", "output"]],
    ["FIELD", ["company_number", "field", "if_empty"], ["if_empty"]],
    ["CLASSIFY", ["text_or_website", "output", "count"], ["output", "count"]],
    ["WEBSITE", ["website", "field"], ["field"]],
    ["MARKET", ["market", "company_number", "field"], []],
  ])("lists UKCO.%s with its parameters in order", (id, names, optional) => {
    const fn = byId().get(id);
    expect(fn).toBeDefined();
    expect(fn!.name).toBe(id);
    expect(fn!.description.length).toBeGreaterThan(20);
    expect(fn!.parameters.map((p) => p.name)).toEqual(names);
    expect(fn!.parameters.filter((p) => p.optional).map((p) => p.name)).toEqual(optional);
  });

  test("FIELD takes ranges for numbers and field names, so one formula can spill a table", () => {
    const fieldFn = byId().get("FIELD")!;
    expect(fieldFn.parameters.slice(0, 2).map((p) => p.dimensionality)).toEqual(["matrix", "matrix"]);
  });

  test.each([
    ["MATCH", "output", ["number", "name", "status", "confidence", "postcode", "all"]],
    ["MARKET", "market", ["us", "fr", "de", "ie"]],
  ])("UKCO.%s offers its %s choices as you type (a custom enum, each with a tooltip)", (id, parameter, values) => {
    const metadata = builtMetadata();
    const enumId = metadata.functions
      .find((f) => f.id === id)!
      .parameters.find((p) => p.name === parameter)!.customEnumId;
    const choices = metadata.enums?.find((e) => e.id === enumId);
    expect(choices?.values.map((v) => v.stringValue)).toEqual(values);
    expect(choices!.values.every((v) => v.tooltip.length > 5)).toBe(true);
  });

  test("the page registers exactly the functions the metadata lists", () => {
    const bundle = readFileSync(path.join(DIST, "functions.js"), "utf8");
    const associated = [...bundle.matchAll(/CustomFunctions\.associate\("([A-Z.]+)"/g)].map((m) => m[1]).sort();
    expect(associated).toEqual([...byId().keys()].sort());
  });

  test("stays far below the ~1 MB size at which Windows desktop refuses functions.json", () => {
    expect(readFileSync(path.join(DIST, "functions.json")).length).toBeLessThan(200_000);
  });
});

describe("the metadata generator refuses bad JSDoc (the build fails on it)", () => {
  test("an invalid id and an unsupported type are errors", async () => {
    const result = await generateCustomFunctionsMetadata([path.join(ROOT, "test/fixtures/functions/bad-jsdoc.ts")]);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors.join("\n")).toMatch(/ADD-ME!|Invalid|not supported|type/i);
  });

  test("the add-in's own function files produce no errors", async () => {
    const result = await generateCustomFunctionsMetadata(functionFiles());
    expect(result.errors).toEqual([]);
  });
});
