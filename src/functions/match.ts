import { matchFormula } from "../core/functions/match";
import { runFormula } from "../host/formula-runner";

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
