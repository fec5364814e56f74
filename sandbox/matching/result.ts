import { STATUS_LABELS, companyNumberOf, isActive } from "../data/dataset";
import { registeredPostcodeOf } from "../data/record-context";
import type { SandboxState } from "../state";
import type { MatchOutcome } from "./matcher";
import { type MatchRequest, echoHints } from "./request";

/** The match result body: contract fields always, `reasons`/`degraded`/`error` for superuser keys only. */
export function matchResult(
  state: SandboxState,
  request: MatchRequest,
  outcome: MatchOutcome,
  superuser: boolean,
): Record<string, unknown> {
  const { ds } = state;
  const i = outcome.index;
  const matched = i >= 0;
  const result: Record<string, unknown> = { input_name: request.input_name };
  if (request.id !== undefined) result.id = request.id;
  Object.assign(result, echoHints(request));
  result.matched_company_number = matched ? companyNumberOf(ds, i) : null;
  if (matched) {
    result.matched_company_name = ds.names[i] ?? "";
    result.matched_registered_postcode = registeredPostcodeOf(ds, i);
  }
  const knownStatus = matched && !outcome.statusUnknown;
  result.company_status = knownStatus ? (STATUS_LABELS[ds.status[i] ?? 0]?.register ?? null) : null;
  result.active = knownStatus ? (isActive(ds, i) ? "True" : "False") : null;
  result.rigorous_match = outcome.rigorous;
  result.route = outcome.route;
  result.confidence = outcome.confidence;
  if (superuser) {
    result.reasons = outcome.reasons;
    result.degraded = outcome.degraded;
    if (outcome.error) result.error = outcome.error;
  }
  return result;
}
