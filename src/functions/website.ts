import { keyed } from "../core/analysis/function-definition";
import { domainOf, parseWebsite } from "../core/explore/websites";
import { websiteFormula } from "../core/functions/website";
import { runFormula } from "../host/formula-runner";
import { defineFunction } from "../host/function-table";

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
