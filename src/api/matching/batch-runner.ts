/**
 * Runs a batch match job to its end: submit, poll the status with growing waits, fetch the
 * results (a 409 means still queued: keep polling), and join the rows back to the input by `id`.
 * Aborting stops the polling; the job itself keeps running on the service (there is no cancel).
 * A job whose `processed` count has not moved for `stallMs` is given up as `stalled`, with the
 * rows it did finish, so its caller can match the rest another way instead of waiting forever.
 */
import { AbortedError, HttpError, ValidationError } from "../http/errors";
import type { CallOptions, Clock } from "../http/types";
import type { BatchJob, BatchResults, BatchStatus, BatchSubmitRequest, MatchRequest, MatchResult } from "./schemas";

/** The batch-job operations a run uses: the matching client's (client.ts), which runs its batches here. */
export interface BatchJobOperations {
  submitBatch(request: BatchSubmitRequest, options?: CallOptions): Promise<BatchJob>;
  batchStatus(jobId: string, options?: CallOptions): Promise<BatchStatus>;
  /** Rejects with HttpError 409 (`code: "conflict"`) while the job is queued. */
  batchResults(jobId: string, options?: CallOptions): Promise<BatchResults>;
}

export interface BatchPollPolicy {
  firstWaitMs: number;
  factor: number;
  maxWaitMs: number;
  /** Longest time without progress before the job counts as stalled. */
  stallMs: number;
}

export const DEFAULT_BATCH_POLL: BatchPollPolicy = {
  firstWaitMs: 1000,
  factor: 1.5,
  maxWaitMs: 15_000,
  stallMs: 120_000,
};

/** The end state runBatch reports for a job it stopped waiting for. */
export const STALLED = "stalled";

export interface BatchProgress {
  jobId: string;
  status: string;
  processed?: number;
  total?: number;
}

export interface BatchRunOptions extends CallOptions {
  onProgress?: (progress: BatchProgress) => void;
  poll?: Partial<BatchPollPolicy>;
}

export interface BatchMatchRow {
  /** The company as submitted, with the `id` used to join (its index when none was given). */
  input: MatchRequest & { id: string };
  /** Undefined when the job ended without a row for this input (e.g. it failed part-way). */
  result?: MatchResult;
}

export interface BatchRunResult {
  jobId: string;
  /** `completed` or `failed` (or another end state a later release may add). */
  status: string;
  /** The job-level error message of a failed job. */
  error?: string;
  rows: BatchMatchRow[];
}

const WAITING = new Set(["queued", "running"]);

function withIds(companies: readonly MatchRequest[]): Array<MatchRequest & { id: string }> {
  const rows = companies.map((c, i) => ({ ...c, id: c.id ?? String(i) }));
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.id))
      throw new ValidationError("matching", "companies", `must have distinct ids; "${row.id}" repeats`);
    seen.add(row.id);
  }
  return rows;
}

export async function runBatch(
  client: BatchJobOperations,
  clock: Clock,
  companies: readonly MatchRequest[],
  options: BatchRunOptions = {},
): Promise<BatchRunResult> {
  const { signal, onWait, onProgress } = options;
  const poll = { ...DEFAULT_BATCH_POLL, ...options.poll };
  const call = { signal, onWait };
  const inputs = withIds(companies);
  const job = await client.submitBatch({ companies: inputs }, call);
  onProgress?.({ jobId: job.job_id, status: job.status, processed: 0, total: job.total ?? inputs.length });

  let wait = poll.firstWaitMs;
  let status: BatchStatus | undefined;
  let progress = { processed: -1, at: clock.now() };
  const collect = async (endState: string, error?: string): Promise<BatchRunResult> => {
    const results = await client.batchResults(job.job_id, call);
    const byId = new Map(results.results.map((r) => [r.id ?? "", r]));
    return {
      jobId: job.job_id,
      status: endState,
      error,
      rows: inputs.map((input) => ({ input, result: byId.get(input.id) })),
    };
  };
  for (;;) {
    try {
      await clock.sleep(wait, signal);
    } catch {
      throw new AbortedError("matching");
    }
    wait = Math.min(poll.maxWaitMs, Math.round(wait * poll.factor));
    status = await client.batchStatus(job.job_id, call);
    onProgress?.({
      jobId: job.job_id,
      status: status.status,
      processed: status.processed,
      total: status.total ?? inputs.length,
    });
    const processed = status.processed ?? 0;
    if (processed > progress.processed) progress = { processed, at: clock.now() };
    const stalled = clock.now() - progress.at >= poll.stallMs;
    if (WAITING.has(status.status) && !stalled) continue;
    try {
      return stalled && WAITING.has(status.status)
        ? await collect(STALLED, `no progress for ${Math.round(poll.stallMs / 1000)} s`)
        : await collect(status.status, status.error);
    } catch (error) {
      // A stalled job still queued has no rows to give.
      if (stalled && error instanceof HttpError && error.status === 409)
        return { jobId: job.job_id, status: STALLED, rows: inputs.map((input) => ({ input })) };
      // 409: the service still counts the job as queued; poll on.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
  }
}
