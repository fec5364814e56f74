/**
 * A 2xx whose body is not data is a transient fault: idempotent reads are sent again under the
 * status budget, operations that create something are not, and a body that parses but breaks the
 * contract stays a schema error.
 */
import { SchemaError, UnreadableBodyError } from "../../../src/api";
import type { CannedResponse } from "./support/fake-fetch";
import { harness, rejection } from "./support/harness";

const GROUP_OK: CannedResponse = { status: 200, body: [] };
const JOB_OK: CannedResponse = {
  status: 202,
  body: { job_id: "job-1", status: "queued", total: 1, created_at: "2026-01-01T00:00:00Z" },
};

const broken: Array<[string, CannedResponse, string]> = [
  [
    "cut off mid-JSON",
    { status: 200, bodyText: '[{"SubsidiaryCompanyNumber": "SC12', headers: { "content-type": "application/json" } },
    "truncated",
  ],
  [
    "an HTML page from a proxy",
    {
      status: 200,
      bodyText: "<!doctype html><title>Sign in to Wi-Fi</title>",
      headers: { "content-type": "text/html" },
    },
    "not-json",
  ],
  ["empty where a body is required", { status: 200, bodyText: "" }, "empty"],
  ["plain text", { status: 200, bodyText: "OK", headers: { "content-type": "text/plain" } }, "not-json"],
];

describe.each(broken)("a 200 with a body %s", (_name, response, problem) => {
  test("is sent again for an idempotent read, and the good answer is used", async () => {
    const h = harness([response, GROUP_OK]);
    await expect(h.clock.drive(h.clients.product.groupStructure("SC123456"))).resolves.toEqual([]);
    expect(h.fake.calls).toHaveLength(2);
  });

  test("names the operation and the problem when it persists past the retries", async () => {
    const h = harness([response]);
    const error = await h.clock.drive(rejection(h.clients.product.groupStructure("SC123456")));
    expect(error).toBeInstanceOf(UnreadableBodyError);
    expect(error).toMatchObject({ operation: "product.groupStructure", status: 200, problem, kind: "unreadable" });
    expect(h.fake.calls).toHaveLength(4);
  });

  test("is not sent again when sending creates something (a batch match job)", async () => {
    const h = harness([response, JOB_OK]);
    const error = await h.clock.drive(
      rejection(h.clients.matching.submitBatch({ companies: [{ input_name: "Acme Ltd" }] })),
    );
    expect(error).toBeInstanceOf(UnreadableBodyError);
    expect(h.fake.calls).toHaveLength(1);
  });
});

test("a body that parses but breaks a shape the contract shows is a schema error, not resent", async () => {
  const h = harness([{ status: 200, body: [{ SubsidiaryCompanyLevel: "two" }] }, GROUP_OK]);
  const error = await h.clock.drive(rejection(h.clients.product.groupStructure("SC123456")));
  expect(error).toBeInstanceOf(SchemaError);
  expect(h.fake.calls).toHaveLength(1);
});

test("a 502 page from a proxy is retried like a 503", async () => {
  const h = harness([
    { status: 502, bodyText: "<html>Bad Gateway</html>", headers: { "content-type": "text/html" } },
    GROUP_OK,
  ]);
  await expect(h.clock.drive(h.clients.product.groupStructure("SC123456"))).resolves.toEqual([]);
  expect(h.fake.calls).toHaveLength(2);
});

test("the POST /v2/companies query is a read: a cut body is sent again", async () => {
  const h = harness([
    { status: 200, bodyText: '{"companies": [{"CompanyNumber": "SC1' },
    { status: 200, body: { companies: [] } },
  ]);
  await expect(h.clock.drive(h.clients.product.listCompanies({ CompanyNumbers: ["SC123456"] }))).resolves.toMatchObject(
    { companies: [] },
  );
  expect(h.fake.calls).toHaveLength(2);
});
