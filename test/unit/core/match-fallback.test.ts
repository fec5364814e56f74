/** A failed or stalled batch match job never leaves a cell without its answer: resubmit, then single matches. */
import type { MatchingClient } from "../../../src/api/matching/client";
import type { MatchRequest, MatchResult } from "../../../src/api/matching/schemas";
import { HttpError } from "../../../src/api";
import { createMatchLoader, MATCH_LOADER_OPTIONS } from "../../../src/core/loaders/match-loader";
import { matchKey } from "../../../src/core/match-key";
import { FakeClock } from "../api/support/fake-clock";

const result = (request: MatchRequest): MatchResult =>
  ({
    id: request.id,
    matched_company_number: `N${request.input_name.slice(5)}`,
    rigorous_match: true,
    route: "fast",
    confidence: "high",
  }) as MatchResult;

function matchingWith(jobs: Array<"failed" | "half" | "throws" | "completed">) {
  const calls = { jobs: [] as number[], singles: 0 };
  const client = {
    match: async (request: MatchRequest) => {
      calls.singles += 1;
      return result(request);
    },
    runBatch: async (requests: readonly MatchRequest[]) => {
      calls.jobs.push(requests.length);
      const outcome = jobs.shift() ?? "completed";
      if (outcome === "throws")
        throw new HttpError("matching", { status: 503, method: "POST", url: "/batch", origin: "service" });
      const answered =
        outcome === "failed" ? 0 : outcome === "half" ? Math.floor(requests.length / 2) : requests.length;
      return {
        jobId: "job",
        status: outcome === "completed" ? "completed" : "failed",
        rows: requests.map((input, i) => ({ input, ...(i < answered ? { result: result(input) } : {}) })),
      };
    },
  } as unknown as MatchingClient;
  return { client, calls };
}

const namesOf = (count: number) => Array.from({ length: count }, (_, i) => `name ${i}`);
const names = namesOf(20);

/** Matches every name in one burst; each comes back as its number or its error's message. */
async function matchAll(jobs: Array<"failed" | "half" | "throws" | "completed">, asked = names) {
  const clock = new FakeClock();
  const { client, calls } = matchingWith(jobs);
  const loader = createMatchLoader(() => client, clock);
  const answers = await clock.drive(
    Promise.all(
      asked.map((name) =>
        loader.load(matchKey(name, undefined, undefined)!).then(
          (a) => a.match.number,
          (error: Error) => `error: ${error.message}`,
        ),
      ),
    ),
  );
  return { numbers: answers, calls };
}

test.each([
  ["a failed job is submitted again for all its names", ["failed"], [20, 20], 0],
  ["a job that answered half resubmits only the other half", ["half"], [20, 10], 0],
  ["a job whose submission keeps failing is tried again", ["throws"], [20, 20], 0],
  [
    `after ${MATCH_LOADER_OPTIONS.jobAttempts} failed jobs a few names left go as single matches`,
    ["failed", "failed", "failed"],
    [20, 20, 20],
    20,
  ],
] as const)("%s", async (_name, jobs, jobSizes, singles) => {
  const { numbers, calls } = await matchAll([...jobs]);
  expect(numbers).toEqual(names.map((n) => `N${n.slice(5).toUpperCase()}`));
  expect(calls.jobs).toEqual(jobSizes);
  expect(calls.singles).toBe(singles);
});

test("after the failed jobs, more names than single matches could answer in time get the job's error, not a wait", async () => {
  const many = namesOf(MATCH_LOADER_OPTIONS.singleFallbackLimit + 15);
  const { numbers, calls } = await matchAll(["failed", "failed", "failed"], many);
  expect(calls.singles).toBe(0);
  expect(new Set(numbers)).toEqual(new Set(["error: The matching job failed."]));
});
