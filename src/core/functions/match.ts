/** UKCO.MATCH: a company name (with optional postcode and website hints) to its registered number. */
import type { StoredMatch } from "../cache/snapshot";
import type { CellGrid, CellScalar, SpillCell } from "../cell-value";
import type { CallContext, Engine } from "../engine";
import { NotFoundError } from "../errors";
import { matchKey, matchKeyName } from "../match-key";
import { asChoice, asScalar } from "./arguments";

export const MATCH_OUTPUTS = ["number", "name", "status", "confidence", "postcode", "all"] as const;
export type MatchOutput = (typeof MATCH_OUTPUTS)[number];

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

function cellsOf(key: string, match: StoredMatch, output: MatchOutput): SpillCell[][] {
  // A weak or missing match is not hidden from "confidence": that is how a user finds it.
  if (output === "confidence") return [[{ value: match.confidence, part: partOf("confidence") }]];
  if (!match.number) throw noMatch(key);
  if (output === "all")
    return [MATCH_ALL_COLUMNS.map((which) => ({ value: column(match, which), part: partOf(which) }))];
  return [[{ value: column(match, output), part: partOf(output) }]];
}
