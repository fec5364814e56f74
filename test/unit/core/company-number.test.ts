import { InvalidArgumentError } from "../../../src/core/errors";
import { normaliseCompanyNumber, parseCompanyNumber } from "../../../src/core/company-number";

describe("company numbers are normalised to 8 characters", () => {
  test.each([
    [1234567, "01234567"],
    [12, "00000012"],
    ["01234567", "01234567"],
    ["1234567", "01234567"],
    ["  sc1234 ", "SC001234"],
    ["SC123456", "SC123456"],
    ["ni 012345", "NI012345"],
    ["oc-300001", "OC300001"],
    ["R0000123", "R0000123"],
    ["r0123", "R0000123"],
    ["FC12345", "FC012345"],
    ["so300", "SO000300"],
    ["NC1", "NC000001"],
  ])("%p → %p", (input, expected) => {
    expect(normaliseCompanyNumber(input)).toBe(expected);
  });

  test.each([
    [""],
    ["   "],
    ["123456789"],
    ["SC1234567"],
    ["S1234"],
    ["ABC123"],
    ["1234.5"],
    [1234.5],
    [-12],
    [0],
    [true],
    [null],
    [undefined],
    [{}],
  ])("%p is refused with a reason", (input) => {
    const result = parseCompanyNumber(input);
    expect(result.ok).toBe(false);
    expect(() => normaliseCompanyNumber(input)).toThrow(InvalidArgumentError);
  });

  test("a very long string is refused with a shortened echo", () => {
    const result = parseCompanyNumber("X".repeat(100_000));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.length).toBeLessThan(200);
  });
});

describe("a refused number is quoted as the user typed it", () => {
  test.each([
    ["Company tearsheet", '"Company tearsheet" is not a company number'],
    ["  AURETIC   LOGISTICS LTD ", '"AURETIC LOGISTICS LTD" is not a company number'],
    ["No match", '"No match" is not a company number'],
  ])("%p", (input, start) => {
    const result = parseCompanyNumber(input);
    expect(result.ok ? "" : result.reason).toMatch(new RegExp(`^${start}`));
  });
});
