/**
 * The recorded fixtures are the table: every file under test/fixtures/api/<service>/ is one
 * case, named `<operation>.<case>[.fail].json`. A case calls the operation with `args` against a
 * fake fetch that answers `response` every time, then checks the request sent, the number of
 * calls (retries), the result or the typed error, and that no credential survives in an error.
 * In `expect`, a null value means "absent" (null or undefined).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ApiError, SERVICE_NAMES, type ServiceName } from "../../../src/api";
import type { CannedResponse } from "./support/fake-fetch";
import { harness } from "./support/harness";
import { isSubset, readPath } from "./support/paths";

interface Fixture {
  description: string;
  args: unknown[];
  response: CannedResponse;
  request?: {
    method?: string;
    path?: string;
    query?: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
    contentType?: string;
    noAuthorization?: boolean;
  };
  calls?: number;
  invalidated?: string;
  secrets?: string[];
  expect: { result?: Record<string, unknown>; error?: Record<string, unknown> };
  /** For a record marked invalid: its `problem` names this field path. */
  expectProblemContains?: string;
}

const ROOT = join(__dirname, "../../fixtures/api");

const cases = SERVICE_NAMES.flatMap((service) =>
  readdirSync(join(ROOT, service))
    .filter((file) => file.endsWith(".json"))
    .map((file) => ({
      service,
      file,
      fixture: JSON.parse(readFileSync(join(ROOT, service, file), "utf8")) as Fixture,
    })),
);

function expectAt(subject: unknown, expected: Record<string, unknown>): void {
  for (const [path, want] of Object.entries(expected)) {
    const got = readPath(subject, path);
    if (want === null) expect({ path, got: got ?? null }).toEqual({ path, got: null });
    else expect({ path, got }).toEqual({ path, got: want });
  }
}

test("every service has fixtures, and each names its outcome", () => {
  for (const service of SERVICE_NAMES) expect(cases.filter((c) => c.service === service).length).toBeGreaterThan(5);
  for (const { file, fixture } of cases) {
    expect({ file, fails: file.endsWith(".fail.json") }).toEqual({ file, fails: fixture.expect.error !== undefined });
  }
});

test("every client operation has a recorded success", () => {
  const h = harness([]);
  for (const service of SERVICE_NAMES) {
    // runBatch and lookup compose recorded operations (batch jobs; batch or one company at a time).
    const operations = Object.keys(h.clients[service]).filter((name) => name !== "runBatch" && name !== "lookup");
    for (const operation of operations) {
      const mine = cases.filter((c) => c.service === service && c.file.startsWith(`${operation}.`));
      expect({ service, operation, succeeds: mine.some((c) => !c.file.endsWith(".fail.json")) }).toEqual({
        service,
        operation,
        succeeds: true,
      });
    }
    expect(cases.some((c) => c.service === service && c.file.endsWith(".fail.json"))).toBe(true);
  }
});

describe.each(SERVICE_NAMES)("%s fixtures", (service: ServiceName) => {
  test.each(cases.filter((c) => c.service === service).map((c) => [c.file, c.fixture] as const))(
    "%s",
    async (file, fixture) => {
      const h = harness([fixture.response]);
      const operation = file.split(".")[0] as string;
      const client = h.clients[service] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      expect(typeof client[operation]).toBe("function");

      const outcome = await h.clock.drive(
        (client[operation] as (...args: unknown[]) => Promise<unknown>)(...fixture.args).then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        ),
      );

      expect(h.fake.calls).toHaveLength(fixture.calls ?? 1);
      const sent = h.fake.calls[0];
      if (!sent) throw new Error("nothing was sent");
      if (fixture.request?.noAuthorization) expect(sent.headers.authorization).toBeUndefined();
      else expect(sent.headers.authorization).toBe(`Bearer ${h.tokens[service]}`);
      const url = new URL(sent.url);
      const want = fixture.request ?? {};
      if (want.method) expect(sent.method).toBe(want.method);
      if (want.path) expect(url.pathname).toBe(want.path);
      for (const [name, value] of Object.entries(want.query ?? {}))
        expect({ name, value: url.searchParams.get(name) }).toEqual({ name, value });
      if (want.body !== undefined) expect(isSubset(JSON.parse(sent.body ?? "null"), want.body)).toBe(true);
      if (want.form) expect(Object.fromEntries(new URLSearchParams(sent.body))).toMatchObject(want.form);
      if (want.contentType) expect(sent.headers["content-type"]).toBe(want.contentType);

      expect(h.invalidations).toEqual(fixture.invalidated ? [{ service, reason: fixture.invalidated }] : []);

      if (fixture.expect.result) {
        expect("error" in outcome ? outcome.error : undefined).toBeUndefined();
        expectAt("result" in outcome ? outcome.result : undefined, fixture.expect.result);
        if (fixture.expectProblemContains) {
          const companies = (
            "result" in outcome
              ? (outcome.result as { companies: { invalid?: boolean; problem?: string }[] })
              : { companies: [] }
          ).companies;
          expect(companies.filter((c) => c.invalid).map((c) => c.problem)).toEqual([
            expect.stringContaining(fixture.expectProblemContains),
          ]);
        }
        return;
      }
      if (!("error" in outcome)) throw new Error(`${file}: expected an error, got a result`);
      const error = outcome.error;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).service).toBe(service);
      expect((error as Error).message.length).toBeGreaterThan(10);
      expectAt(error, fixture.expect.error ?? {});
      const everything = JSON.stringify({ ...(error as object), message: (error as Error).message });
      for (const secret of [...Object.values(h.tokens), ...(fixture.secrets ?? [])])
        expect(everything).not.toContain(secret);
    },
  );
});
