/**
 * Classifications, one request per distinct text (the service takes one at a time), queued by
 * the governor at 5 a minute. Asks for the same text share a request; each ask hears where the
 * request stands in the queue, so a streaming cell can say so.
 */
import type { ClassificationClient } from "@ukco/api/classification/client";
import type { InstantClassificationResult } from "@ukco/api/classification/schemas";
import type { Clock, WaitInfo } from "@ukco/api/http/types";
import type { StoredClassification, StoredCode } from "../cache/snapshot";
import { BatchLoader } from "../batch-loader";
import { classifyRequestOf } from "../classify-key";
import { UnavailableError } from "../errors";

/** The most codes any output keeps; `count` above this is capped. */
export const MAX_STORED_CODES = 25;

export interface LoadedClassification {
  classification: StoredClassification;
  fetchedAt: number;
}

/** At 5 a minute, the 50th text of a burst waits 10 minutes; a cell still gives up in the end. */
export const CLASSIFICATION_SETTLE_TIMEOUT_MS = 30 * 60_000;

function codes(
  items: readonly { Code?: string | null; Description?: string | null; Score?: number | null }[],
): StoredCode[] {
  return items
    .slice(0, MAX_STORED_CODES)
    .map((item) => ({ code: item.Code ?? "", description: item.Description ?? "", score: item.Score ?? null }));
}

export function storedClassification(result: InstantClassificationResult): StoredClassification {
  return {
    rtics: codes(result.RTICs),
    sics: codes(result.SICs),
    rsics: codes(result.RSICs),
    rnaics: codes(result.RNAICs),
    similar: result.SimilarCompanies.slice(0, MAX_STORED_CODES).map((c) => ({
      code: c.CompanyNumber ?? "",
      description: c.CompanyName ?? "",
      score: c.Similarity ?? null,
    })),
  };
}

export function createClassificationLoader(
  classification: () => ClassificationClient,
  clock: Clock,
): BatchLoader<LoadedClassification> {
  return new BatchLoader<LoadedClassification>({
    clock,
    maxBatchSize: 1,
    burstWindowMs: 0,
    maxDelayMs: 0,
    settleTimeoutMs: CLASSIFICATION_SETTLE_TIMEOUT_MS,
    timeoutMessage: "The classification service did not answer within 30 minutes.",
    missing: () => new UnavailableError("service-down", "The classification service gave no answer.", "classification"),
    async loadMany([key], signal, notify) {
      const result = await classification().classify(classifyRequestOf(key!), {
        signal,
        onWait: (info: WaitInfo) => notify(key!, info),
      });
      return new Map([[key!, { classification: storedClassification(result), fetchedAt: clock.now() }]]);
    },
  });
}
