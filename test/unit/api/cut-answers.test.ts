/**
 * A call's `fields` reach the body reader as its cut, direct to a service or through a gateway;
 * the answer says what each record was cut to; the header
 * still goes only to a gateway; error bodies never reach the reader; and a reader that never
 * answers cannot outlast the call's time-out or its caller's abort.
 */
import { AbortedError, HttpError, inlineBodyReader, TimeoutError, type BodyReader } from "../../../src/api";
import { harness, rejection } from "./support/harness";

const RECORD = { CompanyNumber: "00000001", CompanyName: "Acme Ltd", BestEstimateTurnover: 5, Sic: ["62020"] };
const LIST = { status: 200, body: { companies: [RECORD], insights: { TotalCompanies: 1 } } };
const FIELDS = ["CompanyName", "CompanyNumber"];
const QUERY = { CompanyNumbers: ["00000001"] };

describe.each([false, true])("through a gateway: %s", (throughGateway) => {
  test("with fields, each record holds only them, the answer says so, and the envelope is kept", async () => {
    const h = harness([LIST], { throughGateway });
    const answer = await h.clock.drive(h.clients.product.readCompanyRecords(QUERY, { fields: FIELDS }));
    expect(answer.data.companies).toStrictEqual([{ CompanyNumber: "00000001", CompanyName: "Acme Ltd" }]);
    expect(answer.data.insights).toMatchObject({ TotalCompanies: 1 });
    expect(answer.cut).toEqual(new Set(FIELDS));
    expect(h.fake.calls[0]!.headers["x-ukco-fields"]).toBe(throughGateway ? "CompanyName,CompanyNumber" : undefined);
  });

  test("without fields, records are whole and the answer names no cut", async () => {
    const h = harness([LIST], { throughGateway });
    const answer = await h.clock.drive(h.clients.product.readCompanyRecords(QUERY));
    expect(answer.data.companies).toEqual([RECORD]);
    expect(answer.cut).toBeUndefined();
  });
});

test("a cut-off answer resent: the answer is the attempt that was read, with its records and its cut", async () => {
  const h = harness([{ status: 200, bodyText: '{"companies": [{"CompanyNumber": "000' }, LIST]);
  const answer = await h.clock.drive(h.clients.product.readCompanyRecords(QUERY, { fields: FIELDS }));
  expect(h.fake.calls).toHaveLength(2);
  expect(answer.data.companies).toStrictEqual([{ CompanyNumber: "00000001", CompanyName: "Acme Ltd" }]);
  expect(answer.cut).toEqual(new Set(FIELDS));
});

test("the gateway's own x-ukco-fields answer is in the answer's headers, as sent", async () => {
  const h = harness([{ ...LIST, headers: { "x-ukco-fields": "CompanyNumber" } }], { throughGateway: true });
  const answer = await h.clock.drive(h.clients.product.readCompanyRecords(QUERY, { fields: FIELDS }));
  expect(answer.headers.get("x-ukco-fields")).toBe("CompanyNumber");
});

test("the reader gets each 2xx body with the cut and whether the schema takes no body; error bodies are read as text", async () => {
  const seen: Array<[readonly string[] | undefined, boolean]> = [];
  const recording: BodyReader = {
    read(response, cut, emptyIsData) {
      seen.push([cut, emptyIsData]);
      return inlineBodyReader.read(response, cut, emptyIsData);
    },
  };
  const h = harness([{ status: 404, body: { error: { code: "NOT_FOUND", message: "No such company" } } }, LIST], {
    bodyReader: recording,
  });
  const error = await h.clock.drive(rejection(h.clients.product.groupStructure("SC123456")));
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 404 });
  expect(seen).toEqual([]);
  await h.clock.drive(h.clients.product.listCompanyRecords(QUERY, { fields: FIELDS }));
  expect(seen).toEqual([[FIELDS, false]]);
});

describe("a reader that never answers", () => {
  const stuck: BodyReader = { read: () => new Promise(() => undefined) };

  test("is cut short by the client's time-out", async () => {
    const h = harness([LIST], { bodyReader: stuck, retry: { product: { clientTimeoutRetries: 0 } } });
    const error = await h.clock.drive(rejection(h.clients.product.listCompanyRecords(QUERY, { fields: FIELDS })));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  test("is cut short by the caller's abort", async () => {
    const h = harness([LIST], { bodyReader: stuck });
    const abort = new AbortController();
    const call = rejection(h.clients.product.listCompanyRecords(QUERY, { fields: FIELDS, signal: abort.signal }));
    await h.clock.advance(10);
    abort.abort();
    expect(await h.clock.drive(call)).toBeInstanceOf(AbortedError);
  });
});
