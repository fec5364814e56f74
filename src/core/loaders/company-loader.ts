/**
 * Company records by number, a burst at a time: up to 1000 numbers a `POST /v2/companies`
 * (the contract's largest page), so 2,000 distinct companies cost 2 requests however many cells
 * ask. A number the service does not return is a company it does not know.
 */
import type { Clock } from "../../api/http/types";
import type { ProductClient } from "../../api/product/client";
import { MAX_RETURN_COUNT } from "../../api/product/requests";
import { BatchLoader } from "../batch-loader";
import { parseCompanyNumber } from "../company-number";
import { NotFoundError } from "../errors";
import { scopesLacking } from "./scope-evidence";

export interface LoadedCompany {
  /** Undefined when the service has no such company. */
  record: Record<string, unknown> | undefined;
  lackingScopes: string[];
  fetchedAt: number;
}

export interface CompanyLoaderTiming {
  burstWindowMs: number;
  maxDelayMs: number;
  settleTimeoutMs: number;
}

export const COMPANY_LOADER_TIMING: CompanyLoaderTiming = { burstWindowMs: 25, maxDelayMs: 400, settleTimeoutMs: 5 * 60_000 };

export function createCompanyLoader(product: ProductClient, clock: Clock, timing = COMPANY_LOADER_TIMING): BatchLoader<LoadedCompany> {
  return new BatchLoader<LoadedCompany>({
    clock,
    maxBatchSize: MAX_RETURN_COUNT,
    ...timing,
    timeoutMessage: "The product API did not answer within 5 minutes. Press Refresh to try again.",
    // Unreachable in practice: loadMany answers every key (a missing company is a result, not an error).
    missing: (key) => new NotFoundError(`No company ${key}.`),
    async loadMany(numbers, signal) {
      const envelope = await product.listCompanies({ CompanyNumbers: [...numbers], returnCount: numbers.length, skip: 0 }, { signal });
      const fetchedAt = clock.now();
      const lackingScopes = scopesLacking(envelope);
      const found = new Map<string, Record<string, unknown>>();
      for (const company of envelope.companies) {
        if (typeof company !== "object" || company === null) continue;
        // Joined by the normalised number, so a service that drops leading zeros still answers its ask.
        const number = parseCompanyNumber(company.CompanyNumber);
        if (number.ok) found.set(number.number, company);
      }
      return new Map(numbers.map((n) => [n, { record: found.get(n), lackingScopes, fetchedAt }]));
    },
  });
}
