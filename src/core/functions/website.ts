/** UKCO.WEBSITE: the company behind a website, or one of its fields. */
import type { CellGrid } from "../cell-value";
import type { CallContext, Engine } from "../engine";
import { InvalidArgumentError, NotFoundError, UserError } from "../errors";
import { domainOf, parseWebsite } from "../explore/websites";
import { asScalar, isBlank } from "./arguments";
import { checkField, fieldCells } from "./field";

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
