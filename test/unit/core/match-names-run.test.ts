/**
 * Match names' run: the fewest batch jobs (identical inputs sent once, 1,000 names a job), progress
 * summed over the jobs, and a job that fails or answers unreadably named in the failures while the
 * other jobs' names keep their results.
 */
import { UnreadableBodyError } from "../../../src/api/http/errors";
import type { BatchRunOptions } from "../../../src/api/matching/batch-runner";
import type { MatchingClient } from "../../../src/api/matching/client";
import type { MatchRequest, MatchResult } from "../../../src/api/matching/schemas";
import { distinctKeys, planJobs } from "../../../src/core/match-names/jobs";
import { runMatchNames, type RunProgress } from "../../../src/core/match-names/run";
import { matchKey } from "../../../src/core/match-key";

type JobFate = "completed" | "failed" | "unreadable";

function fakeMatching(fates: JobFate[] = []) {
  const jobs: number[] = [];
  const client = {
    runBatch: async (requests: readonly MatchRequest[], options: BatchRunOptions = {}) => {
      const job = jobs.push(requests.length);
      const fate = fates[job - 1] ?? "completed";
      options.onProgress?.({ jobId: `job-${job}`, status: "running", processed: 0, total: requests.length });
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fate === "unreadable")
        throw new UnreadableBodyError(
          "matching",
          "matching.batchResults",
          "/batch/x/results",
          200,
          "truncated",
          "application/json",
        );
      const answered = fate === "failed" ? Math.floor(requests.length / 2) : requests.length;
      options.onProgress?.({ jobId: `job-${job}`, status: fate, processed: answered, total: requests.length });
      return {
        jobId: `job-${job}`,
        status: fate,
        ...(fate === "failed" ? { error: "pipeline unavailable" } : {}),
        rows: requests.map((input, i) => ({
          input: { ...input, id: input.id! },
          ...(i < answered
            ? {
                result: {
                  id: input.id,
                  matched_company_number: `N${input.input_name}`,
                  confidence: "high",
                  rigorous_match: true,
                  route: "fast",
                } as MatchResult,
              }
            : {}),
        })),
      };
    },
  } as unknown as MatchingClient;
  return { client, jobs };
}

/** `rows` names of which `distinct` differ; repeats differ only in case and spacing. */
function names(rows: number, distinct: number): string[] {
  return Array.from({ length: rows }, (_, i) => (i < distinct ? `Company ${i} Ltd` : `  company ${i % distinct}  LTD`));
}
const keysOf = (list: string[]) => distinctKeys(list.map((name) => matchKey(name, "", "")));

describe("jobs", () => {
  test.each([
    [500, 480, 1],
    [1000, 1000, 1],
    [2500, 2001, 3],
    [5000, 1000, 1],
  ])("%i rows naming %i companies take %i job(s)", async (rows, distinct, expected) => {
    const keys = keysOf(names(rows, distinct));
    expect(keys).toHaveLength(distinct);
    expect(planJobs(keys)).toHaveLength(expected);
    const { client, jobs } = fakeMatching();
    const outcome = await runMatchNames(client, keys);
    expect(jobs).toHaveLength(Math.ceil(distinct / 1000));
    expect(jobs.every((size) => size <= 1000)).toBe(true);
    expect(outcome.results.size).toBe(distinct);
    expect(outcome.failures).toEqual([]);
  });

  test("progress counts the names processed over every job, up to the total", async () => {
    const keys = keysOf(names(2500, 2500));
    const seen: RunProgress[] = [];
    await runMatchNames(fakeMatching().client, keys, { onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toEqual({ processed: 2500, total: 2500, jobs: 3, jobsDone: 3 });
    expect(seen.every((p) => p.processed <= p.total)).toBe(true);
  });
});

describe("faults", () => {
  test("a failed job and an unreadable one are named; the other job's names keep their results", async () => {
    const keys = keysOf(names(3000, 3000));
    const { client } = fakeMatching(["completed", "failed", "unreadable"]);
    const remembered: string[] = [];
    const outcome = await runMatchNames(client, keys, { remember: (key) => remembered.push(key) });
    expect(outcome.results.size).toBe(1000 + 500);
    expect(remembered).toHaveLength(1500);
    expect(keys.slice(0, 1000).every((key) => outcome.results.has(key))).toBe(true);
    expect(outcome.failures.map((f) => [f.job, f.keys.length])).toEqual([
      [2, 500],
      [3, 1000],
    ]);
    expect(outcome.failures[0]!.message).toBe(
      "Matching job 2 of 3 (names 1,001 to 2,000) failed (pipeline unavailable); no result for 500 names.",
    );
    expect(outcome.failures[1]!.message).toMatch(/^Matching job 3 of 3 \(names 2,001 to 3,000\) failed: /);
  });

  test("cancel stops waiting; the names of unfinished jobs say they were cancelled", async () => {
    const keys = keysOf(names(10, 10));
    const stop = new AbortController();
    const client = {
      runBatch: (_: unknown, options: BatchRunOptions) =>
        new Promise((_resolve, reject) =>
          options.signal!.addEventListener("abort", () => reject(new Error("aborted"))),
        ),
    } as unknown as MatchingClient;
    const running = runMatchNames(client, keys, { signal: stop.signal });
    stop.abort();
    const outcome = await running;
    expect(outcome.cancelled).toBe(true);
    expect(outcome.failures[0]).toMatchObject({
      cancelled: true,
      message: expect.stringMatching(/was cancelled before it finished/),
    });
  });
});
