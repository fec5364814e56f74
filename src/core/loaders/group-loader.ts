/**
 * Group structures by company number: one `GET /v2/companies/{n}/group-structure` per company
 * (the contract has no batch form), with concurrent asks for the same company sharing it.
 */
import type { Clock } from "@ukco/api/http/types";
import type { ProductClient } from "@ukco/api/product/client";
import { BatchLoader } from "../batch-loader";
import type { StoredGroupRow } from "../cache/snapshot";
import { NotFoundError } from "../errors";
import { COMPANY_LOADER_TIMING } from "./company-loader";

export interface LoadedGroup {
  /** Level, company number, name and parent number, from the ultimate parent down. */
  rows: StoredGroupRow[];
  fetchedAt: number;
}

export function createGroupLoader(product: () => ProductClient, clock: Clock): BatchLoader<LoadedGroup> {
  return new BatchLoader<LoadedGroup>({
    clock,
    maxBatchSize: 1,
    burstWindowMs: 0,
    maxDelayMs: 0,
    settleTimeoutMs: COMPANY_LOADER_TIMING.settleTimeoutMs,
    timeoutMessage: "The product API did not answer within 5 minutes.",
    missing: (key) => new NotFoundError(`No group structure for ${key}.`),
    async loadMany([number], signal) {
      const structure = await product().groupStructure(number!, { signal });
      const rows: StoredGroupRow[] = structure.map((row) => [
        row.SubsidiaryCompanyLevel ?? 0,
        row.SubsidiaryCompanyNumber ?? "",
        row.SubsidiaryCompanyName ?? "",
        row.ParentCompanyNumber ?? "",
      ]);
      rows.sort((a, b) => a[0] - b[0]);
      return new Map([[number!, { rows, fetchedAt: clock.now() }]]);
    },
  });
}
