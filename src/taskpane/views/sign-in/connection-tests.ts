/**
 * "Test connection" for each service: one cheap, real call with the stored credential. The
 * classification service allows 5 calls a minute and its free tier 20 in all, so its check
 * reads the token's expiry and makes a classification only when the user asks for one.
 */
import type { ApiClients } from "../../../api/factory";
import type { ServiceName } from "../../../api/credentials";

/** INFERRED (ours): a well-known company name for the matching check. */
export const MATCHING_TEST_NAME = "Tesco PLC";
/** INFERRED (ours): a short description for the optional classification check. */
export const CLASSIFICATION_TEST_TEXT = "Software development and IT consultancy";

export const CONNECTION_TESTS: Readonly<
  Record<Exclude<ServiceName, "classification">, (clients: ApiClients) => Promise<string>>
> = {
  product: async (clients) => {
    const filters = await clients.product.filters();
    return `The product API answered: ${filters.Filters.length} filter groups available.`;
  },
  matching: async (clients) => {
    const result = await clients.matching.match({ input_name: MATCHING_TEST_NAME });
    return `The matching service answered: "${MATCHING_TEST_NAME}" → ${result.matched_company_number ?? "no match"} (${result.confidence} confidence).`;
  },
  market: async (clients) => {
    const filters = await clients.market.filters("us");
    return `The multi-market service answered: ${filters.Filters.length} filter groups for the US market.`;
  },
};

export async function testClassification(clients: ApiClients): Promise<string> {
  const result = await clients.classification.classify({ Text: CLASSIFICATION_TEST_TEXT });
  const top = result.RTICs[0];
  return `The classification service answered: ${top ? `best RTIC ${top.Code ?? ""} ${top.Description ?? ""}`.trim() : "no RTIC"} (${result.ProcessingTimeMs ?? "?"} ms).`;
}
