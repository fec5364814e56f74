/** A refreshed value's change as words: labels, short numbers, lists summarised, never their JSON. */
import { changeWords } from "../../../src/core/change-words";

const filings = (turnovers: number[]) =>
  turnovers.map((turnover, i) => ({ YEAR: 2021 + i, MADE_UPTO_DATE: `${2021 + i}-12-31`, TURNOVER: turnover }));

describe("changeWords", () => {
  test.each([
    [
      "a number: label, short figures, difference and share",
      ["BestEstimateTurnover", 1_200_000, 1_500_000],
      { label: "Turnover, best estimate (£)", before: "1.2m", after: "1.5m", difference: 300_000, share: 0.25 },
    ],
    ["text", ["CompanyStatus", "Active", "Dissolved"], { label: "Status", before: "Active", after: "Dissolved" }],
    [
      "a list of text",
      ["SICs", ["62012"], ["62012", "62020"]],
      { label: "SIC codes", before: "62012", after: "62012; 62020" },
    ],
    [
      "filings, compared year with year",
      [
        "CompanyFinancials_Vendor{YEAR,MADE_UPTO_DATE,TURNOVER}",
        filings([1_000_000, 1_200_000, 1_200_000]),
        filings([1_000_000, 1_200_000, 1_400_000]),
      ],
      {
        label: "Filed accounts",
        before: "3 filings",
        after: "3 filings; turnover 2023: 1.2m → 1.4m",
        difference: 200_000,
        share: 1 / 6,
      },
    ],
    [
      "a filing added",
      ["CompanyFinancials_Vendor{YEAR,TURNOVER}", filings([5]), filings([5, 7])],
      { label: "Filed accounts", before: "1 filing", after: "2 filings; 2022 added" },
    ],
    [
      "an object's member",
      ["CompanyGrowthTrends", { CompanySizeEstimate: "Small" }, { CompanySizeEstimate: "Medium" }],
      { label: "Growth", before: "(a group of fields)", after: "company size estimate: Small → Medium" },
    ],
  ])("%s", (_, [field, before, after], expected) => {
    const words = changeWords(field as string, before, after);
    expect(words).toEqual(expected);
    expect(JSON.stringify(words)).not.toContain("[object");
  });
});
