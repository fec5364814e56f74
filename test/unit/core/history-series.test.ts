import { InvalidArgumentError, UserError } from "../../../src/core/errors";
import { buildSeries, findMeasure, MEASURE_NAMES, readNumber } from "../../../src/core/history-series";

/** A point as the test reads it: errors by their message. */
const shown = (value: unknown) => (value instanceof UserError ? `error: ${value.message}` : value);
const pointsOf = (items: unknown[], measure: string) =>
  buildSeries(items, findMeasure(measure)).points.map((p) =>
    "estimated" in p ? [p.year, shown(p.value), shown(p.estimated)] : [p.year, shown(p.value)],
  );

const filing = (year: unknown, turnover: unknown, more: Record<string, unknown> = {}) => ({
  YEAR: year,
  TURNOVER: turnover,
  ...more,
});

describe("the yearly series of a measure", () => {
  test.each<[string, unknown[], string, unknown[][]]>([
    [
      "one filing a year, listed newest first: oldest year first",
      [filing(2024, 300), filing(2023, 200), filing(2022, 100)],
      "TURNOVER",
      [
        [2022, 100],
        [2023, 200],
        [2024, 300],
      ],
    ],
    [
      "several filings of a year: the latest made-up-to date wins, wherever it is listed",
      [
        filing(2023, 999, { MADE_UPTO_DATE: "2023-12-31T00:00:00Z" }),
        filing(2023, 1, { MADE_UPTO_DATE: "2023-03-31T00:00:00Z" }),
        filing(2022, 5, { MADE_UPTO_DATE: "2022-03-31" }),
      ],
      "turnover",
      [
        [2022, 5],
        [2023, 999],
      ],
    ],
    [
      "several filings of a year with the same date (or none): the later listed wins",
      [filing(2023, 1), filing(2023, 2), filing(2022, 7, { MADE_UPTO_DATE: "2022-06-30" }), filing(2022, 8, {})],
      "TURNOVER",
      [
        [2022, 7],
        [2023, 2],
      ],
    ],
    [
      "years and figures sent as text, thousands separated, items' names in another case",
      [{ year: "2021", turnover: "1,250,000" }, filing(" 2022 ", " 42.5 "), filing(2020.0, -3)],
      "Turnover",
      [
        [2020, -3],
        [2021, 1_250_000],
        [2022, 42.5],
      ],
    ],
    [
      "a year whose filing lacks the measure is blank (null), its neighbours untouched",
      [filing(2022, 10, { EBITDA: 3 }), filing(2023, 20, { EBITDA: null }), filing(2024, 30, { EBITDA: "" })],
      "EBITDA",
      [
        [2022, 3],
        [2023, null],
        [2024, null],
      ],
    ],
    [
      "a figure that is not a number is named in its own year",
      [filing(2022, 10), filing(2023, "n/a"), filing(2024, { amount: 3 })],
      "TURNOVER",
      [
        [2022, 10],
        [2023, 'error: The 2023 filing\'s TURNOVER is "n/a", not a number.'],
        [2024, 'error: The 2024 filing\'s TURNOVER is {"amount":3}, not a number.'],
      ],
    ],
    [
      "a filing without YEAR is placed by the year it was made up to",
      [filing(undefined, 11, { MADE_UPTO_DATE: "2021-03-31T00:00:00Z" }), filing(2022, 12)],
      "TURNOVER",
      [
        [2021, 11],
        [2022, 12],
      ],
    ],
    [
      "employees by the filing item's name or by 'Employees'",
      [filing(2023, 1, { NUMBER_OF_EMPLOYEES: 14 })],
      "employees",
      [[2023, 14]],
    ],
    [
      "turnover estimates carry their Estimated flag as TRUE/FALSE, however it is sent",
      [
        { Year: 2024, Measure: 500, Estimated: 1 },
        { Year: 2023, Measure: 400, Estimated: 0 },
        { Year: 2022, Measure: "300", Estimated: "true" },
        { Year: 2021, Measure: 200, Estimated: false },
        { Year: 2020, Measure: 100 },
        { Year: 2019, Measure: 90, Estimated: "maybe" },
      ],
      "TurnoverEstimates",
      [
        [2019, 90, 'error: The 2019 estimate\'s Estimated is "maybe", not 0 or 1.'],
        [2020, 100, null],
        [2021, 200, false],
        [2022, 300, true],
        [2023, 400, false],
        [2024, 500, true],
      ],
    ],
    [
      "employment estimates: several of a year, the later listed wins",
      [
        { Year: 2023, Measure: 10, Estimated: 1 },
        { Year: 2023, Measure: 12, Estimated: 0 },
      ],
      "employmentestimates",
      [[2023, 12, false]],
    ],
  ])("%s", (_case, items, measure, expected) => {
    expect(pointsOf(items, measure)).toEqual(expected);
  });

  test("items whose year cannot be told are named apart and spoil no year", () => {
    const series = buildSeries(
      [filing(2022, 1), filing("FY23", 2), "junk", filing(null, 3, { MADE_UPTO_DATE: "soon" })],
      findMeasure("TURNOVER"),
    );
    expect(series.points).toEqual([{ year: 2022, value: 1 }]);
    expect(series.unplaced.map((e) => e.message)).toEqual([
      'The filing 2 of CompanyFinancials_Vendor has no readable YEAR ("FY23") nor MADE_UPTO_DATE, so its year is unknown.',
      'The filing 3 of CompanyFinancials_Vendor is "junk", not a filing.',
      "The filing 4 of CompanyFinancials_Vendor has no readable YEAR nor MADE_UPTO_DATE, so its year is unknown.",
    ]);
  });
});

describe("measure names", () => {
  test.each([
    ["turnovr", "TURNOVER"],
    ["EBITA", "EBITDA"],
    ["profit aftr tax", "PROFIT_AFTER_TAX"],
    ["TurnoverEstimate", "TurnoverEstimates"],
    ["NET_ASSET", "NET_ASSETS"],
  ])("an unknown measure %j is #VALUE! naming the closest, %s", (input, closest) => {
    expect(() => findMeasure(input)).toThrow(InvalidArgumentError);
    expect(() => findMeasure(input)).toThrow(`Did you mean "${closest}"?`);
  });

  test("every numeric filing item is a measure (ignoring case, spaces and underscores), the year is not, and the estimate series are", () => {
    for (const name of ["TURNOVER", "EBITDA", "PROFIT_AFTER_TAX", "NUMBER_OF_EMPLOYEES", "NET_ASSETS", "CASH"])
      expect(findMeasure(name.toLowerCase()).value).toBe(name);
    expect(findMeasure("net assets").value).toBe("NET_ASSETS");
    expect(MEASURE_NAMES).not.toContain("YEAR");
    expect(MEASURE_NAMES).not.toContain("ACCOUNTANT_NAME");
    expect(findMeasure("TURNOVERESTIMATES").source.path).toBe("CompanyGrowthTrends.TurnoverEstimates");
    expect(() => findMeasure("")).toThrow("Give the measure as text.");
  });

  test.each<[unknown, number | null | undefined]>([
    [12, 12],
    ["1,250,000", 1_250_000],
    [" -4.5e3 ", -4500],
    ["", null],
    [null, null],
    ["12 GBP", undefined],
    ["1,25", undefined],
    [Infinity, undefined],
    [true, undefined],
  ])("a figure sent as %j reads as %j", (raw, expected) => {
    expect(readNumber(raw)).toBe(expected);
  });
});
