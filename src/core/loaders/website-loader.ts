/**
 * Company numbers by website, a burst at a time: the distinct domains of a recalculation go in
 * one `POST /v2/companies/by-website/batch` (paged at the contract's largest page), and each found
 * company is joined back to the domain of its `Homepage_domain`.
 * INFERRED (ours): when several companies share a website, the first the service lists answers
 * (the sandbox lists them in company-number order); the pane's Find by website shows them all.
 */
import type { Clock } from "@ukco/api/http/types";
import type { ProductClient } from "@ukco/api/product/client";
import { pageWebsiteBatch } from "@ukco/api/product/paging";
import { MAX_RETURN_COUNT } from "@ukco/api/product/requests";
import { isInvalidCompany } from "@ukco/api/product/responses";
import { BatchLoader } from "../batch-loader";
import { mayBelongToPartOfBatch } from "./isolatable";
import { parseCompanyNumber } from "../company-number";
import { NotFoundError } from "../errors";
import { domainOf, MAX_BATCH_URLS } from "../explore/websites";
import { GATHERED_LOOKUP_TIMING } from "./company-loader";

export interface LoadedWebsite {
  /** Null when no active company has the website. */
  number: string | null;
  fetchedAt: number;
}

export function createWebsiteLoader(product: () => ProductClient, clock: Clock): BatchLoader<LoadedWebsite> {
  return new BatchLoader<LoadedWebsite>({
    clock,
    maxBatchSize: MAX_BATCH_URLS,
    ...GATHERED_LOOKUP_TIMING,
    timeoutMessage: "The product API did not answer within 5 minutes.",
    missing: (key) => new NotFoundError(`No company found for ${key}.`),
    isolate: mayBelongToPartOfBatch,
    async loadMany(domains, signal) {
      const first = new Map<string, string>();
      for await (const page of pageWebsiteBatch(
        product(),
        { urls: [...domains] },
        { pageSize: MAX_RETURN_COUNT, signal },
      )) {
        for (const company of page.items) {
          if (isInvalidCompany(company) || typeof company.Homepage_domain !== "string") continue;
          const number = parseCompanyNumber(company.CompanyNumber);
          const domain = domainOf(company.Homepage_domain);
          if (number.ok && !first.has(domain)) first.set(domain, number.number);
        }
      }
      const fetchedAt = clock.now();
      return new Map(domains.map((d): [string, LoadedWebsite] => [d, { number: first.get(d) ?? null, fetchedAt }]));
    },
  });
}
