/** UKCO.WEBSITE: the company behind a website, or one of its fields. */
import { keyed } from "@ukco/core/analysis/function-definition";
import { asScalar, isBlank } from "@ukco/core/arguments";
import type { CellGrid } from "@ukco/core/cell-value";
import type { CallContext, Engine } from "@ukco/core/engine";
import { InvalidArgumentError, NotFoundError, UserError } from "@ukco/core/errors";
import { domainOf, parseWebsite } from "@ukco/core/explore/websites";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";
import { checkField, fieldCells } from "./field";

/**
 * Returns the registered number of the company behind a website, for example =UKCO.WEBSITE("tesco.com"), or a field of it: =UKCO.WEBSITE(A2, "BestEstimateTurnover"). When several companies share the website, the first the service lists is used; the task pane's Find by website lists them all.
 * @customfunction WEBSITE
 * @param website Website address, such as "example.co.uk" or "https://www.example.co.uk/about".
 * @param [field] Optional field name, as UKCO.FIELD takes it (such as "CompanyName"); blank for the company number.
 * @returns The company number (8 characters), or the field's value. #N/A when no company has the website.
 * @cancelable
 * @requiresAddress
 */
export function website(website: any, field: any, invocation: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return runFormula(invocation, (engine, context) => websiteFormula(engine, website, field, context)) as Promise<
    any[][]
  >;
}

export const WEBSITE = defineFunction({
  name: "WEBSITE",
  kind: "websites",
  key: ([url]) => {
    const parsed = parseWebsite(url);
    return parsed.ok ? keyed(domainOf(parsed.value), "website") : { problem: parsed.reason };
  },
  formula: (engine, [url, field], context) => websiteFormula(engine, url, field, context),
});

export async function websiteFormula(
  engine: Engine,
  urlArg: unknown,
  fieldArg: unknown,
  context: CallContext,
): Promise<CellGrid> {
  const value = asScalar(urlArg, "website");
  if (isBlank(value)) return [[""]];
  const parsed = parseWebsite(value);
  if (!parsed.ok) throw new InvalidArgumentError(`Give a website address such as "example.co.uk": ${parsed.reason}.`);
  const field = asScalar(fieldArg, "field");
  // A bad field is refused before any request is sent.
  if (!isBlank(field)) {
    const path = checkField(field);
    if (path instanceof UserError) throw path;
  }
  const number = await engine.website(domainOf(parsed.value), context);
  if (number === null) throw new NotFoundError(`No company found for ${parsed.value}.`);
  if (isBlank(field)) return [[number]];
  return fieldCells(engine, [[number]], [[field]], null, context);
}
