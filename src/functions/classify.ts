import { notConnectedYet } from "./not-connected";

/**
 * Classifies a company description or website into industry codes, for example =UKCO.CLASSIFY("We build accounting software") or =UKCO.CLASSIFY("https://example.co.uk").
 * @customfunction CLASSIFY
 * @param text_or_website A description of up to 1,000 characters, or a website address of up to 500 characters.
 * @param [output] Optional: blank for the best RTIC as "code – description"; "rtics", "sics", "rsics", "rnaics" or "similar" for a row of codes, best first.
 * @param [count] Optional: how many codes a row shows, 5 by default.
 * @returns The best industry code, or a row of codes; while waiting for the 5-a-minute limit the cell shows its place in the queue.
 * @streaming
 */
export function classify(
  text_or_website: any,
  output: any,
  count: any,
  invocation: CustomFunctions.StreamingInvocation<any[][]>,
): void {
  notConnectedYet("CLASSIFY", [text_or_website, output, count], invocation).then(
    (value) => invocation.setResult(value),
    (error: CustomFunctions.Error) => invocation.setResult(error),
  );
}
