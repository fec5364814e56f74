/**
 * Matches the distinct names of a selection as batch jobs, side by side, with progress summed over
 * the jobs' own status counts (processed of total) and Cancel. Through a team gateway, the team's
 * decisions answer first (a lookup, no matching request), and only the undecided names go to
 * batch jobs. A job that fails, stalls or answers with an unreadable body is named in `failures`
 * (which job, which rows), and only its names go without a result: the other jobs' rows keep
 * theirs. Each result also goes into the engine's match cache, so UKCO.MATCH formulas written for
 * the same names answer without a second job.
 */
import { AbortedError } from "@ukco/api/http/errors";
import type { BatchPollPolicy, BatchProgress } from "@ukco/api/matching/batch-runner";
import type { MatchingClient } from "@ukco/api/matching/client";
import type { TeamClient } from "@ukco/api/team/client";
import { teamAnswersIfAny } from "../team-decisions";
import type { StoredMatch } from "../cache/snapshot";
import { toUserError } from "../errors";
import { storedMatch } from "../loaders/match-loader";
import { matchRequestOf } from "../match-key";
import { planJobs } from "./jobs";

export interface RunProgress {
  /** Names processed so far, over every job. */
  processed: number;
  total: number;
  jobs: number;
  jobsDone: number;
}

export interface JobFailure {
  /** 1-based, in submit order. */
  job: number;
  jobId?: string;
  /** The names (keys) left without a result. */
  keys: string[];
  /** In the pane's words: "Matching job 2 of 5 (names 1,001 to 2,000) failed: …". */
  message: string;
  /** The user cancelled it: not a fault to report. */
  cancelled?: boolean;
  /** What the job threw, when it threw (a refused credential fails every job alike). */
  cause?: unknown;
}

export interface RunOutcome {
  results: Map<string, StoredMatch>;
  failures: JobFailure[];
  jobs: number;
  cancelled: boolean;
  /** How many names a team decision answered (no job asked them). */
  decided: number;
  /** Of those, the ones the user decided themselves. */
  mine: Set<string>;
  /** Why the team's decisions could not be read (every name then went to the jobs). */
  teamProblem?: unknown;
}

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?(progress: RunProgress): void;
  poll?: Partial<BatchPollPolicy>;
  /** Told each result as it arrives (the engine's match cache). */
  remember?(key: string, match: StoredMatch): void;
  /** The team's decisions, through a team gateway. */
  team?: TeamClient;
}

const n = (value: number) => value.toLocaleString("en-GB");

export async function runMatchNames(
  matching: MatchingClient,
  keys: readonly string[],
  options: RunOptions = {},
): Promise<RunOutcome> {
  // Without a team gateway the jobs start at once, as before (no lookup to wait for).
  const decided = options.team
    ? await teamAnswersIfAny(options.team, keys, options.signal)
    : { matches: new Map<string, StoredMatch>(), mine: new Set<string>(), problem: undefined };
  const results = new Map<string, StoredMatch>();
  for (const [key, match] of decided.matches) {
    results.set(key, match);
    options.remember?.(key, match);
  }
  const jobs = planJobs(keys.filter((key) => !decided.matches.has(key)));
  const failures: JobFailure[] = [];
  const processed = jobs.map(() => 0);
  let jobsDone = 0;
  const report = () =>
    options.onProgress?.({
      processed: decided.matches.size + processed.reduce((a, b) => a + b, 0),
      total: keys.length,
      jobs: jobs.length,
      jobsDone,
    });
  let cancelled = false;

  const runJob = async (jobKeys: string[], j: number): Promise<void> => {
    const first = j * (jobs[0]?.length ?? 0);
    const named = `Matching job ${j + 1} of ${jobs.length} (names ${n(first + 1)} to ${n(first + jobKeys.length)})`;
    let jobId: string | undefined;
    const fail = (missing: string[], why: string, extra: Pick<JobFailure, "cancelled" | "cause"> = {}) => {
      if (missing.length) failures.push({ job: j + 1, jobId, keys: missing, message: `${named} ${why}`, ...extra });
    };
    try {
      const run = await matching.runBatch(
        jobKeys.map((key, i) => matchRequestOf(key, String(i))),
        {
          signal: options.signal,
          poll: options.poll,
          onProgress: (progress: BatchProgress) => {
            jobId = progress.jobId;
            processed[j] = Math.min(progress.processed ?? 0, jobKeys.length);
            report();
          },
        },
      );
      jobId = run.jobId;
      run.rows.forEach((row, i) => {
        if (!row.result) return;
        const match = storedMatch(row.result);
        results.set(jobKeys[i]!, match);
        options.remember?.(jobKeys[i]!, match);
      });
      const missing = jobKeys.filter((key) => !results.has(key));
      const ended =
        run.status === "completed"
          ? "gave no result for"
          : `${run.status === "failed" ? "failed" : `ended ${run.status}`}${run.error ? ` (${run.error})` : ""}; no result for`;
      fail(missing, `${ended} ${n(missing.length)} name${missing.length === 1 ? "" : "s"}.`);
      processed[j] = jobKeys.length;
    } catch (error) {
      if (error instanceof AbortedError || options.signal?.aborted) {
        cancelled = true;
        fail(jobKeys, "was cancelled before it finished.", { cancelled: true });
        return;
      }
      fail(jobKeys, `failed: ${toUserError(error).message}`, { cause: error });
    } finally {
      jobsDone += 1;
      report();
    }
  };

  report();
  await Promise.all(jobs.map(runJob));
  failures.sort((a, b) => a.job - b.job);
  return {
    results,
    failures,
    jobs: jobs.length,
    cancelled,
    decided: decided.matches.size,
    mine: decided.mine,
    ...(decided.problem !== undefined ? { teamProblem: decided.problem } : {}),
  };
}
