/** Where a UKCO cell's value came from, read from its formula, its inputs and the cache alone. */
import { FUNCTIONS } from "../../support/function-table";
import { ANSWER_SHAPES } from "../../../src/core/answers";
import { WorkbookCache } from "../../../src/core/cache/workbook-cache";
import { matchKey } from "../../../src/core/match-key";
import { findUkcoCall } from "../../../src/core/formula-text";
import { provenanceOf } from "../../../src/core/analysis/provenance";

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
    FUNCTIONS,
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
  expect(provenanceOf(FUNCTIONS, formula, inputs, cacheWith())).toMatchObject(expected);
});

/** A cell inside a table its formula's call spills of its own names its company and the part it shows. */
function cacheWithTables(): WorkbookCache {
  const cache = new WorkbookCache(ANSWER_SHAPES);
  cache.putCompany(
    "00000004",
    {
      CompanyNumber: "00000004",
      CompanyFinancials_Vendor: [
        { YEAR: 2022, MADE_UPTO_DATE: "2022-03-31", TURNOVER: 100 },
        { YEAR: 2023, MADE_UPTO_DATE: "2023-03-31", TURNOVER: 120 },
      ],
    },
    [],
    1_800_000_000_000,
  );
  cache.putAnswer(
    "groups",
    "00000004",
    [
      [0, "00000004", "PARENT LTD", ""],
      [1, "00000005", "DAUGHTER LTD", "00000004"],
    ],
    1_800_000_000_000,
  );
  const match = { number: "00000004", name: "PARENT LTD", status: "Active", confidence: "high", route: "name" };
  cache.putAnswer("matches", matchKey("Parent", null, null)!, { ...match, postcode: null, rigorous: false }, 1);
  return cache;
}

test.each([
  [
    "HISTORY, a year's value",
    '=UKCO.HISTORY(A2,"TURNOVER")',
    ["00000004", "TURNOVER"],
    [2, 1],
    "00000004",
    "TURNOVER in 2023",
  ],
  ["HISTORY, a year", '=UKCO.HISTORY(A2,"TURNOVER")', ["00000004", "TURNOVER"], [1, 0], "00000004", "the year 2022"],
  [
    "HISTORY's row for a sparkline",
    '=UKCO.HISTORY(A2,"TURNOVER",,"row")',
    ["00000004", "TURNOVER", null, "row"],
    [0, 1],
    "00000004",
    "TURNOVER in 2023",
  ],
  [
    "GROUP, a member's name",
    "=UKCO.GROUP(A2)",
    ["00000004"],
    [2, 2],
    "00000004",
    "DAUGHTER LTD (00000005), level 1 of the group of 00000004",
  ],
  [
    "MATCH's every column, the status",
    '=UKCO.MATCH(A2,,,"all")',
    ["Parent", null, null, "all"],
    [0, 2],
    matchKey("Parent", null, null),
    "the match's status",
  ],
])("%s", (_, formula, inputs, [row, column], subject, part) => {
  expect(provenanceOf(FUNCTIONS, formula, inputs, cacheWithTables(), { row: row!, column: column! })).toMatchObject({
    state: "stored",
    subject,
    part,
  });
});

test("a table inside an expression names no part: where its cells go is Excel's to say", () => {
  const about = provenanceOf(FUNCTIONS, '=IFERROR(UKCO.GROUP(A2),"")', ["00000004"], cacheWithTables(), {
    row: 2,
    column: 2,
  });
  expect(about).toMatchObject({ state: "stored", subject: "00000004" });
  expect(about).not.toHaveProperty("part");
});
