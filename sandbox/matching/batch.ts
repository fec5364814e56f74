import { randomUUID } from "node:crypto";
import type { SandboxState } from "../state";
import { type CallbackTarget, deliverCallback } from "./callback";
import type { MatchRequest } from "./request";

/**
 * Batch matching jobs. A job's status follows the (sandbox) clock: `queued` for `batchQueuedMs`,
 * then `running` while rows are processed at `batchRowMs` each, then `completed` — or, as the
 * faults decide per job, `failed` halfway, or stalled halfway (`running` for ever, no progress).
 * Rows are matched lazily as they become "processed".
 */

export type JobStatus = "queued" | "running" | "completed" | "failed";

interface Job {
  id: string;
  createdAt: number;
  startsAt: number;
  /** When processing stops (completion, or failure halfway). */
  endsAt: number;
  requests: MatchRequest[];
  rows: Record<string, unknown>[];
  superuser: boolean;
  /** Stops halfway: ends `failed`, or stays `running` for ever when it stalls. */
  fate: "completes" | "fails" | "stalls";
  callback?: CallbackTarget;
  callbackSent: boolean;
  timer?: NodeJS.Timeout;
}

export const JOB_FAILURE_MESSAGE = "Matching pipeline unavailable: the job stopped before finishing.";

export class BatchJobs {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly state: SandboxState,
    private readonly matchRow: (request: MatchRequest, superuser: boolean) => Record<string, unknown>,
  ) {}

  submit(requests: MatchRequest[], superuser: boolean, callback?: CallbackTarget): Record<string, unknown> {
    const { batchQueuedMs, batchRowMs } = this.state.settings;
    const now = this.state.now();
    const fate = this.state.faults.jobFate();
    const rowsToRun = fate === "completes" ? requests.length : Math.floor(requests.length / 2);
    const job: Job = {
      id: randomUUID(),
      createdAt: now,
      startsAt: now + batchQueuedMs,
      endsAt: now + batchQueuedMs + rowsToRun * batchRowMs,
      requests,
      rows: [],
      superuser,
      fate,
      callbackSent: false,
    };
    if (callback) job.callback = callback;
    this.jobs.set(job.id, job);
    if (callback) {
      job.timer = setTimeout(() => void this.maybeCallBack(job), Math.max(0, job.endsAt - now) + 5);
      job.timer.unref();
    }
    return { job_id: job.id, status: "queued", total: requests.length, created_at: new Date(now).toISOString() };
  }

  has(id: string): boolean {
    return this.jobs.has(id);
  }

  status(id: string): Record<string, unknown> | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    void this.maybeCallBack(job);
    const view: Record<string, unknown> = {
      job_id: job.id,
      status: this.statusOf(job),
      total: job.requests.length,
      processed: this.processed(job),
      created_at: new Date(job.createdAt).toISOString(),
      updated_at: new Date(
        Math.min(
          this.state.now(),
          Math.max(job.createdAt, this.statusOf(job) === "queued" ? job.createdAt : job.endsAt),
        ),
      ).toISOString(),
    };
    if (this.statusOf(job) === "failed") view.error = JOB_FAILURE_MESSAGE;
    return view;
  }

  /** Results so far, or "queued" (the caller answers 409), or undefined for an unknown job. */
  results(id: string): Record<string, unknown> | "queued" | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    const status = this.statusOf(job);
    if (status === "queued") return "queued";
    const processed = this.processed(job);
    while (job.rows.length < processed) {
      const k = job.rows.length;
      const request = job.requests[k] as MatchRequest;
      job.rows.push(this.matchRow(request.id === undefined ? { ...request, id: String(k) } : request, job.superuser));
    }
    return { job_id: job.id, status, results: job.rows.slice(0, processed) };
  }

  clear(): void {
    for (const job of this.jobs.values()) if (job.timer) clearTimeout(job.timer);
    this.jobs.clear();
  }

  private statusOf(job: Job): JobStatus {
    const now = this.state.now();
    if (now < job.startsAt) return "queued";
    if (now < job.endsAt || job.fate === "stalls") return "running";
    return job.fate === "fails" ? "failed" : "completed";
  }

  private processed(job: Job): number {
    const now = this.state.now();
    if (now < job.startsAt) return 0;
    const done = job.fate === "completes" ? job.requests.length : Math.floor(job.requests.length / 2);
    if (now >= job.endsAt) return done;
    return Math.min(done, Math.floor((now - job.startsAt) / Math.max(1e-9, this.state.settings.batchRowMs)));
  }

  private async maybeCallBack(job: Job): Promise<void> {
    const status = this.statusOf(job);
    if (!job.callback || job.callbackSent || (status !== "completed" && status !== "failed")) return;
    job.callbackSent = true;
    const payload = {
      event: `batch.${status}`,
      job_id: job.id,
      status,
      total: job.requests.length,
      processed: this.processed(job),
      finished_at: new Date(job.endsAt).toISOString(),
    };
    const attempt = await deliverCallback(
      job.callback,
      job.id,
      payload,
      this.state.now(),
      this.state.settings.allowExternalCallbacks,
    );
    this.state.callbackLog.push(attempt);
  }
}
