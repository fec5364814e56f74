/**
 * A guessed operation the service lacks degrades to what the contract shows: the multi-market
 * batch to one GET per company, remembered while the clients live, and said once.
 */
import type { CannedResponse, RecordedCall } from "./support/fake-fetch";
import { harness } from "./support/harness";

const GATEWAY_404: CannedResponse = {
  status: 404,
  headers: { "content-type": "application/problem+json" },
  bodyText: JSON.stringify({
    title: "Not Found",
    status: 404,
    detail: "No route matches POST /v1/us/companies/batch",
    trace: { timestamp: "2026-11-24T10:00:00Z", requestId: "r1", buildId: "b1", rayId: "x1" },
  }),
};
const DATA_404: CannedResponse = { status: 404, body: { title: "Not Found", status: 404, detail: "No such company" } };

/** A market service without the batch route: it knows 11-1111111 and 33-3333333. */
function noBatchRoute(call: RecordedCall): CannedResponse {
  if (call.method === "POST") return GATEWAY_404;
  const number = decodeURIComponent(new URL(call.url).pathname.split("/").pop() ?? "");
  return number === "22-2222222"
    ? DATA_404
    : { status: 200, body: { CompanyNumber: number, CompanyName: `Co ${number}` } };
}

test("without a batch route, companies are fetched one by one; a data 404 is an unknown company, not an error", async () => {
  const h = harness(noBatchRoute);
  const heard: string[] = [];
  h.clients.guessed.subscribe((operation) => heard.push(operation));
  const found = await h.clock.drive(h.clients.market.lookup("us", ["11-1111111", "22-2222222", "33-3333333"]));
  expect(
    [...found.entries()].map(([n, c]) => [n, c === null ? null : (c as { CompanyName?: string }).CompanyName]),
  ).toEqual([
    ["11-1111111", "Co 11-1111111"],
    ["22-2222222", null],
    ["33-3333333", "Co 33-3333333"],
  ]);
  expect(h.fake.calls.map((c) => c.method)).toEqual(["POST", "GET", "GET", "GET"]);
  expect(heard).toEqual(["market.batch"]);
});

test("the missing route is remembered: the next lookup sends no batch and is not announced again", async () => {
  const h = harness(noBatchRoute);
  const heard: string[] = [];
  h.clients.guessed.subscribe((operation) => heard.push(operation));
  await h.clock.drive(h.clients.market.lookup("us", ["11-1111111"]));
  await h.clock.drive(h.clients.market.lookup("us", ["33-3333333"]));
  expect(h.fake.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  expect(heard).toEqual(["market.batch"]);
  expect(h.clients.guessed.list()).toEqual(["market.batch"]);
});

test("a batch that works is used, 1,000 numbers a request", async () => {
  const h = harness((call) => {
    const numbers = (JSON.parse(call.body ?? "{}") as { CompanyNumbers: string[] }).CompanyNumbers;
    return { status: 200, body: { Results: numbers.map((n) => ({ CompanyNumber: n, Company: { CompanyName: n } })) } };
  });
  const numbers = Array.from({ length: 1500 }, (_, i) => `NUM-${i}`);
  const found = await h.clock.drive(h.clients.market.lookup("de", numbers));
  expect(found.size).toBe(1500);
  expect(h.fake.calls.map((c) => c.method)).toEqual(["POST", "POST"]);
  expect(h.clients.guessed.list()).toEqual([]);
});

test("a 500 from the batch is the service failing, not a missing route: it is not remembered", async () => {
  const h = harness([{ status: 500, body: { detail: "boom" } }]);
  await expect(h.clock.drive(h.clients.market.lookup("us", ["11-1111111"]))).rejects.toMatchObject({ status: 500 });
  expect(h.clients.guessed.list()).toEqual([]);
});
