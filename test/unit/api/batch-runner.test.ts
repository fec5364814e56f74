/** runBatch: submit, poll with growing waits, respect 409 while queued, and join rows back by id. */
import { AbortedError, HttpError, type BatchProgress } from "../../../src/api";
import type { CannedResponse, RecordedCall } from "./support/fake-fetch";
import { harness, rejection } from "./support/harness";

const row = (id: string, number: string | null) => ({
  id,
  input_name: `name ${id}`,
  matched_company_number: number,
  rigorous_match: !!number,
  route: number ? "fast" : null,
  confidence: number ? "high" : "none",
});

/** A job that is queued for `queuedPolls` status polls, then running, then completed; results answer 409 while queued. */
function jobServer(opts: { queuedPolls: number; resultsConflicts?: number; finalStatus?: string; stuck?: boolean }) {
  let polls = 0;
  let conflicts = opts.resultsConflicts ?? 0;
  let submitted: Array<{ id: string }> = [];
  return (call: RecordedCall): CannedResponse => {
    const path = new URL(call.url).pathname;
    if (call.method === "POST") {
      submitted = (JSON.parse(call.body ?? "{}") as { companies: Array<{ id: string }> }).companies;
      return {
        status: 202,
        body: { job_id: "job_42", status: "queued", total: submitted.length, created_at: "2025-01-06T09:00:00Z" },
      };
    }
    if (path.endsWith("/results")) {
      if (polls <= opts.queuedPolls || conflicts-- > 0) return { status: 409, body: { detail: "Job is still queued" } };
      // Rows come back out of order; one input has no row (the job failed part-way).
      const rows = submitted
        .slice(0, 3)
        .reverse()
        .map((c, i) => row(c.id, i === 0 ? null : `SC00000${i}`));
      return { status: 200, body: { job_id: "job_42", status: opts.finalStatus ?? "completed", results: rows } };
    }
    polls += 1;
    const status =
      opts.stuck && polls > opts.queuedPolls
        ? "running"
        : polls <= opts.queuedPolls
          ? "queued"
          : polls === opts.queuedPolls + 1
            ? "running"
            : (opts.finalStatus ?? "completed");
    return {
      status: 200,
      body: {
        job_id: "job_42",
        status,
        total: submitted.length,
        processed: status === "queued" ? 0 : 3,
        error: status === "failed" ? "pipeline crashed" : undefined,
      },
    };
  };
}

const companies = [
  { input_name: "Alpha Ltd" },
  { input_name: "Beta Ltd", id: "beta" },
  { input_name: "Gamma Ltd" },
  { input_name: "Delta Ltd" },
];

test("rows are joined back to the input by id, in input order, with ids assigned where missing", async () => {
  const h = harness(jobServer({ queuedPolls: 2 }));
  const progress: BatchProgress[] = [];
  const result = await h.clock.drive(h.clients.matching.runBatch(companies, { onProgress: (p) => progress.push(p) }));
  expect(result.status).toBe("completed");
  expect(result.rows.map((r) => [r.input.id, r.input.input_name, r.result?.matched_company_number])).toEqual([
    ["0", "Alpha Ltd", "SC000002"],
    ["beta", "Beta Ltd", "SC000001"],
    ["2", "Gamma Ltd", null],
    ["3", "Delta Ltd", undefined],
  ]);
  expect(progress.map((p) => p.status)).toEqual(["queued", "queued", "queued", "running", "completed"]);
  expect(progress.at(-1)).toMatchObject({ jobId: "job_42", processed: 3, total: 4 });
});

test("polls wait longer each time and results are not asked for while the job is queued", async () => {
  const h = harness(jobServer({ queuedPolls: 3 }));
  const start = h.clock.now();
  await h.clock.drive(h.clients.matching.runBatch(companies));
  const polls = h.fake.calls.filter((c) => c.method === "GET" && !c.url.endsWith("/results")).map((c) => c.at - start);
  expect(polls).toEqual([1000, 2500, 4750, 8125, 13188]);
  expect(h.fake.calls.filter((c) => c.url.endsWith("/results"))).toHaveLength(1);
});

test("a 409 on results means still queued: keep polling, then fetch again", async () => {
  const h = harness(jobServer({ queuedPolls: 0, resultsConflicts: 1 }));
  const result = await h.clock.drive(h.clients.matching.runBatch(companies));
  expect(h.fake.calls.filter((c) => c.url.endsWith("/results"))).toHaveLength(2);
  expect(result.rows[1]?.result?.matched_company_number).toBe("SC000001");
});

test("a failed job returns its error and the rows it did process", async () => {
  const h = harness(jobServer({ queuedPolls: 0, finalStatus: "failed" }));
  const result = await h.clock.drive(h.clients.matching.runBatch(companies));
  expect(result).toMatchObject({ status: "failed", error: "pipeline crashed" });
  expect(result.rows.filter((r) => r.result)).toHaveLength(3);
});

test("an unknown job (404 while polling) fails the run with the HttpError", async () => {
  const h = harness((call) =>
    call.method === "POST"
      ? { status: 202, body: { job_id: "job_9", status: "queued" } }
      : { status: 404, body: { detail: "Job not found" } },
  );
  const error = await h.clock.drive(rejection(h.clients.matching.runBatch(companies)));
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 404 });
});

test("aborting while polling stops at once; nothing more is sent", async () => {
  const h = harness(jobServer({ queuedPolls: 100 }));
  const controller = new AbortController();
  const run = h.clients.matching.runBatch(companies, {
    signal: controller.signal,
    onProgress: (p) => p.status === "queued" && h.fake.calls.length > 2 && controller.abort(),
  });
  expect(await h.clock.drive(rejection(run))).toBeInstanceOf(AbortedError);
  const sent = h.fake.calls.length;
  await h.clock.advance(120_000);
  expect(h.fake.calls).toHaveLength(sent);
});

test("a job that stops making progress is given up as stalled after the stall time, with the rows it finished", async () => {
  const h = harness(jobServer({ queuedPolls: 0, stuck: true }));
  const start = h.clock.now();
  const result = await h.clock.drive(h.clients.matching.runBatch(companies, { poll: { stallMs: 60_000 } }));
  expect(result).toMatchObject({ status: "stalled", error: "no progress for 60 s" });
  expect(result.rows.filter((r) => r.result?.matched_company_number)).toHaveLength(2);
  expect(h.clock.now() - start).toBeGreaterThanOrEqual(60_000);
  expect(h.clock.now() - start).toBeLessThan(60_000 + 16_000);
});
