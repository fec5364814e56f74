/**
 * A cut list request sent by the page's worker (worker-body-reader.ts `sends`): for every kind of
 * answer the service may give, the client ends exactly as when the page fetches and reads the
 * answer itself (the same records, the same error with the same facts, the same number of
 * requests upstream), while the page's own fetch sends nothing. A cancelled call stops the
 * worker's fetch; a worker that has not said it is ready leaves the request to the page.
 */
import { AbortedError, workerBodyReader, type ApiError, type BodyWorker } from "../../../src/api";
import {
  bodyWorkerService,
  READY,
  type WorkerReply,
  type WorkerRequest,
} from "../../../src/api/http/body-worker-protocol";
import { fakeFetch, type CannedResponse, type FakeFetch, type Responder } from "./support/fake-fetch";
import { flush } from "./support/fake-clock";
import { harness, rejection, type Harness } from "./support/harness";

const FIELDS = ["CompanyNumber", "CompanyName"];
const QUERY = { CompanyNumbers: ["01234567", "SC123456"], returnCount: 2, skip: 0 };
const RECORDS: CannedResponse = {
  status: 200,
  body: {
    companies: [
      { CompanyNumber: "01234567", CompanyName: "Acme Ltd", CompanyStatus: "Active", Extra: { kept: "no" } },
      { CompanyNumber: "SC123456", CompanyName: "Thistle plc", CompanyStatus: "Dissolved" },
    ],
  },
};

/** A worker on this thread: it serves what the page's worker serves, with its own fetch, and answers by post. */
class ServingWorker implements BodyWorker {
  readonly requests: WorkerRequest[] = [];
  readonly replies: WorkerReply[] = [];
  private readonly listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  private readonly serve: (request: WorkerRequest) => void;

