/** The company matching client: single match and the batch-job operations. */
import type { Transport } from "../http/transport";
import type { CallOptions } from "../http/types";
import { checkInput, nonEmptyText } from "../input";
import { runBatch, type BatchJobOperations, type BatchRunOptions, type BatchRunResult } from "./batch-runner";
import {
  BatchJobSchema,
  BatchResultsSchema,
  BatchStatusSchema,
  BatchSubmitRequestSchema,
  MatchRequestSchema,
  MatchResultSchema,
  type MatchRequest,
  type MatchResult,
} from "./schemas";

/** Contract: a single match may take tens of seconds; client time-out at least 60 to 120 s. */
export const MATCHING_TIMEOUTS = { matchMs: 120_000, submitMs: 60_000, pollMs: 30_000 };

/** INFERRED (CONTRACT-CHOICES.md "Batch submit"): path of submit; status and results hang below it. */
export const BATCH_PATH = "/api/v1/match/batch";

export interface MatchingClient extends BatchJobOperations {
  match(request: MatchRequest, options?: CallOptions): Promise<MatchResult>;
  /** Submits, polls until the job ends, and returns the result rows joined back to `companies` by `id`. */
  runBatch(companies: readonly MatchRequest[], options?: BatchRunOptions): Promise<BatchRunResult>;
}

export function createMatchingClient(transport: Transport, timeouts = MATCHING_TIMEOUTS): MatchingClient {
  const jobPath = (jobId: string): string =>
    `${BATCH_PATH}/${encodeURIComponent(checkInput("matching", nonEmptyText, jobId, "jobId"))}`;
  const client: MatchingClient = {
    async match(request, options) {
      const json = checkInput("matching", MatchRequestSchema, request);
      // A match is a lookup: sending it again after a lost answer is safe.
      return transport.send(
        {
          operation: "matching.match",
          method: "POST",
          path: "/api/v1/match",
          json,
          schema: MatchResultSchema,
          timeoutMs: timeouts.matchMs,
          idempotent: true,
        },
        options,
      );
    },
    async submitBatch(request, options) {
      const json = checkInput("matching", BatchSubmitRequestSchema, request);
      // Not idempotent: a resend after a lost answer would start a second job.
      return transport.send(
        {
          operation: "matching.submitBatch",
          method: "POST",
          path: BATCH_PATH,
          json,
          schema: BatchJobSchema,
          timeoutMs: timeouts.submitMs,
          idempotent: false,
        },
        options,
      );
    },
    async batchStatus(jobId, options) {
      // INFERRED (CONTRACT-CHOICES.md "Rate limit"): status polls do not count against the match rate.
      const spec = {
        operation: "matching.batchStatus",
        method: "GET",
        path: jobPath(jobId),
        schema: BatchStatusSchema,
        rateExempt: true,
      } as const;
      return transport.send({ ...spec, timeoutMs: timeouts.pollMs, idempotent: true }, options);
    },
    async batchResults(jobId, options) {
      const spec = {
        operation: "matching.batchResults",
        method: "GET",
        path: `${jobPath(jobId)}/results`,
        schema: BatchResultsSchema,
      } as const;
      return transport.send({ ...spec, timeoutMs: timeouts.pollMs, idempotent: true }, options);
    },
    runBatch: (companies, options) => runBatch(client, transport.clock, companies, options),
  };
  return client;
}
