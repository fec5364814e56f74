/**
 * "Test connection" for each service: one cheap, real call with the stored credential. The
 * classification service allows 5 calls a minute and its free tier 20 in all, so its check
 * reads the token's expiry and makes a classification only when the user asks for one.
 */
import type { ApiClients } from "@ukco/api/factory";
import type { ServiceName } from "@ukco/api/credentials";
import type { ActionWarning } from "../../taskpane/hooks/useAction";

/** INFERRED (ours): a well-known company name for the matching check. */
export const MATCHING_TEST_NAME = "Tesco PLC";
/** INFERRED (ours): a short description for the optional classification check. */
export const CLASSIFICATION_TEST_TEXT = "Software development and IT consultancy";

/**
 * A catalogue with groups is a success; an empty one worked but leaves the user nothing to filter
 * by, so it is a warning that says what still works. (An unreadable one fails with its reason.)
 */
function filterGroupsFound(service: string, groups: number, where = ""): string | ActionWarning {
  if (groups > 0) return `The ${service} answered: ${groups} filter group${groups === 1 ? "" : "s"} available${where}.`;
  return {
    warning: `The ${service} answered, but offered no filter groups${where}. You can still type codes by hand or import by company numbers.`,
  };
}

export const CONNECTION_TESTS: Readonly<
  Record<Exclude<ServiceName, "classification">, (clients: ApiClients) => Promise<string | ActionWarning>>
> = {
  product: async (clients) => filterGroupsFound("product API", (await clients.product.filters()).Filters.length),
  matching: async (clients) => {
    const result = await clients.matching.match({ input_name: MATCHING_TEST_NAME });
    return `The matching service answered: "${MATCHING_TEST_NAME}" → ${result.matched_company_number ?? "no match"} (${result.confidence} confidence).`;
  },
  market: async (clients) =>
    filterGroupsFound(
      "multi-market service",
      (await clients.market.filters("us")).Filters.length,
      " for the US market",
    ),
};

export async function testClassification(clients: ApiClients): Promise<string> {
  const result = await clients.classification.classify({ Text: CLASSIFICATION_TEST_TEXT });
  const top = result.RTICs[0];
  return `The classification service answered: ${top ? `best RTIC ${top.Code ?? ""} ${top.Description ?? ""}`.trim() : "no RTIC"} (${result.ProcessingTimeMs ?? "?"} ms).`;
}
