/**
 * A refresh estimate in the pane's words: one line per service, such as "40 texts to classify
 * (classification service): 40 requests, about 8 minutes at 5 a minute".
 */
import { SERVICE_LABELS } from "@ukco/core/api-values";
import { kindNameOfStore, type AnswerKindName } from "@ukco/core/answers";
import type { RefreshEstimate, ServiceEstimate, StoreEstimate } from "@ukco/core/analysis/refresh-estimate";

const n = (count: number) => count.toLocaleString("en-GB");

/** What each kind of answer is, one and many; a new kind of answer adds a line (the build fails without it). */
const NOUNS: Readonly<Record<AnswerKindName, [string, string]>> = {
  companies: ["company", "companies"],
  matches: ["name to match", "names to match"],
  classifications: ["text to classify", "texts to classify"],
  groups: ["group structure", "group structures"],
  websites: ["website to look up", "websites to look up"],
  marketCompanies: ["company in other markets", "companies in other markets"],
};

function items({ store, items: count }: StoreEstimate): string {
  const name = kindNameOfStore(store);
  const [one, many] = name ? NOUNS[name] : ["answer", "answers"];
  return `${n(count)} ${count === 1 ? one : many}`;
}

function time(service: ServiceEstimate): string {
  if (service.minutes === undefined || service.perMinute === undefined)
    return "its time not known until the service states its limit";
  if (service.minutes < 1) return "under a minute";
  return `about ${n(Math.ceil(service.minutes))} minutes at ${n(service.perMinute)} a minute`;
}

export function serviceLine(service: ServiceEstimate): string {
  const what = service.stores.map(items).join(" and ");
  const jobs = service.stores.reduce((sum, s) => sum + (s.jobs ?? 0), 0);
  const requests = `${service.exact ? "" : "at least "}${n(service.requests)} request${service.requests === 1 ? "" : "s"}`;
  return `${what} (${SERVICE_LABELS[service.service]}): ${requests}${jobs ? ` in ${n(jobs)} batch job${jobs === 1 ? "" : "s"}` : ""}, ${time(service)}`;
}

/** One sentence for a small refresh: what it sends, or that it sends nothing. */
export function estimateSentence(estimate: RefreshEstimate): string {
  const lines = estimate.services.map(serviceLine);
  const unread = estimate.unread
    ? ` ${n(estimate.unread)} formula${estimate.unread === 1 ? " has" : "s have"} inputs worked out by Excel, not counted here.`
    : "";
  return (lines.length ? `It sends ${lines.join("; ")}.` : "It sends no request.") + unread;
}
