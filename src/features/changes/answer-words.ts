/**
 * The other answers a refresh changed (matches, classifications, …) in the What changed view's
 * words: which function's answer, for what input, and the value before and after in one line.
 * A new kind of cached answer adds an entry here: the build fails without it.
 */
import { kindNameOfStore, type AnswerKindName, type AnswerOf } from "@ukco/core/answers";
import { codeText } from "@ukco/core/cell-value";
import { matchKeyName } from "@ukco/core/match-key";

interface AnswerWords<T> {
  /** The function whose cells show the answer. */
  fn: string;
  /** The input, from the key it is stored under. */
  input(key: string): string;
  value(value: T): string;
}

/** Every kind but company records, whose changes What changed lists field by field. */
type AnswerKind = Exclude<AnswerKindName, "companies">;

const ANSWER_WORDS: { readonly [K in AnswerKind]: AnswerWords<AnswerOf<K>> } = {
  matches: {
    fn: "UKCO.MATCH",
    input: matchKeyName,
    value: (m) => {
      // A team decision says who made it: that is why the match moved.
      const how = m.team ? `decided by ${m.team.by}` : m.confidence;
      return m.number ? `${m.number} ${m.name ?? ""} (${how})` : `no match (${how})`;
    },
  },
  classifications: {
    fn: "UKCO.CLASSIFY",
    input: (key) => key.slice(2),
    value: (c) => (c.rtics[0] ? codeText(c.rtics[0]) : "no code"),
  },
  groups: {
    fn: "UKCO.GROUP",
    input: (key) => key,
    value: (rows) => `${rows.length.toLocaleString("en-GB")} companies, parent ${rows[0]?.[1] ?? "none"}`,
  },
  websites: { fn: "UKCO.WEBSITE", input: (key) => key, value: (n) => n ?? "no company" },
  marketCompanies: {
    fn: "UKCO.MARKET",
    input: (key) => key,
    value: (record) =>
      record ? String(record.name ?? record.Name ?? JSON.stringify(record).slice(0, 60)) : "not known",
  },
};

/** The words of the kind whose map is `store`; undefined for company records and stores no kind has. */
function wordsOf(store: string): AnswerWords<never> | undefined {
  const name = kindNameOfStore(store);
  return name && name !== "companies" ? ANSWER_WORDS[name] : undefined;
}

/** [function, input, before, after] for one changed answer. */
export function answerChangeRow(
  kind: string,
  key: string,
  before: unknown,
  after: unknown,
): [string, string, string, string] {
  const entry = wordsOf(kind);
  const show = (value: unknown) =>
    value === undefined || value === null ? "(none)" : entry ? entry.value(value as never) : JSON.stringify(value);
  return [entry?.fn ?? kind, entry ? entry.input(key) : key, show(before), show(after)];
}
