import { STATUS_LABELS } from "../data/dataset";
import { NATION_NAMES, POSTCODE_AREAS } from "../data/postcodes";
import { SAMPLE_CICS, SAMPLE_RTICS } from "../data/rtics";
import { SIC_CODES } from "../data/sic2007";
import { type Reply, type RequestContext, json } from "../http/types";
import type { SandboxState } from "../state";
import { type Scopes, queryFlag, readPaging, productError } from "./common";
import { listEnvelope } from "./envelope";
import { type CompanyFilter, matchCompanies } from "./filter";

/** `GET /v2/filters` and the explore lists (`GET /v2/explore`, `GET /v2/explore/{listId}`). */

export function getFilters(): Reply {
  const values = (pairs: [string, string][]) => pairs.map(([Code, Description]) => ({ Code, Description }));
  return json(200, {
    Filters: [
      { Field: "rtics", Name: "RTICs (sample catalogue)", Values: SAMPLE_RTICS },
      {
        Field: "cics",
        Name: "Custom industry classifications (sample)",
        Values: SAMPLE_CICS.map((c) => ({ Code: c.Code, Description: c.Description })),
      },
      { Field: "SICs", Name: "SIC 2007 codes", Values: values(SIC_CODES.map((s) => [s.code, s.description])) },
      {
        Field: "CompanyStatus",
        Name: "Company status",
        Values: values(STATUS_LABELS.map((s) => [s.product, s.register])),
      },
      { Field: "PostcodeAreas", Name: "Postcode areas", Values: values(POSTCODE_AREAS.map((a) => [a.area, a.town])) },
      { Field: "Nations", Name: "Nations", Values: values(NATION_NAMES.map((n) => [n, n])) },
    ],
  });
}

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

export function getExploreCatalogue(state: SandboxState): Reply {
  return json(200, {
    Lists: EXPLORE_LISTS.map(({ ListId, Name, Description, filter }) => ({
      ListId,
      Name,
      Description,
      CompanyCount: matchCompanies(state.ds, filter).length,
    })),
  });
}

export function getExploreList(state: SandboxState, req: RequestContext, listId: string, scopes: Scopes): Reply {
  const list = EXPLORE_LISTS.find((l) => l.ListId === listId);
  if (!list) return productError(404, `Explore list ${listId} not found.`);
  const paging = readPaging(req.query.get("returnCount"), req.query.get("skip"));
  if (!paging.ok) return paging.reply;
  return json(
    200,
    listEnvelope(state, scopes, matchCompanies(state.ds, list.filter), {
      ...paging,
      withInsights: queryFlag(req.query.get("insights")),
    }),
  );
}
