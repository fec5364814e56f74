/**
 * What a refresh will send, before it starts: for each service, how many answers it fetches again,
 * in how many requests, and how long the service's known limits make that take. The answers are
 * those the scope's formulas read (scope-answers.ts); "older than" keeps those fetched before its
 * cutoff. Requests follow each loader's own rule (one table entry per kind of answer), so the count
 * is the one the refresh sends (each kind's rule is its entry's `requests`, answers.ts); where a service decides (polls of a batch job, pages of a search)
 * the count is the least, and says so.
 */
import type { ServiceName } from "@ukco/api/credentials";
import { kindOfStore } from "../answers";
import { COMPANIES } from "../cache/workbook-cache";
import type { SendingCosts } from "../engine";
import type { RefreshScope } from "../refresh-scopes";
import type { ScopeAnswers } from "./scope-answers";

export { COMPANIES };

export interface StoreEstimate {
  /** "companies", or a store of answers.ts ("matches", "classifications", …). */
  store: string;
  /** Answers to fetch again. */
  items: number;
  requests: number;
  /** False where the service decides part of the count; `requests` is then the least. */
  exact: boolean;
  /** Batch jobs, for the matching service's larger bursts. */
  jobs?: number;
}

export interface ServiceEstimate {
  service: ServiceName;
  stores: StoreEstimate[];
  requests: number;
  exact: boolean;
  /** The service's limit, sends a minute; undefined while the service has not stated it (and none is configured). */
  perMinute?: number;
  /** Minutes the limit makes the requests wait beyond what it has to spare now (0: no wait); undefined with the limit. */
  minutes?: number;
}

export interface RefreshEstimate {
  services: ServiceEstimate[];
  formulas: number;
  /** Formulas whose inputs are expressions: not counted (see scope-answers.ts). */
  unread: number;
  /** Large enough that the user should say yes first (CONFIRM_ABOVE). */
  needsConfirmation: boolean;
}

/**
 * INFERRED (ours): a refresh that waits a minute or more on a limit, or sends more than 50
 * requests to one service, is worth a question first; below that it just runs.
 */
export const CONFIRM_ABOVE = { minutes: 1, requests: 50 };

/**
 * What refreshing `scope` would send for the answers its formulas read (scope-answers.ts), at what
 * sending costs now (Engine.sendingCosts). "Older than" fetches again only the answers fetched
 * before its cutoff (or never).
 */
export function estimateRefresh(answers: ScopeAnswers, scope: RefreshScope, context: SendingCosts): RefreshEstimate {
  // Company records last: their loader waits for the burst to gather, so the requests of a kind
  // that sends at once (a group structure each) are queued ahead of them and take the headroom.
  const stores: [string, Set<string>][] = [...answers.answers, [COMPANIES, answers.companies]];
  const byService = new Map<ServiceName, StoreEstimate[]>();
  for (const [store, keys] of stores) {
    const rule = kindOfStore(store)?.requests;
    const service = answers.services.get(store);
    if (!rule || !service) continue;
    const cutoff = scope.kind === "olderThan" ? scope.cutoff : undefined;
    const due = [...keys].filter((key) => cutoff === undefined || !((context.fetchedAt(store, key) ?? 0) >= cutoff));
    if (due.length === 0) continue;
    const ahead = (byService.get(service) ?? []).reduce((sum, e) => sum + e.requests, 0);
    const estimate = { store, items: due.length, ...rule(due, context.companyRequests, ahead) };
    byService.set(service, [...(byService.get(service) ?? []), estimate]);
  }
  const services = [...byService].map(([service, estimates]): ServiceEstimate => {
    const requests = estimates.reduce((sum, e) => sum + e.requests, 0);
    const governor = context.governor(service);
    const perMinute = governor ? governor.perMinute : Infinity;
    const spare = governor?.headroom?.requests ?? 0;
    return {
      service,
      stores: estimates,
      requests,
      exact: estimates.every((e) => e.exact),
      ...(perMinute === undefined
        ? {}
        : { perMinute, minutes: perMinute === Infinity ? 0 : Math.max(0, requests - spare) / perMinute }),
    };
  });
  return {
    services,
    formulas: answers.formulas,
    unread: answers.unread,
    needsConfirmation: services.some(
      (s) => (s.minutes ?? 0) >= CONFIRM_ABOVE.minutes || s.requests > CONFIRM_ABOVE.requests,
    ),
  };
}
