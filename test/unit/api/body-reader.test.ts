/**
 * The one rule every body reader follows (body-reader.ts): what is data and what is not, exactly
 * as the transport read bodies before readers existed, and how a list answer is cut to the
 * fields asked without hiding a malformed record from the schema.
 */
import { inlineBodyReader, parseAndCut, readBytes, type ReadBody } from "../../../src/api";

const CUT = ["CompanyNumber", "CompanyName", "__proto__"];

const LIST = {
  companies: [
    { CompanyNumber: "00000001", CompanyName: "Acme Ltd", BestEstimateTurnover: 1_000, Sic: ["62020"] },
    // Has only one of the cut fields: the copy must not invent the other.
    { CompanyNumber: "00000002", Homepage_domain: "b.example" },
    "not a record",
    null,
    [{ CompanyNumber: "00000003" }],
    7,
  ],
  insights: { TotalCompanies: 6 },
  next: "cursor-2",
};

const cases: Array<[string, string, readonly string[] | undefined, boolean, ReadBody]> = [
  [
    "a list with a cut: records keep exactly their own cut keys, other items and envelope keys stay",
    JSON.stringify(LIST),
    CUT,
    false,
    {
      json: {
        companies: [
          { CompanyNumber: "00000001", CompanyName: "Acme Ltd" },
          { CompanyNumber: "00000002" },
          "not a record",
          null,
          [{ CompanyNumber: "00000003" }],
          7,
        ],
        insights: { TotalCompanies: 6 },
        next: "cursor-2",
      },
      cut: new Set(CUT),
    },
  ],
  ["a list without a cut is untouched", JSON.stringify(LIST), undefined, false, { json: LIST }],
  [
    "an empty list with a cut is cut (to nothing)",
    '{"companies": []}',
    CUT,
    false,
    { json: { companies: [] }, cut: new Set(CUT) },
  ],
  ["no companies list: nothing to cut", '{"Filters": [1, 2]}', CUT, false, { json: { Filters: [1, 2] } }],
  [
    "companies that is not a list: left for the schema",
    '{"companies": {"a": 1}}',
    CUT,
    false,
    { json: { companies: { a: 1 } } },
  ],
  [
    "an array answer: nothing to cut",
    '[{"CompanyNumber": "1", "X": 2}]',
    CUT,
    false,
    { json: [{ CompanyNumber: "1", X: 2 }] },
  ],
  ["whitespace around the JSON", '\n  {"companies": []}\r\n', undefined, false, { json: { companies: [] } }],
  ["empty where the schema takes no body", "", CUT, true, { json: undefined }],
  ["blank where the schema takes no body", "  \n", undefined, true, { json: undefined }],
  ["empty where the schema needs a body", "", CUT, false, { unreadable: "empty" }],
  ["cut off mid-object", '{"companies": [{"CompanyNumber": "SC1', CUT, false, { unreadable: "truncated" }],
  ["cut off mid-array", '[{"SubsidiaryCompanyNumber": "SC12', undefined, false, { unreadable: "truncated" }],
  ["cut off mid-string", '"half a str', undefined, false, { unreadable: "truncated" }],
  ["an HTML page from a proxy", "<!doctype html><title>Sign in</title>", CUT, false, { unreadable: "not-json" }],
  ["plain text", "OK", undefined, true, { unreadable: "not-json" }],
];

describe.each(cases)("%s", (_name, text, cut, emptyIsData, expected) => {
  test("parseAndCut", () => {
    const read = parseAndCut(text, cut, emptyIsData);
    // Strict: a cut record holding `CompanyName: undefined` would be a record claiming a field it lacks.
    expect(read).toStrictEqual(expected);
  });

  test("the inline reader", async () => {
    const read = await inlineBodyReader.read(new Response(text), cut, emptyIsData);
    expect(read).toStrictEqual(expected);
  });

  test("the bytes reader (a worker's, scanning a cut list)", () => {
    expect(readBytes(new TextEncoder().encode(text), cut, emptyIsData)).toStrictEqual(expected);
  });
});

test("a cut record holds only the keys asked (no key of another record, none inherited)", () => {
  const read = parseAndCut(JSON.stringify(LIST), ["CompanyName", "toString", "hasOwnProperty"], false);
  expect("json" in read && (read.json as { companies: object[] }).companies.slice(0, 2).map(Object.keys)).toEqual([
    ["CompanyName"],
    [],
  ]);
});

test("a record's own \"__proto__\" key is kept as a key, and never becomes the copy's prototype", () => {
  const read = parseAndCut('{"companies": [{"__proto__": {"polluted": true}, "CompanyNumber": "1"}]}', CUT, false);
  const record = "json" in read ? (read.json as { companies: Record<string, unknown>[] }).companies[0]! : {};
  expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  expect(Object.keys(record).sort()).toEqual(["CompanyNumber", "__proto__"]);
  expect((record as { polluted?: boolean }).polluted).toBeUndefined();
});
