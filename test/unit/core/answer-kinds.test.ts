/**
 * Every entry of the answer-kinds table, company records included, through the steps the engine
 * runs for each: nothing cached is a miss; a loaded answer, once applied, is read back from the
 * cache exactly as the waiting cells were answered from the loaded value; what it replaced can be
 * put back; and a refresh that moved it is reported.
 */
import { ANSWER_KINDS, type AnswerKindName, type AnyAnswerKind } from "../../../src/core/answers";
import { MISS, WorkbookCache } from "../../../src/core/cache/workbook-cache";
import type { ChangeReport } from "../../../src/core/company-answers";
import { ANSWER_SHAPES } from "../../../src/core/answers";
import { resolveFieldPath } from "../../../src/core/field-path";

const T0 = 1_800_000_000_000;
const match = (number: string) => ({
  number,
  name: "ACME LTD",
  status: "Active",
  confidence: "high",
  route: null,
  postcode: "EH6 6QD",
  rigorous: false,
});
const codes = (code: string) => ({
  rtics: [{ code, description: "Software", score: 0.9 }],
  sics: [],
  rsics: [],
  rnaics: [],
  similar: [],
});

/** Per kind: a key, what a cell asks of it, and a loaded answer before and after a refresh. */
const CASES: Record<AnswerKindName, { key: string; ask: unknown; before: object; after: object }> = {
  companies: {
    key: "01234567",
    ask: [resolveFieldPath("CompanyName"), resolveFieldPath("BestEstimateTurnover")],
    before: {
      record: { CompanyNumber: "01234567", CompanyName: "ACME LTD", BestEstimateTurnover: 100 },
      lackingScopes: [],
    },
    after: {
      record: { CompanyNumber: "01234567", CompanyName: "ACME LTD", BestEstimateTurnover: 120 },
      lackingScopes: [],
    },
  },
  matches: { key: "acme", ask: undefined, before: { match: match("01234567") }, after: { match: match("07654321") } },
  classifications: {
    key: "text:software",
    ask: undefined,
    before: { classification: codes("1.1") },
    after: { classification: codes("1.2") },
  },
  groups: {
    key: "01234567",
    ask: undefined,
    before: { rows: [[0, "01234567", "ACME LTD", ""]] },
    after: { rows: [[0, "01234567", "ACME HOLDINGS LTD", ""]] },
  },
  websites: { key: "acme.example", ask: undefined, before: { number: "01234567" }, after: { number: null } },
  marketCompanies: {
    key: "ie:123456",
    ask: undefined,
    before: { record: { name: "ACME DAC" } },
    after: { record: { name: "ACME IRELAND DAC" } },
  },
};

const report = (): ChangeReport => ({ changes: [], answers: [], noLongerFound: [], foundAgain: [] });

test("the table has a case for every kind, and every kind a service and a refresh rule", () => {
  expect(Object.keys(CASES).sort()).toEqual(Object.keys(ANSWER_KINDS).sort());
  for (const [name, kind] of Object.entries(ANSWER_KINDS) as [AnswerKindName, AnyAnswerKind][]) {
    expect(kind.service).toMatch(/product|matching|classification|market/);
    expect(kind.requests([CASES[name].key], (n) => n, 0).requests).toBe(1);
  }
});

describe.each(Object.keys(ANSWER_KINDS) as AnswerKindName[])("the %s kind", (name) => {
  const kind = ANSWER_KINDS[name] as AnyAnswerKind;
  const { key, ask, before, after } = CASES[name];

  test("a miss, then the loaded answer applied and read back as the waiting cells got it", () => {
    const cache = new WorkbookCache(ANSWER_SHAPES);
    expect(kind.read(cache, key, ask, 0)).toBe(MISS);
    const loaded = { ...before, fetchedAt: T0 };
    kind.apply(cache, key, loaded);
    const answered = kind.answer(cache, key, loaded, ask);
    expect(kind.read(cache, key, ask, 0)).toEqual(answered);
    expect(cache.fetchedAt(kind.store, key)).toBe(T0);
    // Fetched before the cell's refresh: a miss again.
    expect(kind.read(cache, key, ask, T0 + 1)).toBe(MISS);
  });

  test("what a fetch replaced is reported as moved and put back as it was", () => {
    const cache = new WorkbookCache(ANSWER_SHAPES);
    const first = { ...before, fetchedAt: T0 };
    kind.apply(cache, key, first);
    const shown = kind.answer(cache, key, first, ask);
    const held = cache.held(kind.store, key)!;
    const second = { ...after, fetchedAt: T0 + 60_000 };
    kind.apply(cache, key, second);
    expect(kind.read(cache, key, ask, 0)).not.toEqual(shown);
    const moved = report();
    kind.report(key, held, cache.held(kind.store, key), moved);
    expect(moved.changes.length + moved.answers.length).toBe(1);
    cache.restore(kind.store, key, held);
    expect(kind.read(cache, key, ask, 0)).toEqual(shown);
    expect(cache.fetchedAt(kind.store, key)).toBe(T0);
  });
});
