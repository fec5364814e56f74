import { keyed } from "../core/analysis/function-definition";
import { classifyInput, classifyKey } from "../core/classify-key";
import { classifyFormula } from "../core/functions/classify";
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
