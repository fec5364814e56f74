/**
 * The other answers a refresh changed (matches, classifications, …) in the What changed view's
 * words: which function's answer, for what input, and the value before and after in one line.
 * A new kind of cached answer adds an entry here.
 */
import type { StoredClassification, StoredGroupRow, StoredMatch } from "../../../core/cache/snapshot";
import { codeText } from "../../../core/functions/classify";
import { matchKeyName } from "../../../core/match-key";

interface AnswerWords {
  /** The function whose cells show the answer. */
  fn: string;
  /** The input, from the key it is stored under. */
  input(key: string): string;
  value(value: never): string;
}

const words = <T>(entry: { fn: string; input(key: string): string; value(value: T): string }) =>
  entry as unknown as AnswerWords;

const ANSWER_WORDS: Readonly<Record<string, AnswerWords>> = {
  matches: words<StoredMatch>({
    fn: "UKCO.MATCH",
    input: matchKeyName,
    value: (m) => {
      // A team decision says who made it: that is why the match moved.
      const how = m.team ? `decided by ${m.team.by}` : m.confidence;
      return m.number ? `${m.number} ${m.name ?? ""} (${how})` : `no match (${how})`;
    },
  }),
  classifications: words<StoredClassification>({
    fn: "UKCO.CLASSIFY",
    input: (key) => key.slice(2),
    value: (c) => (c.rtics[0] ? codeText(c.rtics[0]) : "no code"),
  }),
  groups: words<StoredGroupRow[]>({
    fn: "UKCO.GROUP",
    input: (key) => key,
    value: (rows) => `${rows.length.toLocaleString("en-GB")} companies, parent ${rows[0]?.[1] ?? "none"}`,
  }),
  websites: words<string | null>({ fn: "UKCO.WEBSITE", input: (key) => key, value: (n) => n ?? "no company" }),
  market: words<Record<string, unknown> | null>({
    fn: "UKCO.MARKET",
    input: (key) => key,
    value: (record) =>
      record ? String(record.name ?? record.Name ?? JSON.stringify(record).slice(0, 60)) : "not known",
  }),
};

/** [function, input, before, after] for one changed answer. */
export function answerChangeRow(
  kind: string,
  key: string,
  before: unknown,
  after: unknown,
): [string, string, string, string] {
  const entry = ANSWER_WORDS[kind];
  const show = (value: unknown) =>
    value === undefined || value === null ? "(none)" : entry ? entry.value(value as never) : JSON.stringify(value);
  return [entry?.fn ?? kind, entry ? entry.input(key) : key, show(before), show(after)];
}
