import { companyNumberOf } from "../data/dataset";
import type { CompanyRecord } from "../data/record";
import type { SandboxState } from "../state";
import { type Scopes, forScopes } from "./common";
import { insights } from "./insights";
import { jobAggregates } from "./job-aggregates";

/**
 * The list envelope (`FilteredCompaniesResponseBody`): one page of company records from the full
 * matched set, `insights` over the full set when asked, and the scope-guarded extras.
 */

export interface EnvelopeOptions {
  returnCount: number;
  skip: number;
  withInsights: boolean;
  /** `ReturnCompanyIDsOnly`: plain company numbers instead of records. */
  idsOnly?: boolean;
  /** Extra fields per record (e.g. classify's `Score`), by company index. */
  extra?: (index: number) => Record<string, unknown>;
}

export function listEnvelope(
  state: SandboxState,
  scopes: Scopes,
  matched: ArrayLike<number>,
  o: EnvelopeOptions,
): Record<string, unknown> {
  const { ds, patches } = state;
  const page: number[] = [];
  for (let k = o.skip; k < matched.length && page.length < o.returnCount; k++) page.push(matched[k] ?? 0);
  const envelope: Record<string, unknown> = {};
  let records: CompanyRecord[] = [];
  if (o.idsOnly) envelope.companies = page.map((i) => companyNumberOf(ds, i));
  else {
    records = page.map((i) => (o.extra ? Object.assign(patches.record(i), o.extra(i)) : patches.record(i)));
    envelope.companies = records.map((r) => forScopes(r, scopes));
  }
  if (o.withInsights) envelope.insights = insights(ds, matched);
  if (scopes.has("companies:changes")) envelope.CompanyChanges = page.flatMap((i) => patches.changesOf(i));
  if (scopes.has("jobdata:read")) {
    if (o.idsOnly) records = page.map((i) => patches.record(i));
    Object.assign(envelope, jobAggregates(records));
  }
  return envelope;
}
