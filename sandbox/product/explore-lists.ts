import type { Dataset } from "../data/dataset";
import { type Reply, json } from "../http/types";
import { type CompanyFilter, matchCompanies } from "./filter";

/**
 * The explore lists' catalogue (`GET /v2/explore`). It reads the data alone, not the sandbox's state,
 * so the alt reading (readings.ts), which the state holds, can name the lists without a circle.
 */

/** SAMPLE saved lists: each is a filter over the sandbox data. */
export const EXPLORE_LISTS: readonly { ListId: string; Name: string; Description: string; filter: CompanyFilter }[] = [
  {
    ListId: "cyber-security-scotland",
    Name: "Cyber security in Scotland",
    Description: "Active cyber security software companies registered in Scotland.",
    filter: { rtics: ["RTIC-0042"], Nations: ["Scotland"], CompanyStatus: ["Active"] },
  },
  {
    ListId: "clean-energy",
    Name: "Clean energy",
    Description: "Companies in the clean energy vertical.",
    filter: { cics: ["CIC-0301"], CompanyStatus: ["Active"] },
  },
  {
    ListId: "london-ai",
    Name: "AI in London",
    Description: "Artificial intelligence companies in London postcode areas.",
    filter: { rtics: ["RTIC-0002"], PostcodeAreas: ["EC", "WC", "E", "N", "NW", "SE", "SW", "W"] },
  },
  {
    ListId: "life-sciences-golden-triangle",
    Name: "Life sciences: Oxford, Cambridge, London",
    Description: "Biotech, pharma and medtech around the golden triangle.",
    filter: { cics: ["CIC-0201"], PostcodeAreas: ["OX", "CB", "EC", "WC", "NW"] },
  },
  {
    ListId: "northern-ireland-software",
    Name: "Software in Northern Ireland",
    Description: "Business software companies in Northern Ireland.",
    filter: { rtics: ["RTIC-0001", "RTIC-0042"], Nations: ["Northern Ireland"] },
  },
  {
    ListId: "dissolved-companies",
    Name: "Dissolved companies",
    Description: "Companies struck off the register.",
    filter: { CompanyStatus: ["Dissolved"] },
  },
];

export function getExploreCatalogue(state: { readonly ds: Dataset }): Reply {
  return json(200, {
    Lists: EXPLORE_LISTS.map(({ ListId, Name, Description, filter }) => ({
      ListId,
      Name,
      Description,
      CompanyCount: matchCompanies(state.ds, filter).length,
    })),
  });
}
