/**
 * Every kind of answer is named in the pane's words: What changed says which function's answer
 * moved and shows it, the refresh estimate counts it with its own noun. The tables are keyed by the
 * kinds, found from the store name an answer is kept under (which need not be the kind's name).
 */
import { ANSWER_KINDS } from "../../../src/core/answers";
import { answerChangeRow } from "../../../src/taskpane/views/changes/answer-words";
import { serviceLine } from "../../../src/taskpane/views/workbook/estimate-words";

test.each([
  [
    "matches",
    "tesco plc\u0000\u0000",
    null,
    { number: "00445790", name: "TESCO PLC", confidence: "high" },
    "UKCO.MATCH",
    "00445790 TESCO PLC (high)",
  ],
  [
    "classifications",
    "t:accounting software",
    null,
    { rtics: [{ code: "RTIC-0001", description: "Software" }], sics: [], rsics: [], rnaics: [], similar: [] },
    "UKCO.CLASSIFY",
    "RTIC-0001 – Software",
  ],
  ["groups", "00000004", null, [[0, "00000001", "Parent Ltd", ""]], "UKCO.GROUP", "1 companies, parent 00000001"],
  ["websites", "example.co.uk", null, "01234567", "UKCO.WEBSITE", "01234567"],
  ["market", "fr:123456789", null, { Name: "Société Exemple" }, "UKCO.MARKET", "Société Exemple"],
])(
  "a changed answer kept in %s is named by its function and shown in words",
  (store, key, before, after, fn, shown) => {
    const [named, , was, now] = answerChangeRow(store, key, before, after);
    expect([named, was, now]).toEqual([fn, "(none)", shown]);
  },
);

test.each(Object.values(ANSWER_KINDS).map((kind) => [kind.store, kind.service] as const))(
  "the refresh estimate counts answers kept in %s with a noun of their own",
  (store, service) => {
    const line = serviceLine({
      service,
      stores: [{ store, items: 2, requests: 2, exact: true }],
      requests: 2,
      exact: true,
      perMinute: 60,
      minutes: 0,
    });
    expect(line).toMatch(/^2 \S/);
    expect(line).not.toMatch(/^2 answers/);
  },
);
