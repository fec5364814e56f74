/**
 * Whether the product API knows a company number, for a decision that names it: read through the
 * gateway's own company records (so a record the team has fetched costs nothing upstream, and a
 * miss is one governed request under the product quota), cut to the register facts a decision
 * keeps. A number the service does not know is remembered for a while, so trying it again costs
 * nothing.
 */
import type { Identity } from "../auth";
import { cacheKey, type TieredCache } from "../cache";
import type { CompanyRecords } from "../companies";
import { fieldsAsked } from "../fields";
import type { UpstreamCall } from "../upstream";
import type { ChosenCompany } from "./model";
import type { CompanyLookup } from "./team-decisions";

const UNKNOWN_TTL_SECONDS = 600;
const FACTS = fieldsAsked("CompanyName,CompanyStatus,RegisteredPostcode");

interface Record {
  CompanyNumber?: unknown;
  CompanyName?: unknown;
  CompanyStatus?: unknown;
  RegisteredPostcode?: unknown;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

export function companyCheck(
  companies: CompanyRecords,
  listCompanies: UpstreamCall,
  cache: TieredCache,
  scope: string,
): CompanyLookup {
  return async (who: Identity, number: string, signal: AbortSignal) => {
    const unknownKey = cacheKey("co-unknown", scope, number);
    if ((await cache.getMany([unknownKey])).has(unknownKey)) return "unknown";
    const cut = FACTS.ok ? FACTS.cut : undefined;
    const answer = await companies.answer({ user: who.user, signal }, listCompanies, [number], false, cut);
    if (answer.failure) return answer.failure;
    const record = (JSON.parse(answer.body.toString()) as { companies?: Record[] }).companies?.find(
      (c) => c.CompanyNumber === number,
    );
    if (!record) {
      await cache.setMany(new Map([[unknownKey, "1"]]), UNKNOWN_TTL_SECONDS);
      return "unknown";
    }
    const facts: ChosenCompany = { number };
    const [name, status, postcode] = [
      text(record.CompanyName),
      text(record.CompanyStatus),
      text(record.RegisteredPostcode),
    ];
    if (name) facts.name = name;
    if (status) facts.status = status;
    if (postcode) facts.postcode = postcode;
    return facts;
  };
}
