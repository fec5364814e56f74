/**
 * A call's `fields` reach the body reader as its cut, direct to a service or through a gateway;
 * `onCut` tells the caller what each record was cut to before the call resolves; the header
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
  test("with fields, each record holds only them, onCut is told so, and the envelope is kept", async () => {
    const h = harness([LIST], { throughGateway });
    const cuts: ReadonlySet<string>[] = [];
    const page = await h.clock.drive(
      h.clients.product.listCompanyRecords(QUERY, { fields: FIELDS, onCut: (fields) => cuts.push(fields) }),
    );
    expect(page.companies).toStrictEqual([{ CompanyNumber: "00000001", CompanyName: "Acme Ltd" }]);
    expect(page.insights).toMatchObject({ TotalCompanies: 1 });
    expect(cuts).toEqual([new Set(FIELDS)]);
    expect(h.fake.calls[0]!.headers["x-ukco-fields"]).toBe(throughGateway ? "CompanyName,CompanyNumber" : undefined);
  });

  test("without fields, records are whole and onCut is not called", async () => {
    const h = harness([LIST], { throughGateway });
    const onCut = jest.fn();
    const page = await h.clock.drive(h.clients.product.listCompanyRecords(QUERY, { onCut }));
    expect(page.companies).toEqual([RECORD]);
    expect(onCut).not.toHaveBeenCalled();
  });
});

test("onCut is called before the call resolves, once, for the attempt that was read (not a cut-off one resent)", async () => {
  const h = harness([{ status: 200, bodyText: '{"companies": [{"CompanyNumber": "000' }, LIST]);
  const events: string[] = [];
  await h.clock.drive(
    h.clients.product
      .listCompanyRecords(QUERY, { fields: FIELDS, onCut: () => events.push("cut") })
      .then(() => events.push("resolved")),
  );
  expect(h.fake.calls).toHaveLength(2);
  expect(events).toEqual(["cut", "resolved"]);
});

test("the gateway's own x-ukco-fields answer is still shown through onHeaders, as sent", async () => {
  const h = harness([{ ...LIST, headers: { "x-ukco-fields": "CompanyNumber" } }], { throughGateway: true });
  let kept: string | null = null;
  await h.clock.drive(
    h.clients.product.listCompanyRecords(QUERY, {
      fields: FIELDS,
      onHeaders: (headers) => (kept = headers.get("x-ukco-fields")),
    }),
  );
  expect(kept).toBe("CompanyNumber");
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
