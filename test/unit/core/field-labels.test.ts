/** Fields in the analyst's words: labels with units, number formats, and what the builder recommends. */
import { FIELD_ENTRIES } from "../../../src/core/field-search";
import { fieldLabel, fieldNumberFormat, isRecommendedField } from "../../../src/core/field-labels";

describe("field labels", () => {
  test.each([
    ["BestEstimateTurnover", "Turnover, best estimate (£)", "#,##0"],
    ["BestEstimateEmployees", "Employees, best estimate", "#,##0"],
    ["IncorporationDate", "Incorporated on", "d mmm yyyy"],
    ["CompanyName", "Registered name", undefined],
    ["CompanyFinancials_Vendor[0].TURNOVER", "Filed accounts: turnover (£)", "#,##0"],
    ["companyfinancials_vendor[2].turnover", "Filed accounts: turnover (£)", "#,##0"],
    ["Investment[0].RoundAmount_GBP_Million", "Funding rounds: round amount (£m)", "#,##0.0"],
    ["CompanyGrowthTrends.BestEstimateTurnoverGrowthPercentagePerYear", "Turnover growth a year (%)", "0.0"],
    // a field the table does not name reads as the words of its name
    ["Officers[0].PostTown", "Officers: post town", undefined],
    ["SomeFieldAddedLater", "Some field added later", undefined],
  ])("%s reads %p (format %p)", (path, label, format) => {
    expect(fieldLabel(path)).toBe(label);
    expect(fieldNumberFormat(path)).toBe(format);
  });

  test("every field of the catalogue has a label of words, never its path", () => {
    for (const entry of FIELD_ENTRIES) {
      expect(entry.label).not.toContain("[0]");
      expect(entry.label).not.toMatch(/_/);
    }
  });

  test("the fields the builder offers first are record-level ones", () => {
    const recommended = FIELD_ENTRIES.filter((e) => isRecommendedField(e.path));
    expect(recommended.map((e) => e.path)).toEqual(
      expect.arrayContaining(["BestEstimateTurnover", "CompanyName", "RegisteredPostcode"]),
    );
    expect(recommended.some((e) => e.inList)).toBe(false);
  });
});
