/** UKCO.MATCH: a company name (with optional postcode and website hints) to its registered number. */
import { keyed } from "@ukco/core/analysis/function-definition";
import { asChoice, asScalar } from "@ukco/core/arguments";
import type { StoredMatch } from "@ukco/core/cache/snapshot";
import type { CellGrid, CellScalar, SpillCell } from "@ukco/core/cell-value";
import type { CallContext, Engine } from "@ukco/core/engine";
import { NotFoundError } from "@ukco/core/errors";
import { matchKey, matchKeyName } from "@ukco/core/match-key";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

/**
 * What UKCO.MATCH returns; Excel offers these as you type the fourth argument.
 * @customenum {string}
 */
enum MatchOutput {
  /** The 8-character registered company number (the default). */
  number = "number",
  /** The registered name of the matched company. */
  name = "name",
  /** The register status, such as Active or Dissolved. */
  status = "status",
  /** How sure the match is: high, medium, low or none; team when your team decided it in a review (through a team gateway). */
  confidence = "confidence",
  /** The registered postcode. */
  postcode = "postcode",
  /** A row: number, name, status, confidence, route and postcode. */
  all = "all",
}

/**
 * Finds the registered UK company number for a company name, for example =UKCO.MATCH("Tesco PLC") or =UKCO.MATCH(A2, B2). Returns #N/A when nothing matches; use output "confidence" to see how sure a match is.
 * @customfunction MATCH
 * @param name Company name as you have it, for example "Tesco PLC" or a cell holding it.
 * @param [postcode] Optional postcode of the company, to tell apart companies with similar names.
 * @param [website] Optional website of the company, for example "tesco.com".
 * @param [output] Optional: "number" (default), "name", "status", "confidence", "postcode", or "all" for a row of number, name, status, confidence, route and postcode.
 * @returns The 8-character registered company number, or what output asks for.
 * @cancelable
 * @requiresAddress
 */
export function match(
  name: any,
  postcode: any,
  website: any,
  output: MatchOutput,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return runFormula(invocation, (engine, context) =>
    matchFormula(engine, name, postcode, website, output, context),
  ) as Promise<any[][]>;
}

export const MATCH = defineFunction({
  name: "MATCH",
  kind: "matches",
  key: ([name, postcode, website]) => keyed(matchKey(name, postcode, website), "name"),
  spill: (inputs, match, key) => matchSpill(inputs, key, match as StoredMatch),
  formula: (engine, [name, postcode, website, output], context) =>
    matchFormula(engine, name, postcode, website, output, context),
});

export const MATCH_OUTPUTS = ["number", "name", "status", "confidence", "postcode", "all"] as const;
export type MatchOutputName = (typeof MATCH_OUTPUTS)[number];

/** The columns of output "all", in order. */
export const MATCH_ALL_COLUMNS = ["number", "name", "status", "confidence", "route", "postcode"] as const;

function noMatch(key: string): NotFoundError {
  const name = matchKeyName(key);
  return new NotFoundError(
    `No match for "${name.length > 60 ? `${name.slice(0, 60)}…` : name}". Check the spelling, or add a postcode or website.`,
  );
}

function column(match: StoredMatch, which: (typeof MATCH_ALL_COLUMNS)[number]): CellScalar {
  switch (which) {
    case "number":
      return match.number ?? "";
    case "name":
      return match.name ?? "";
    case "status":
      return match.status ?? "";
    case "confidence":
      return match.confidence;
    case "route":
      return match.route ?? "";
    case "postcode":
      return match.postcode ?? "";
  }
}

export async function matchFormula(
  engine: Engine,
  name: unknown,
  postcode: unknown,
  website: unknown,
  outputArg: unknown,
  context: CallContext,
): Promise<CellGrid> {
  const output = asChoice(outputArg, MATCH_OUTPUTS, "number", "output");
  const key = matchKey(asScalar(name, "company name"), asScalar(postcode, "postcode"), asScalar(website, "website"));
  if (key === undefined) return [[""]];
  const match = await engine.match(key, context);
  return cellsOf(key, match, output).map((row) => row.map((cell) => cell.value));
}

/** What a call with these inputs (name, postcode, website, output) shows for a stored match, cell by cell. */
export function matchSpill(inputs: readonly unknown[], key: string, match: StoredMatch): SpillCell[][] {
  return cellsOf(key, match, asChoice(inputs[3], MATCH_OUTPUTS, "number", "output"));
}

const partOf = (which: (typeof MATCH_ALL_COLUMNS)[number]) => `the match's ${which}`;

function cellsOf(key: string, match: StoredMatch, output: MatchOutputName): SpillCell[][] {
  // A weak or missing match is not hidden from "confidence": that is how a user finds it.
  if (output === "confidence") return [[{ value: match.confidence, part: partOf("confidence") }]];
  if (!match.number) throw noMatch(key);
  if (output === "all")
    return [MATCH_ALL_COLUMNS.map((which) => ({ value: column(match, which), part: partOf(which) }))];
  return [[{ value: column(match, output), part: partOf(output) }]];
}
