import { notConnectedYet } from "./not-connected";

/**
 * Finds the registered UK company number for a company name, for example =UKCO.MATCH("Tesco PLC") or =UKCO.MATCH(A2, B2).
 * @customfunction MATCH
 * @param name Company name as you have it, for example "Tesco PLC" or a cell holding it.
 * @param [postcode] Optional postcode of the company, to tell apart companies with similar names.
 * @param [website] Optional website of the company, for example "tesco.com".
 * @param [output] Optional: "number" (default), "name", "status", "confidence", "postcode", or "all" for a row of number, name, status, confidence, route and postcode.
 * @returns The 8-character registered company number, or what output asks for; #N/A when nothing matches.
 * @cancelable
 * @requiresAddress
 */
export async function match(
  name: any,
  postcode: any,
  website: any,
  output: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return notConnectedYet("MATCH", [name, postcode, website, output], invocation);
}
