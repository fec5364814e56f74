import { type Reply, json, parseObjectBody } from "../http/types";
import type { RequestContext } from "../http/types";
import type { SandboxState } from "../state";
import { type Scopes, isReply, productError, queryFlag, readPaging, stringArray, validationError } from "./common";
import { listEnvelope } from "./envelope";
import { type CompanyFilter, FILTER_FIELDS, indicesOfNumbers, matchCompanies } from "./filter";
import type { NumberSets } from "./number-sets";

/** `POST /v2/companies` (filtered lists) and `POST /v2/companies/number-sets` (set upload). */

/** AllowLargeAnalysis is required above this many numbers in a set (CONTRACT-CHOICES). */
export const LARGE_SET_THRESHOLD = 10_000;
/** INFERRED: the most numbers one upload may hold. */
export const MAX_SET_SIZE = 1_000_000;

export type ProductBody = { ok: true; value: Record<string, unknown> } | { ok: false; reply: Reply };

/** The JSON object body of a product request; anything else is 400. */
export function readJsonObject(req: RequestContext): ProductBody {
  const parsed = parseObjectBody(req.rawBody);
  return parsed.ok ? parsed : { ok: false, reply: productError(400, parsed.error) };
}

/** Reads the filter fields; resolves CompanyNumberSetId (which wins over CompanyNumbers) to indices. */
export function readFilter(
  state: SandboxState,
  sets: NumberSets,
  body: Record<string, unknown>,
): CompanyFilter | Reply {
  const filter: CompanyFilter = {};
  for (const field of FILTER_FIELDS) {
    const values = stringArray(body, field);
    if (isReply(values)) return values;
    if (values) filter[field] = values;
  }
  const setId = body.CompanyNumberSetId;
  if (setId !== undefined && setId !== null) {
    if (typeof setId !== "string")
      return validationError("CompanyNumberSetId", "The CompanyNumberSetId field must be a string.");
    const set = sets.get(setId);
    if (!set) return productError(404, "Company number set not found or expired.");
    if (set.count > LARGE_SET_THRESHOLD && body.AllowLargeAnalysis !== true) {
      return validationError(
        "AllowLargeAnalysis",
        `AllowLargeAnalysis must be true to filter against a set of more than ${LARGE_SET_THRESHOLD} numbers.`,
      );
    }
    filter.only = set.indices;
    return filter;
  }
  const numbers = stringArray(body, "CompanyNumbers");
  if (isReply(numbers)) return numbers;
  if (numbers) filter.only = indicesOfNumbers(state.ds, numbers);
  return filter;
}

export function postCompanies(state: SandboxState, sets: NumberSets, req: RequestContext, scopes: Scopes): Reply {
  const parsed = readJsonObject(req);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value;
  const paging = readPaging(body.returnCount, body.skip);
  if (!paging.ok) return paging.reply;
  const filter = readFilter(state, sets, body);
  if (isReply(filter)) return filter;
  if (body.ReturnCompanyIDsOnly !== undefined && typeof body.ReturnCompanyIDsOnly !== "boolean") {
    return validationError("ReturnCompanyIDsOnly", "The ReturnCompanyIDsOnly field must be true or false.");
  }
  const matched = matchCompanies(state.ds, filter);
  return json(
    200,
    listEnvelope(state, scopes, matched, {
      ...paging,
      withInsights: queryFlag(req.query.get("insights")),
      idsOnly: body.ReturnCompanyIDsOnly === true,
    }),
  );
}

export function postNumberSet(state: SandboxState, sets: NumberSets, req: RequestContext): Reply {
  const parsed = readJsonObject(req);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value;
  const numbers = stringArray(body, "CompanyNumbers");
  if (isReply(numbers)) return numbers;
  if (!numbers || numbers.length === 0)
    return validationError("CompanyNumbers", "The CompanyNumbers field is required and must not be empty.");
  if (numbers.length > MAX_SET_SIZE)
    return validationError("CompanyNumbers", `A set may hold at most ${MAX_SET_SIZE} numbers.`);
  const set = sets.create(indicesOfNumbers(state.ds, numbers), numbers.length);
  return json(201, { CompanyNumberSetId: set.id, Count: set.count, ExpiresAt: new Date(set.expiresAt).toISOString() });
}
