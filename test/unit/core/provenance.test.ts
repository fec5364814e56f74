/** Where a UKCO cell's value came from, read from its formula, its inputs and the cache alone. */
import { ANSWER_SHAPES } from "../../../src/core/answers";
import { WorkbookCache } from "../../../src/core/cache/workbook-cache";
import { findUkcoCall, provenanceOf } from "../../../src/core/provenance";

test.each([
  ['=UKCO.FIELD(A2,"CompanyName")', { name: "FIELD", args: ["A2", '"CompanyName"'] }],
  ['=IFERROR(UKCO.field(Sheet2!$A$2, "a,b(c)"), "")', { name: "FIELD", args: ["Sheet2!$A$2", '"a,b(c)"'] }],
  ["=UKCO.FIELDS()", { name: "FIELDS", args: [] }],
  ['=UKCO.MATCH(A2, , "x.co.uk")', { name: "MATCH", args: ["A2", "", '"x.co.uk"'] }],
  ["=SUM(A1:A3)", undefined],
  ["=UKCO.FIELD(A2", undefined],
])("%s", (formula, call) => {
  expect(findUkcoCall(formula)).toEqual(call);
});

function cacheWith(): WorkbookCache {
  const cache = new WorkbookCache(ANSWER_SHAPES);
  // Read from the workbook's store when it opened…
  cache.load({
    savedAt: 1,
    companies: { "00000001": { t: 1_700_000_000_000, f: { CompanyName: "STORED LTD" }, l: ["jobdata:read"] } },
    answers: { websites: { "example.co.uk": { t: 1_700_000_000_500, r: "00000001" } } },
  });
  // …and fetched in this session.
  cache.putCompany("00000002", { CompanyNumber: "00000002" }, [], 1_800_000_000_000);
  cache.putCompany("00000003", undefined, [], 1_800_000_000_100);
  return cache;
}

test("a FIELD value read from the store names its company, field, time and source; a lacking scope is said", () => {
  const about = provenanceOf(
    '=UKCO.FIELD(A2,"CompanyJobPostings[0].SOC4Name")',
    ["1", "CompanyJobPostings[0].SOC4Name"],
    cacheWith(),
  );
  expect(about).toMatchObject({
    state: "stored",
    service: "product",
    subject: "00000001",
    field: "CompanyJobPostings[0].SOC4Name",
    scope: { name: "jobdata:read", lacking: true },
    fetchedAt: 1_700_000_000_000,
    source: "store",
  });
});

test.each([
  [
    "a value fetched in this session",
    "=UKCO.COMPANY(A2)",
    ["00000002"],
    { state: "stored", source: "network", fetchedAt: 1_800_000_000_000 },
  ],
  ["a company the service does not know", "=UKCO.ASOF(A2)", ["00000003"], { state: "stored", notFound: true }],
  [
    "a company's filed history, from its record",
    '=UKCO.HISTORY(A2,"TURNOVER")',
    ["00000002", "TURNOVER"],
    { state: "stored", subject: "00000002", source: "network" },
  ],
  [
    "a company nothing is stored for",
    '=UKCO.FIELD(A2,"CompanyName")',
    ["00000009", "CompanyName"],
    { state: "not-stored", subject: "00000009" },
  ],
  [
    "a website's answer, by its domain",
    "=UKCO.WEBSITE(A2)",
    ["https://www.Example.co.uk/about"],
    { state: "stored", subject: "example.co.uk", source: "store" },
  ],
  [
    "a bad company number",
    '=UKCO.FIELD(A2,"CompanyName")',
    ["not a number", "CompanyName"],
    { state: "unreadable", problem: expect.stringContaining("not a company number") },
  ],
  [
    "an unknown field",
    '=UKCO.FIELD(A2,"CompanyNmae")',
    ["00000001", "CompanyNmae"],
    { state: "unreadable", problem: expect.stringContaining('"CompanyName"') },
  ],
  ["a function that keeps nothing", "=UKCO.FIELDS()", [], { state: "no-answer" }],
  ["a cell without a UKCO formula", "=SUM(A1:A3)", [], { state: "not-ukco" }],
])("%s", (_, formula, inputs, expected) => {
  expect(provenanceOf(formula, inputs, cacheWith())).toMatchObject(expected);
});
