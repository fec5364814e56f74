/** UKCO.CLASSIFY: a description or website to industry codes, best first. */
import { keyed } from "@ukco/core/analysis/function-definition";
import { asChoice, asCount, asScalar } from "@ukco/core/arguments";
import type { StoredClassification } from "@ukco/core/cache/snapshot";
import { codeText, type CellGrid } from "@ukco/core/cell-value";
import { classifyInput, classifyKey } from "@ukco/core/classify-key";
import type { CallContext, Engine } from "@ukco/core/engine";
import { NotFoundError } from "@ukco/core/errors";
import { MAX_STORED_CODES } from "@ukco/core/loaders/classification-loader";
import { streamFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

/**
 * Classifies a company description or website into industry codes, for example =UKCO.CLASSIFY("We build accounting software") or =UKCO.CLASSIFY("www.example.co.uk"). The service allows 5 classifications a minute; a waiting cell shows its place in the queue.
 * @customfunction CLASSIFY
 * @param text_or_website A description of up to 1,000 characters, or a website address of up to 500 characters.
 * @param [output] Optional: blank for the best RTIC as "code – description"; "rtics", "sics", "rsics", "rnaics" or "similar" for a row of them, best first.
 * @param [count] Optional: how many a row shows, from 1 to 25; 5 by default.
 * @returns The best industry code, or a row of codes.
 * @streaming
 * @requiresAddress
 */
export function classify(
  text_or_website: any,
  output: any,
  count: any,
  invocation: CustomFunctions.StreamingInvocation<any[][]>,
): void {
  streamFormula(invocation as CustomFunctions.StreamingInvocation<unknown[][]>, (engine, context) =>
    classifyFormula(engine, text_or_website, output, count, context),
  );
}

export const CLASSIFY = defineFunction({
  name: "CLASSIFY",
  kind: "classifications",
  key: ([text]) => {
    const input = classifyInput(text);
    return keyed(input && classifyKey(input), "description or website");
  },
  formula: (engine, [text, output, count], context) => classifyFormula(engine, text, output, count, context),
});

export const CLASSIFY_OUTPUTS = ["best", "rtics", "sics", "rsics", "rnaics", "similar"] as const;
export type ClassifyOutput = (typeof CLASSIFY_OUTPUTS)[number];
export const DEFAULT_CLASSIFY_COUNT = 5;

const LABELS: Record<Exclude<ClassifyOutput, "best">, string> = {
  rtics: "RTIC",
  sics: "SIC",
  rsics: "recommended SIC",
  rnaics: "recommended NAICS",
  similar: "similar company",
};

export async function classifyFormula(
  engine: Engine,
  textArg: unknown,
  outputArg: unknown,
  countArg: unknown,
  context: CallContext,
): Promise<CellGrid> {
  const output = asChoice(outputArg, CLASSIFY_OUTPUTS, "best", "output");
  const count = asCount(countArg, 1, MAX_STORED_CODES, DEFAULT_CLASSIFY_COUNT, "count");
  const input = classifyInput(asScalar(textArg, "text or website"));
  if (!input) return [[""]];
  const result: StoredClassification = await engine.classify(classifyKey(input), context);
  const list = output === "best" ? result.rtics.slice(0, 1) : result[output].slice(0, count);
  if (list.length === 0) {
    const what = output === "best" ? LABELS.rtics : LABELS[output];
    throw new NotFoundError(`No ${what} was found for this ${input.kind === "website" ? "website" : "description"}.`);
  }
  return [list.map(codeText)];
}
