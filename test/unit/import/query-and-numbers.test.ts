import { collectCompanyNumbers } from "../../../src/core/import/company-numbers";
import {
  companiesRequest,
  describeQuery,
  hasCriteria,
  ImportQuerySchema,
  NUMBER_SET_THRESHOLD,
} from "../../../src/core/import/query";

const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1).padStart(8, "0"));

describe("the import query", () => {
  test("sends the chosen filters and inline company numbers as the body of POST /v2/companies", () => {
    const body = companiesRequest({
      filters: { rtics: ["RTIC-0042"], Nations: ["Scotland"], SICs: [] },
      companyNumbers: ["00012345"],
    });
    expect(body).toEqual({ rtics: ["RTIC-0042"], Nations: ["Scotland"], CompanyNumbers: ["00012345"] });
  });

  test("sends an uploaded set instead of the numbers, with AllowLargeAnalysis, when given a set id", () => {
    const body = companiesRequest({ filters: {}, companyNumbers: numbers(NUMBER_SET_THRESHOLD + 1) }, "cns_1");
    expect(body).toEqual({ CompanyNumberSetId: "cns_1", AllowLargeAnalysis: true });
  });

  test("describes itself in words for the as-of line, shortening long code lists", () => {
    const text = describeQuery({
      filters: { rtics: ["A", "B", "C", "D", "E"], CompanyStatus: ["Active"] },
      companyNumbers: numbers(1234),
    });
    expect(text).toBe("RTICs: A, B, C and 2 more; Status: Active; 1,234 company numbers");
    expect(describeQuery({ filters: {}, companyNumbers: [] })).toBe("all companies");
  });

  test("names each code as the filter catalogue does, and keeps the names through the saved form", () => {
    const query = ImportQuerySchema.parse({
      filters: { rtics: ["RTIC-0042", "RTIC-0999"], Nations: ["Scotland"] },
      columns: ["CompanyName"],
      codeNames: { "RTIC-0042": "Cyber security software" },
    });
    // A code the catalogue did not name (or a saved query from before names were kept) reads alone.
    expect(describeQuery(query)).toBe("RTICs: RTIC-0042 Cyber security software, RTIC-0999; Nations: Scotland");
  });

  test("knows when the user has chosen nothing to filter by", () => {
    expect(hasCriteria({ filters: { rtics: [] }, companyNumbers: [] })).toBe(false);
    expect(hasCriteria({ filters: { Nations: ["Wales"] }, companyNumbers: [] })).toBe(true);
  });

  test("a saved query that lost its columns or holds a foreign filter does not pass its schema", () => {
    expect(ImportQuerySchema.safeParse({ filters: {}, companyNumbers: [], columns: [] }).success).toBe(false);
    expect(ImportQuerySchema.safeParse({ filters: { Colour: ["red"] }, columns: ["CompanyName"] }).success).toBe(false);
    expect(ImportQuerySchema.parse({ columns: ["CompanyName"] })).toEqual({
      filters: {},
      companyNumbers: [],
      columns: ["CompanyName"],
    });
  });
});

describe("company numbers from the selected cells", () => {
  test("normalises what Excel and people do to numbers, and drops repeats", () => {
    const result = collectCompanyNumbers("Sheet1!B2:B6", [[1234567], ["sc 1234"], ["01234567"], [""], ["NI000001"]]);
    expect(result.numbers).toEqual(["01234567", "SC001234", "NI000001"]);
    expect(result.repeated).toBe(1);
    expect(result.invalid).toEqual([]);
  });

  test("lists each invalid cell with its address and the reason", () => {
    const result = collectCompanyNumbers("'Q3 list'!C10:D11", [
      ["00012345", "ABC-99"],
      [true, 12.5],
    ]);
    expect(result.numbers).toEqual(["00012345"]);
    expect(result.invalid.map((i) => i.address)).toEqual(["'Q3 list'!D10", "'Q3 list'!C11", "'Q3 list'!D11"]);
    expect(result.invalid[0]!.reason).toMatch(/not a company number/);
    expect(result.invalid[1]!.reason).toMatch(/logical value TRUE/);
  });

  test("reads a text first cell as the column's header, but not when nothing else is valid", () => {
    expect(collectCompanyNumbers("Sheet1!A1:A3", [["Company number"], ["00012345"], ["SC000001"]])).toMatchObject({
      headerSkipped: true,
      invalid: [],
    });
    const alone = collectCompanyNumbers("Sheet1!A1:A2", [["Company number"], [""]]);
    expect(alone).toMatchObject({ headerSkipped: false, numbers: [] });
    expect(alone.invalid.map((i) => i.address)).toEqual(["Sheet1!A1"]);
  });
});
