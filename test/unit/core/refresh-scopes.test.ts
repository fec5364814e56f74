import { parseAddress } from "../../../src/core/address";
import { answerId, REFRESH_SCOPE_LIFETIME_MS, RefreshScopes } from "../../../src/core/refresh-scopes";

describe("addresses", () => {
  test.each([
    ["Sheet1!B2", { sheet: "Sheet1", firstRow: 2, lastRow: 2, firstColumn: 2, lastColumn: 2 }],
    ["'Q3 ''big'' list'!$A$1:C10", { sheet: "Q3 'big' list", firstRow: 1, lastRow: 10, firstColumn: 1, lastColumn: 3 }],
    ["Data!AA:AB", { sheet: "Data", firstRow: 1, lastRow: 1_048_576, firstColumn: 27, lastColumn: 28 }],
    ["Data!3:5", { sheet: "Data", firstRow: 3, lastRow: 5, firstColumn: 1, lastColumn: 16_384 }],
    ["C3:A1", { sheet: "", firstRow: 1, lastRow: 3, firstColumn: 1, lastColumn: 3 }],
  ])("%s", (address, expected) => {
    expect(parseAddress(address)).toEqual(expected);
  });

  test.each([["Sheet1!"], ["Sheet1!B2:"], ["hello"], ["A0B"]])("%s is not an address", (address) => {
    expect(parseAddress(address)).toBeUndefined();
  });
});

describe("refresh scopes", () => {
  test("a selection refresh applies to cells inside it only, from the moment it was asked", () => {
    let now = 1000;
    const scopes = new RefreshScopes(() => now);
    expect(scopes.freshAfter("Sheet1!B2")).toBe(0);
    scopes.record({ kind: "ranges", addresses: ["Sheet1!B2:B10", "Sheet1!D5"] });
    expect(scopes.freshAfter("Sheet1!B2")).toBe(1000);
    expect(scopes.freshAfter("sheet1!D5")).toBe(1000);
    expect(scopes.freshAfter("Sheet1!C2")).toBe(0);
    expect(scopes.freshAfter("Sheet2!B2")).toBe(0);
    now = 2000;
    scopes.record({ kind: "sheet", sheet: "Sheet2" });
    expect(scopes.freshAfter("Sheet2!Z99")).toBe(2000);
    expect(scopes.freshAfter("Sheet1!B3")).toBe(1000);
    now = 3000;
    scopes.record({ kind: "workbook" });
    expect(scopes.freshAfter("Anything!A1")).toBe(3000);
    expect(scopes.freshAfter(undefined)).toBe(3000);
  });

  test("old scopes expire so they do not force fetches forever", () => {
    let now = 0;
    const scopes = new RefreshScopes(() => now);
    scopes.record({ kind: "workbook" });
    now = 31 * 60_000;
    scopes.record({ kind: "sheet", sheet: "Other" });
    expect(scopes.freshAfter("Sheet1!A1")).toBe(0);
  });
});

describe("refreshing values older than a cutoff", () => {
  const DAY = 86_400_000;
  const NOW = 100 * DAY;
  const LIFETIME = REFRESH_SCOPE_LIFETIME_MS;

  // Each case records one "older than" scope at NOW, then asks at `askedAt` for a cell.
  test.each([
    ["values before the cutoff are stale, wherever the cell", NOW - 30 * DAY, NOW, "Sheet1!B2", NOW - 30 * DAY],
    ["it covers a cell with no address too", NOW - 30 * DAY, NOW, undefined, NOW - 30 * DAY],
    ["a cutoff of now is a whole-workbook refresh", NOW, NOW, "Other!Z9", NOW],
    ["a cutoff after the refresh counts as the refresh's moment", NOW + DAY, NOW, "Sheet1!A1", NOW],
    [
      "it lasts its lifetime counted from when it was recorded",
      NOW - 30 * DAY,
      NOW + LIFETIME - 1,
      "A!A1",
      NOW - 30 * DAY,
    ],
  ])("%s", (_, cutoff, askedAt, address, expected) => {
    let now = NOW;
    const scopes = new RefreshScopes(() => now);
    scopes.record({ kind: "olderThan", cutoff });
    now = askedAt;
    expect(scopes.freshAfter(address)).toBe(expected);
  });

  test.each([
    ["expires a lifetime after it was recorded, not after its cutoff", LIFETIME, 0],
    ["is still in force a moment before that", LIFETIME - 1, NOW - 30 * DAY],
  ])("%s", (_, later, expected) => {
    let now = NOW;
    const scopes = new RefreshScopes(() => now);
    scopes.record({ kind: "olderThan", cutoff: NOW - 30 * DAY });
    now = NOW + later;
    // Scopes are pruned when the next one is recorded.
    scopes.record({ kind: "sheet", sheet: "Elsewhere" });
    expect(scopes.freshAfter("Sheet1!A1")).toBe(expected);
  });

  test.each([
    ["a later selection refresh wins inside the selection", "Sheet1!B2", NOW + 1000],
    ["the cutoff still holds outside it", "Sheet1!C9", NOW - 30 * DAY],
  ])("%s", (_, address, expected) => {
    let now = NOW;
    const scopes = new RefreshScopes(() => now);
    scopes.record({ kind: "olderThan", cutoff: NOW - 30 * DAY });
    now = NOW + 1000;
    scopes.record({ kind: "ranges", addresses: ["Sheet1!B2:B5"] });
    expect(scopes.freshAfter(address)).toBe(expected);
  });
});

describe("a spilled table selected in part", () => {
  const COMPANY_B = answerId("companies", "0000000B");
  // The selection holds rows of the table B2 spills, not B2 itself: B2 fetches again 0000000B alone.
  test.each<[string, string | undefined, string | undefined, number]>([
    ["the table's formula, for a selected row's company", "Sheet1!B2", COMPANY_B, 1000],
    ["the table's formula, for a company of a row not selected", "Sheet1!B2", answerId("companies", "0000000A"), 0],
    ["the table's formula, asked without naming the answer", "Sheet1!B2", undefined, 0],
    ["another cell reading the selected row's company", "Sheet1!Z9", COMPANY_B, 0],
    ["a cell inside the selection, whatever it reads", "Sheet1!D5", answerId("groups", "0000000A"), 1000],
    ["a formula whose table is refreshed whole", "'My list'!C3", answerId("matches", "TESCO"), 1000],
  ])("%s", (_, address, answer, expected) => {
    const scopes = new RefreshScopes(() => 1000);
    scopes.record({
      kind: "ranges",
      addresses: ["Sheet1!C4:D6"],
      spills: [{ anchor: "Sheet1!B2", answers: [COMPANY_B] }, { anchor: "'My list'!C3" }],
    });
    expect(scopes.freshAfter(address, answer)).toBe(expected);
  });
});
