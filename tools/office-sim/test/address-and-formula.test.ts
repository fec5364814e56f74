import { columnIndex, columnLetters, formatAddress, parseAddress } from "../model/address";
import { parseFormula } from "../calc/formula";
import { parseInput } from "../model/input";

describe("addresses", () => {
  it("converts column letters both ways, past Z and ZZ", () => {
    expect([0, 25, 26, 701, 702, 16383].map(columnLetters)).toEqual(["A", "Z", "AA", "ZZ", "AAA", "XFD"]);
    expect(["A", "AA", "XFD"].map(columnIndex)).toEqual([0, 26, 16383]);
  });

  it("parses cells, ranges, whole columns and rows, with and without sheets", () => {
    expect(parseAddress("$B$3")).toEqual({ range: { r0: 2, c0: 1, r1: 2, c1: 1 } });
    expect(parseAddress("'My sheet'!C1:H1")).toEqual({ sheet: "My sheet", range: { r0: 0, c0: 2, r1: 0, c1: 7 } });
    expect(parseAddress("A:A")?.range).toEqual({ r0: 0, c0: 0, r1: 1_048_575, c1: 0 });
    expect(parseAddress("2:3")?.range).toEqual({ r0: 1, c0: 0, r1: 2, c1: 16_383 });
    expect(parseAddress("B5:A1")?.range).toEqual({ r0: 0, c0: 0, r1: 4, c1: 1 });
    expect(parseAddress("hello")).toBeUndefined();
    expect(parseAddress("A0")).toBeUndefined();
  });

  it("quotes sheet names that need it, as Excel writes addresses", () => {
    expect(formatAddress("Sheet1", { r0: 1, c0: 1, r1: 1, c1: 1 })).toBe("Sheet1!B2");
    expect(formatAddress("My sheet", { r0: 0, c0: 0, r1: 9, c1: 2 })).toBe("'My sheet'!A1:C10");
    expect(formatAddress("O'Neil", { r0: 0, c0: 0, r1: 0, c1: 0 })).toBe("'O''Neil'!A1");
  });
});

describe("formulas", () => {
  it("reads the add-in's calls with references, literals, omitted arguments and array constants", () => {
    const parsed = parseFormula('=ukco.match(A2,,,"all")');
    expect(parsed).toMatchObject({ ok: true, formula: { namespace: "UKCO", name: "MATCH" } });
    if (!parsed.ok) throw new Error("parse failed");
    expect(parsed.formula.args.map((a) => a.kind)).toEqual(["ref", "missing", "missing", "literal"]);
    const field = parseFormula('=UKCO.FIELD(Sheet2!B2:B5001, {"CompanyName","SICs"}, -1.5, TRUE, #N/A)');
    if (!field.ok) throw new Error(field.reason);
    expect(field.formula.args).toEqual([
      { kind: "ref", sheet: "Sheet2", range: { r0: 1, c0: 1, r1: 5000, c1: 1 }, text: "Sheet2!B2:B5001" },
      { kind: "array", rows: [["CompanyName", "SICs"]] },
      { kind: "literal", value: -1.5 },
      { kind: "literal", value: true },
      { kind: "error", code: "#N/A" },
    ]);
  });

  it("says what it does not simulate instead of guessing", () => {
    expect(parseFormula("=SUM(A1:A3)")).toMatchObject({ ok: false, reason: expect.stringContaining("not simulated") });
    expect(parseFormula('=UKCO.FIELD(UKCO.MATCH(A2), "X")')).toMatchObject({
      ok: false,
      reason: "not simulated: nested function calls",
    });
  });
});

describe("typed input", () => {
  it("turns numbers, booleans and ISO dates into values, keeps text-formatted cells as text", () => {
    expect(parseInput("01234567")).toEqual({ value: 1234567 });
    expect(parseInput("01234567", "@")).toEqual({ value: "01234567" });
    expect(parseInput("'01234567")).toEqual({ value: "01234567" });
    expect(parseInput("true")).toEqual({ value: true });
    expect(parseInput("2024-01-31")).toEqual({ value: 45322, numberFormat: "yyyy-mm-dd" });
    expect(parseInput("=UKCO.MATCH(A2)")).toEqual({ formula: "=UKCO.MATCH(A2)" });
  });

  it("reads text that starts with + or - as a formula, as Excel does (phone numbers break)", () => {
    expect(parseInput("+44 20 7946 0000")).toEqual({ formula: "+44 20 7946 0000" });
    expect(parseInput("-3")).toEqual({ value: -3 });
  });
});
