import { companyNumberOf } from "../data/dataset";
import type { SandboxState } from "../state";
import { type Scopes, forScopes } from "./common";
import { insights } from "./insights";
import { jobAggregates, mergeJobAggregates } from "./job-aggregates";
import { RecordList } from "./record-cache";

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
  // Records with extra fields differ per request, so they are built afresh; all others come from the cache.
  const extra = o.extra;
  const records = extra ? page.map((i) => Object.assign(patches.record(i), extra(i))) : [];
  const cached = new RecordList(state.records, page, scopes, state.readings.recordForm);
  if (o.idsOnly) envelope.companies = page.map((i) => companyNumberOf(ds, i));
  else envelope.companies = extra ? records.map((r) => forScopes(r, scopes)) : cached;
  if (o.withInsights) envelope.insights = insights(ds, matched);
  if (scopes.has("companies:changes")) envelope.CompanyChanges = page.flatMap((i) => patches.changesOf(i));
  if (scopes.has("jobdata:read"))
    Object.assign(envelope, extra ? jobAggregates(records) : mergeJobAggregates(cached.jobs()));
  return envelope;
}
