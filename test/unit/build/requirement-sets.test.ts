/**
 * The manifest states exactly the requirement sets the add-in needs on every Excel, as the
 * capabilities table says, and every member of a guarded feature is used only where the table is
 * asked. The same check `npm run validate` runs; here each way it can go wrong is tried.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CAPABILITIES } from "../../../src/host/capabilities";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkRequirements, loadCapabilities, sourceFiles } = require("../../../scripts/lib/requirement-check.cjs");

const ROOT = path.resolve(__dirname, "../../..");
const manifest = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
const sources: { file: string; text: string }[] = sourceFiles();

/** The manifest with its <Set> lines replaced. */
const withSets = (sets: string) =>
  manifest.replace(/<Sets DefaultMinVersion="1.1">[\s\S]*?<\/Sets>/, `<Sets DefaultMinVersion="1.1">${sets}</Sets>`);
const REAL_SETS =
  '<Set Name="SharedRuntime" MinVersion="1.1" /><Set Name="CustomFunctionsRuntime" MinVersion="1.2" /><Set Name="ExcelApi" MinVersion="1.9" />';

test("the manifest and the table agree, and every guarded member in src/ is asked for", () => {
  expect(checkRequirements(manifest, CAPABILITIES, sources)).toEqual([]);
});

test("the table the check compiles is the one the add-in runs", () => {
  expect(loadCapabilities()).toEqual(JSON.parse(JSON.stringify(CAPABILITIES)));
});

test.each([
  [
    "a set the add-in needs everywhere is missing",
    withSets('<Set Name="SharedRuntime" MinVersion="1.1" /><Set Name="CustomFunctionsRuntime" MinVersion="1.2" />'),
    /the manifest does not require ExcelApi 1\.9, which "selectionEvents" needs on every Excel/,
  ],
  [
    "a set is required at too low a version",
    withSets(
      REAL_SETS.replace('"CustomFunctionsRuntime" MinVersion="1.2"', '"CustomFunctionsRuntime" MinVersion="1.1"'),
    ),
    /does not require CustomFunctionsRuntime 1\.2, which "cellMessages" needs/,
  ],
  [
    "a set is required above what the add-in needs everywhere",
    withSets(REAL_SETS.replace('"ExcelApi" MinVersion="1.9"', '"ExcelApi" MinVersion="1.12"')),
    /requires ExcelApi 1\.12, but the add-in needs only ExcelApi 1\.9 everywhere: it would shut out Excel builds it can serve/,
  ],
  [
    "a set no feature needs",
    withSets(`${REAL_SETS}<Set Name="DialogApi" MinVersion="1.1" />`),
    /requires DialogApi 1\.1, which no feature in src\/host\/capabilities\.ts needs everywhere/,
  ],
])("fails when %s", (_name, xml, problem) => {
  expect(checkRequirements(xml, CAPABILITIES, sources)).toEqual(
    expect.arrayContaining([expect.stringMatching(problem)]),
  );
});

test("a guarded feature the manifest already requires is flagged: it is not guarded at all", () => {
  const xml = withSets(REAL_SETS.replace('"ExcelApi" MinVersion="1.9"', '"ExcelApi" MinVersion="1.12"'));
  const table = {
    ...CAPABILITIES,
    selectionEvents: { ...CAPABILITIES.selectionEvents, needs: [{ set: "ExcelApi", version: "1.12" }] },
  };
  expect(checkRequirements(xml, table, sources)).toEqual([
    expect.stringMatching(/^"spills" is guarded, but the manifest already requires ExcelApi 1\.12/),
  ]);
});

test.each([
  [
    "a spill lookup",
    "cell.getSpillParentOrNullObject().load('address');",
    /uses getSpillParentOrNullObject \(ExcelApi 1\.12\)/,
  ],
  ["a table resize", "table.resize(area);", /uses resize \(ExcelApi 1\.13\)/],
  ["a data-type read", 'range.load(["valuesAsJson"]);', /uses valuesAsJson \(ExcelApi 1\.16\)/],
])("finds %s in a file that never asks the table", (_name, code, problem) => {
  const unasked = { file: "src/host/new-feature.ts", text: `export async function f() { ${code} }` };
  expect(checkRequirements(manifest, CAPABILITIES, [...sources, unasked])).toEqual([
    expect.stringMatching(new RegExp(`^src/host/new-feature\\.ts ${problem.source}`)),
  ]);
  const asked = {
    ...unasked,
    text: `${unasked.text}\nif (hostHas("spills") && hostHas("tableResize") && hostHas("readDataTypes")) {}`,
  };
  expect(checkRequirements(manifest, CAPABILITIES, [...sources, asked])).toEqual([]);
});
