import { NUMBER_PREFIXES, formatNumber } from "../data/company-number";
import { dayToIso, domainOf, lowerBound } from "../data/dataset";
import { type Reply, json } from "../http/types";
import type { SandboxState } from "../state";
import type { Scopes } from "./common";

/**
 * `GET /v2/search/aheadFull/{n}` (CONTRACT-CHOICES): companies whose number starts with `n`, at most
 * 20, in number order. INFERRED: `Count` is how many numbers start with `n` in all, not only those
 * returned.
 */
export const SEARCH_LIMIT = 20;

/** Smallest code whose number string could start with `prefix` (numbers sort like their codes). */
function firstCandidate(prefix: string): number {
  if (/^\d+$/.test(prefix)) return Number(prefix.padEnd(8, "0"));
  const head = prefix.slice(0, 2);
  const rest = prefix.slice(2);
  const rank = NUMBER_PREFIXES.findIndex((p) => p !== "" && p >= head);
  if (rank < 0) return Number.MAX_SAFE_INTEGER;
  const digits = NUMBER_PREFIXES[rank] === head && /^\d*$/.test(rest) ? Number(rest.padEnd(6, "0")) : 0;
  return rank * 100_000_000 + digits;
}

export function getSearchAhead(state: SandboxState, prefix: string, scopes: Scopes): Reply {
  const { ds, patches } = state;
  const companies: Record<string, unknown>[] = [];
  let count = 0;
  if (prefix.length > 0 && prefix.length <= 8) {
    for (let pos = lowerBound(ds, firstCandidate(prefix)); pos < ds.size; pos++) {
      const number = formatNumber(ds.sortedCodes[pos] ?? 0);
      if (!number.startsWith(prefix)) {
        if (number > prefix) break;
        continue;
      }
      count++;
      if (companies.length >= SEARCH_LIMIT) continue;
      const i = ds.byNumber[pos] ?? 0;
      const record = patches.record(i);
      const hit: Record<string, unknown> = {
        CompanyNumber: number,
        CompanyName: ds.names[i] ?? "",
        CompanyStatus: record.CompanyStatus,
        RegisteredPostcode: record.RegisteredPostcode,
        IncorporationDate: dayToIso(ds.incorporatedDay[i] ?? 0),
        Homepage_domain: domainOf(ds, i) ?? "",
      };
      if (scopes.has("companies:changes")) hit.CompanyChanges = patches.changesOf(i);
      companies.push(hit);
    }
  }
  return json(200, { Count: count, Companies: companies });
}
