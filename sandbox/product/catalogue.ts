import { STATUS_LABELS } from "../data/dataset";
import { NATION_NAMES, POSTCODE_AREAS } from "../data/postcodes";
import { SAMPLE_CICS, SAMPLE_RTICS } from "../data/rtics";
import { SIC_CODES } from "../data/sic2007";
import { type Reply, type RequestContext, json } from "../http/types";
import type { SandboxState } from "../state";
import { type Scopes, queryFlag, readPaging, productError } from "./common";
import { listEnvelope } from "./envelope";
import { EXPLORE_LISTS } from "./explore-lists";
import { matchCompanies } from "./filter";

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