  constructor(upstream: FakeFetch) {
    this.serve = bodyWorkerService(
      (reply) => {
        this.replies.push(reply);
        this.emit("message", structuredClone(reply));
      },
      (url, init) => upstream.fetch(url, init),
    );
    setImmediate(() => this.emit("message", READY));
  }
  postMessage(message: WorkerRequest): void {
    const request = structuredClone(message);
    this.requests.push(request);
    setImmediate(() => this.serve(request));
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  terminate(): void {}
  emit(type: string, data?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

/** The page's clients with a ready worker that sends: `page` is the page's own fetch, `upstream` the worker's. */
async function sentByWorker(respond: Responder | CannedResponse[]) {
  // The upstream's clock is the harness's, made just after.
  let now = () => 0;
  const upstream = fakeFetch(respond, () => now());
  let worker!: ServingWorker;
  const reader = workerBodyReader(
    () => {
      worker = new ServingWorker(upstream);
      return worker;
    },
    { sends: true, startNow: true },
  );
  const h = harness([{ status: 599, bodyText: "the page's fetch was used" }], { bodyReader: reader });
  now = () => h.clock.now();
  await flush();
  return { h, page: h.fake, upstream, worker };
}

/** What a user of the client would see: the records, or the error and its facts. */
async function outcome(h: Harness) {
  const call = h.clients.product.readCompanyRecords(QUERY, { fields: FIELDS });
  try {
    const answer = await h.clock.drive(call);
    return { companies: answer.data.companies.map((c) => ({ ...c })), cuts: answer.cut ? [answer.cut] : [] };
  } catch (error) {
    const e = error as ApiError & Record<string, unknown>;
    return {
      error: e.constructor.name,
      message: e.message,
      facts: { status: e.status, kind: e.kind, problem: e.problem, retryAfterMs: e.retryAfterMs },
    };
  }
}

const answers: [string, Responder | CannedResponse[]][] = [
  ["records, cut to the fields asked", [RECORDS]],
  [
    "a body cut off mid-JSON, then records",
    [{ status: 200, bodyText: '{"companies": [{"CompanyNumber": "0123' }, RECORDS],
  ],
  [
    "a proxy's HTML page with a 200, every time",
    [{ status: 200, bodyText: "<!doctype html><title>Sign in</title>", headers: { "content-type": "text/html" } }],
  ],
  ["an empty 200, every time", [{ status: 200, bodyText: "" }]],
  ["a 429 with Retry-After, then records", [{ status: 429, headers: { "retry-after": "7" }, body: {} }, RECORDS]],
  ["a 429 with Retry-After, every time", [{ status: 429, headers: { "retry-after": "7" }, body: {} }]],
  ["a 500 with a JSON message, every time", [{ status: 500, body: { detail: "Upstream database is down" } }]],
  ["a 401", [{ status: 401, body: { detail: "Token expired" } }]],
  ["a 403 naming a missing scope", [{ status: 403, body: { detail: "Missing scope companies:read" } }]],
  ["a network failure, then records", (_call, i) => (i === 0 ? "network-error" : RECORDS)],
  ["a body that breaks the contract", [{ status: 200, body: { companies: "none" } }]],
];

test.each(answers)("%s: the same outcome as fetched here, sent by the worker", async (_name, respond) => {
  const here = harness(respond);
  const expected = await outcome(here);
  const { h, page, upstream } = await sentByWorker(respond);
  expect(await outcome(h)).toStrictEqual(expected);
  expect(upstream.calls).toHaveLength(here.fake.calls.length);
  expect(page.calls).toHaveLength(0);
});

test("the worker sends what the page would: the same method, URL, headers and body", async () => {
  const here = harness([RECORDS]);
  await outcome(here);
  const { h, upstream } = await sentByWorker([RECORDS]);
  await outcome(h);
  const strip = ({ at: _at, ...call }: (typeof upstream.calls)[number]) => call;
  expect(upstream.calls.map(strip)).toStrictEqual(here.fake.calls.map(strip));
});

test("a request that needs no cut (a group structure) is fetched by the page", async () => {
  const { h, page, upstream } = await sentByWorker([RECORDS]);
  h.fake.calls.length = 0;
  await expect(h.clock.drive(rejection(h.clients.product.groupStructure("SC123456")))).resolves.toBeDefined();
  expect(page.calls).toHaveLength(1);
  expect(upstream.calls).toHaveLength(0);
});

test("a cancelled call stops the worker's fetch, and the worker takes the next request", async () => {
  const { h, upstream, worker } = await sentByWorker((_call, i) => (i === 0 ? "hang" : RECORDS));
  const cancel = new AbortController();
  const call = h.clients.product.listCompanyRecords(QUERY, { fields: FIELDS, signal: cancel.signal });
  await flush();
  expect(upstream.calls).toHaveLength(1);
  cancel.abort();
  await expect(h.clock.drive(rejection(call))).resolves.toBeInstanceOf(AbortedError);
  // The worker's fetch itself was stopped: it answered the send as failed, aborted.
  await flush();
  expect(worker.requests).toContainEqual({ abort: expect.any(Number) });
  expect(worker.replies).toContainEqual({ id: expect.any(Number), failed: expect.stringMatching(/abort/i) });
  await expect(h.clock.drive(h.clients.product.listCompanyRecords(QUERY, { fields: FIELDS }))).resolves.toMatchObject({
    companies: [{ CompanyName: "Acme Ltd" }, { CompanyName: "Thistle plc" }],
  });
  expect(upstream.calls).toHaveLength(2);
});

test("until a worker says it is ready, the page sends the request and reads it itself", async () => {
  const upstream = fakeFetch([RECORDS], () => 0);
  const reader = workerBodyReader(() => new ServingWorker(upstream), { sends: true });
  const h = harness([RECORDS], { bodyReader: reader });
  await expect(outcome(h)).resolves.toMatchObject({ companies: [{ CompanyNumber: "01234567" }, {}] });
  expect(h.fake.calls).toHaveLength(1);
  expect(upstream.calls).toHaveLength(0);
});
