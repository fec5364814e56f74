/**
 * Company records by number, a burst at a time: up to 1000 numbers a `POST /v2/companies`
 * (the contract's largest page), so 2,000 distinct companies cost 2 requests however many cells
 * ask under a tight quota. With room, a burst goes as soon as its calls have arrived, in as many
 * requests side by side as make its last cell settle soonest (chunk-plan.ts). A number the service
 * does not return is a company it does not know.
 */
import type { Clock } from "../../api/http/types";
import type { ProductClient } from "../../api/product/client";
import type { RawCompany } from "../../api/product/lazy-company";
import { MAX_RETURN_COUNT } from "../../api/product/requests";
import { isInvalidCompany } from "../../api/product/responses";
import { BatchLoader } from "../batch-loader";
import { ChunkPlanner } from "../chunk-plan";
import { mayBelongToPartOfBatch } from "./isolatable";
import { parseCompanyNumber } from "../company-number";
import { NotFoundError, UnavailableError } from "../errors";
import { GATEWAY_SCOPES_HEADER, scopesLacking, scopesLackingStated } from "./scope-evidence";

export interface LoadedCompany {
  /** As sent (fields are checked when read: lazy-company.ts); undefined when the service has no such company. */
  record: RawCompany | undefined;
  lackingScopes: string[];
  fetchedAt: number;
}

export interface CompanyLoaderTiming {
  burstWindowMs: number;
  maxDelayMs: number;
  settleTimeoutMs: number;
}

export const COMPANY_LOADER_TIMING: CompanyLoaderTiming = {
  burstWindowMs: 25,
  maxDelayMs: 400,
  settleTimeoutMs: 5 * 60_000,
};

export interface CompanyLoaderOptions {
  timing?: CompanyLoaderTiming;
  /** Whether a number is being asked again because the user refreshed it (a team gateway then skips its cache). */
  refreshing?: (number: string) => boolean;
  /** How bursts are cut (the engine keeps it, to forecast a refresh); by default one over no headroom. */
  planner?: ChunkPlanner;
}

export function createCompanyLoader(
  product: () => ProductClient,
  clock: Clock,
  {
    timing = COMPANY_LOADER_TIMING,
    refreshing = () => false,
    planner = new ChunkPlanner(MAX_RETURN_COUNT, () => undefined),
  }: CompanyLoaderOptions = {},
): BatchLoader<LoadedCompany> {
  return new BatchLoader<LoadedCompany>({
    clock,
    maxBatchSize: MAX_RETURN_COUNT,
    ...timing,
    plan: (keys) => planner.plan(keys),
    goesAtOnce: () => planner.goesAtOnce(),
    observe: (keys, ms) => planner.observe(keys, ms),
    timeoutMessage: "The product API did not answer within 5 minutes.",
    // Unreachable in practice: loadMany answers every key (a missing company is a result, not an error).
    missing: (key) => new NotFoundError(`No company ${key}.`),
    isolate: mayBelongToPartOfBatch,
    async loadMany(numbers, signal) {
      let stated: string | null = null;
      const envelope = await product().listCompanyRecords(
        { CompanyNumbers: [...numbers], returnCount: numbers.length, skip: 0 },
        { signal, refresh: numbers.some(refreshing), onHeaders: (h) => (stated = h.get(GATEWAY_SCOPES_HEADER)) },
      );
      const fetchedAt = clock.now();
      const lackingScopes = scopesLackingStated(stated) ?? scopesLacking(envelope);
      const found = new Map<string, RawCompany | Error>();
      let unattributed = 0;
      for (const company of envelope.companies) {
        // Joined by the normalised number, so a service that drops leading zeros still answers its ask.
        const number = parseCompanyNumber(company.CompanyNumber ?? "");
        if (!number.ok) {
          unattributed += 1;
          continue;
        }
        found.set(
          number.number,
          isInvalidCompany(company)
            ? new UnavailableError(
                "unexpected-data",
                `The product API sent this company's record in an unexpected shape (${company.problem}).`,
                "product",
              )
            : company,
        );
      }
      // A record we could not attribute may be any unanswered ask's: those are unreadable, not unknown.
      const unreadable =
        unattributed > 0
          ? new UnavailableError(
              "unexpected-data",
              `The product API sent ${unattributed} record${unattributed === 1 ? "" : "s"} without a readable company number in its answer, and this company may be among them.`,
              "product",
            )
          : undefined;
      return new Map(
        numbers.map((n): [string, LoadedCompany | Error] => {
          const record = found.get(n);
          if (record === undefined && unreadable) return [n, unreadable];
          return [n, record instanceof Error ? record : { record, lackingScopes, fetchedAt }];
        }),
      );
    },
  });
}
