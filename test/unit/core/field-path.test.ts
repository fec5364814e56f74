import { InvalidArgumentError } from "../../../src/core/errors";
import { readPath, resolveFieldPath } from "../../../src/core/field-path";

describe("field paths", () => {
  test.each([
    ["CompanyName", "CompanyName", "string", false],
    ["bestestimateturnover", "BestEstimateTurnover", "integer", false],
    ["SICs", "SICs", "string[]", false],
    ["SICs[0]", "SICs[0]", "string", false],
    ["CompanyGrowthTrends.CompanySizeEstimate", "CompanyGrowthTrends.CompanySizeEstimate", "string", false],
    ["CompanyFinancials_Vendor[0].TURNOVER", "CompanyFinancials_Vendor[0].TURNOVER", "number", false],
    [" companyfinancials_vendor [ 1 ] . turnover ", "CompanyFinancials_Vendor[1].TURNOVER", "number", false],
    ["Officers.Surname", "Officers.Surname", "string", true],
    ["IncorporationDate", "IncorporationDate", "date", false],
  ])("%p resolves to %p (%s)", (input, text, kind, fansOut) => {
    const path = resolveFieldPath(input);
    expect(path.text).toBe(text);
    expect(path.kind).toBe(kind);
    expect(path.fansOut).toBe(fansOut);
  });

  test("a list of objects can keep only some members: names checked and spelt as the catalogue does", () => {
    const path = resolveFieldPath("companyfinancials_vendor{year, turnover}");
    expect(path.text).toBe("CompanyFinancials_Vendor{YEAR,TURNOVER}");
    expect(resolveFieldPath(path.text)).toBe(resolveFieldPath(path.text));
    const filings = [{ YEAR: 2024, TURNOVER: 5, EBITDA: 1 }, { year: "2023" }, { EBITDA: 2 }];
    // Each item keeps its place, so a member missing from one item spoils no other.
    expect(readPath({ CompanyFinancials_Vendor: filings }, path.steps)).toEqual([
      { YEAR: 2024, TURNOVER: 5 },
      { year: "2023" },
      {},
    ]);
    expect(() => resolveFieldPath("CompanyFinancials_Vendor{YEAR,TURNOVR}")).toThrow(
      'Did you mean "CompanyFinancials_Vendor.TURNOVER"?',
    );
    expect(() => resolveFieldPath("CompanyName{YEAR}")).toThrow("holds no objects");
  });

  test("a scope-guarded field carries its scope", () => {
    expect(resolveFieldPath("CompanyJobPostings").scope).toBe("jobdata:read");
    expect(resolveFieldPath("CompanyName").scope).toBeUndefined();
  });

  test.each([
    ["Turnover", "BestEstimateTurnover"],
    ["CompanyNmae", "CompanyName"],
    ["CompanyGrowthTrends.CompanySize", "CompanyGrowthTrends.CompanySizeEstimate"],
  ])("unknown %p suggests %p", (input, suggestion) => {
    expect(() => resolveFieldPath(input)).toThrow(InvalidArgumentError);
    expect(() => resolveFieldPath(input)).toThrow(`Did you mean "${suggestion}"?`);
  });

  test.each([
    [""],
    ["  "],
    [42],
    [null],
    ["Company Name"],
    ["CompanyName."],
    ["[0]"],
    ["CompanyName[0]"],
    ["x".repeat(100_000)],
  ])("%p is refused as a field name", (input) => {
    expect(() => resolveFieldPath(input)).toThrow(InvalidArgumentError);
  });

  test("reads nested values, indexes and fanned-out lists", () => {
    const record = {
      CompanyName: "ACME LTD",
      SICs: ["62012", "62020"],
      CompanyFinancials_Vendor: [{ TURNOVER: 100 }, { TURNOVER: 90 }],
      Officers: [{ Surname: "SMITH" }, { Forenames: "X" }, { Surname: "JONES" }],
      CompanyGrowthTrends: { CompanySizeEstimate: "Small" },
    };
    expect(readPath(record, resolveFieldPath("SICs[1]").steps)).toBe("62020");
    expect(readPath(record, resolveFieldPath("CompanyFinancials_Vendor[1].TURNOVER").steps)).toBe(90);
    expect(readPath(record, resolveFieldPath("Officers.Surname").steps)).toEqual(["SMITH", "JONES"]);
    expect(readPath(record, resolveFieldPath("CompanyGrowthTrends.CompanySizeEstimate").steps)).toBe("Small");
    expect(readPath(record, resolveFieldPath("CompanyFinancials_Vendor[5].TURNOVER").steps)).toBeUndefined();
    expect(readPath({}, resolveFieldPath("CompanyGrowthTrends.CompanySizeEstimate").steps)).toBeUndefined();
  });
});
