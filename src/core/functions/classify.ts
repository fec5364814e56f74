/** UKCO.CLASSIFY: a description or website to industry codes, best first. */
import type { StoredClassification, StoredCode } from "../cache/snapshot";
import type { CellGrid } from "../cell-value";
import { classifyInput, classifyKey } from "../classify-key";
import type { CallContext, Engine } from "../engine";
import { NotFoundError } from "../errors";
import { MAX_STORED_CODES } from "../loaders/classification-loader";
import { asChoice, asCount, asScalar } from "./arguments";

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

/** "code – description", the form every output uses. */
export function codeText(code: StoredCode): string {
  return code.description ? `${code.code} – ${code.description}` : code.code;
}

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
