/** Finding fields by words in the table builder: what a query finds, in what order, and how it is grouped. */
import {
  fieldEntry,
  FIELD_ENTRIES,
  groupEntries,
  nameWords,
  searchFields,
  TOP_LEVEL_GROUP,
} from "../../../src/core/field-search";
import { resolveFieldPath } from "../../../src/core/field-path";

const paths = (query: string, limit?: number) => searchFields(query, limit).map((e) => e.path);

describe("searchFields", () => {
  test.each([
    // query, paths that must be found
    [
      "turn",
      [
        "BestEstimateTurnover",
        "CompanyFinancials_Vendor[0].TURNOVER",
        "CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear",
      ],
    ],
    ["turnover growth", ["CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear"]],
    ["postcode", ["RegisteredPostcode"]],
    ["financials turnover", ["CompanyFinancials_Vendor[0].TURNOVER"]],
    ["SIC", ["SICs", "CompanyGrowthTrends.SICs"]],
    ["salary", ["CompanyJobPostings[0].MedianSalary"]],
    // a word found only in the description
    ["acquirer", ["HasMadeAcquisitions"]],
  ])("%s finds %j", (query, expected) => {
    expect(paths(query, 200)).toEqual(expect.arrayContaining(expected));
  });

  test.each([
    // query, better, worse
    ["companyname", "CompanyName", "ConsolidatedAccountsCompanyName"],
    ["turnover", "BestEstimateTurnover", "CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear"],
    ["turnover", "CompanyFinancials_Vendor[0].TURNOVER", "CompanyFinancials_Vendor[0].TURNOVER_ANOMALOUS"],
    ["employees", "BestEstimateEmployees", "CompanyFinancials_Vendor[0].NUMBER_OF_EMPLOYEES"],
    ["turn", "BestEstimateTurnover", "CompanyFinancials_Vendor[0].TURNOVER_ANOMALOUS_PROBABILITY"],
    // the same words: the record's own field before the one inside an object
    ["round", "LatestRoundType", "Investment[0].RoundType"],
    // a whole word of the name beats the start of one
    ["estimate", "BestEstimateTurnover", "CompanyGrowthTrends.BestEstimatedTurnoverToEmployeeRatio"],
  ])("for %s, %s ranks above %s", (query, better, worse) => {
    const found = paths(query, 500);
    expect(found).toContain(better);
    expect(found).toContain(worse);
    expect(found.indexOf(better)).toBeLessThan(found.indexOf(worse));
  });

  test.each([
    // what an analyst types, and the field that must come first
    ["turnover", "BestEstimateTurnover"],
    ["postcode", "RegisteredPostcode"],
    ["employees", "BestEstimateEmployees"],
    ["incorporated", "IncorporationDate"],
    ["website", "Homepage_domain"],
  ])("%s lists %s first", (query, first) => {
    expect(paths(query)[0]).toBe(first);
  });

  test("fields read through a list come after every other field found", () => {
    const found = searchFields("turnover", 200);
    const firstInList = found.findIndex((e) => e.inList);
    expect(firstInList).toBeGreaterThan(0);
    expect(found.slice(firstInList).every((e) => e.inList)).toBe(true);
  });

  test("every word must occur: a word found nowhere leaves nothing", () => {
    expect(paths("turnover zzqx")).toEqual([]);
    expect(paths("   ")).toEqual([]);
  });

  test("the whole path typed finds that field first, whatever its case", () => {
    expect(paths("companyfinancials_vendor[0].turnover")[0]).toBe("CompanyFinancials_Vendor[0].TURNOVER");
  });

  test("the limit caps the list", () => {
    expect(paths("e", 5)).toHaveLength(5);
  });
});

describe("the builder's field list", () => {
  test("every path is one UKCO.FIELD accepts for a table cell (not a group of fields)", () => {
    for (const entry of FIELD_ENTRIES) {
      const resolved = resolveFieldPath(entry.path);
      expect(resolved.text).toBe(entry.path);
      expect(["object", "object[]"]).not.toContain(resolved.kind);
      expect(resolved.fansOut).toBe(false);
    }
  });

  test("fields carry the group they sit in, with its description and the scope it needs", () => {
    const turnover = fieldEntry("companyfinancials_vendor[3].turnover")!;
    expect(turnover).toMatchObject({
      path: "CompanyFinancials_Vendor[0].TURNOVER",
      kind: "number",
      group: "CompanyFinancials_Vendor[0]",
    });
    expect(turnover.groupDescription).toMatch(/filed accounts/i);
    expect(fieldEntry("BestEstimateTurnover")).toMatchObject({ group: TOP_LEVEL_GROUP, kind: "integer" });
    expect(fieldEntry("CompanyJobPostings[0].Postings")?.scope).toBe("jobdata:read");
  });

  test("search results group by object, groups in order of their best field", () => {
    const groups = groupEntries(searchFields("turn", 200));
    expect(groups[0]!.group).toBe(TOP_LEVEL_GROUP);
    expect(groups.map((g) => g.group)).toEqual(
      expect.arrayContaining(["CompanyFinancials_Vendor[0]", "CompanyGrowthTrends"]),
    );
    expect(new Set(groups.map((g) => g.group)).size).toBe(groups.length);
  });

  test.each([
    ["BestEstimateTurnover", ["best", "estimate", "turnover"]],
    ["TURNOVER_ANOMALOUS", ["turnover", "anomalous"]],
    ["BestEstimateEBITDA", ["best", "estimate", "ebitda"]],
  ])("%s splits into %j", (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });
});
