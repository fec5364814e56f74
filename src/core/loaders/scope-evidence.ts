/**
 * Which optional scopes the token lacked. A team gateway says so explicitly (`x-ukco-scopes`, the
 * credential's scopes): that statement wins, because a gateway may leave a list's aggregates out
 * of an answer it assembled from its cache. Otherwise they are read off a list envelope: the service omits the fields
 * a scope guards (contract, "Authentication" 3), so an envelope without any job-posting aggregate
 * came from a token without `jobdata:read`, one without `CompanyChanges` from a token without
 * `companies:changes`. INFERRED: a service that sends the keys (even as null) has the scope.
 */
import { JOB_POSTING_AGGREGATES } from "@ukco/api/product/responses";

export const SCOPE_JOBDATA = "jobdata:read";
export const SCOPE_CHANGES = "companies:changes";

export function scopesLacking(envelope: Record<string, unknown>): string[] {
  const lacking: string[] = [];
  if (!JOB_POSTING_AGGREGATES.some((key) => key in envelope)) lacking.push(SCOPE_JOBDATA);
  if (!("CompanyChanges" in envelope)) lacking.push(SCOPE_CHANGES);
  return lacking;
}

/** The gateway's statement of the credential's scopes, space-separated; undefined when it made none. */
export const GATEWAY_SCOPES_HEADER = "x-ukco-scopes";

export function scopesLackingStated(stated: string | null | undefined): string[] | undefined {
  if (stated === null || stated === undefined) return undefined;
  const scopes = new Set(stated.split(/\s+/).filter(Boolean));
  return [SCOPE_JOBDATA, SCOPE_CHANGES].filter((scope) => !scopes.has(scope));
}
