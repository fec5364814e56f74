/**
 * Finding UKCO.FIELD names by words, for the pane's table builder: every field a table cell can
 * show (no groups of fields), with its path as FIELD takes it, kind, description, scope and the
 * group it sits in (the top level of the record, or the object it belongs to). A list of objects
 * is addressed through its first item (`CompanyFinancials_Vendor[0].TURNOVER`).
 *
 * Ranking: every query word must occur in the path, the label or the description; a word that is
 * a whole word of the field's own name or label counts most, then the start of one, then anywhere
 * in the name, then in the names of the groups above, then in the description. A recommended field
 * gets a bonus; fields read through a list come after all others (the pane shows them under "More
 * fields"). Ties go to fields nearer the top of the record, then to shorter names (fewer other
 * words), then to contract order.
 */
import { COMPANY_FIELDS, type CompanyFieldInfo, type FieldKind } from "@ukco/api/product/fields";
import { fieldLabel, isListPath, isRecommendedField } from "./field-labels";
import { nameWords } from "./field-words";

/** The record's own (top-level) fields, as a group heading. */
export const TOP_LEVEL_GROUP = "Company";

export interface FieldEntry {
  /** As UKCO.FIELD takes it: `BestEstimateTurnover`, `CompanyFinancials_Vendor[0].TURNOVER`. */
  path: string;
  /** In the analyst's words, with its unit: "Turnover, best estimate (£)". */
  label: string;
  /** Among the fields the builder offers first. */
  recommended: boolean;
  /** Read through the first item of a list: offered under "More fields". */
  inList: boolean;
  /** The last step: `TURNOVER`. */
  name: string;
  kind: FieldKind;
  description: string;
  scope?: string;
  /** `Company`, or the object's path: `CompanyFinancials_Vendor[0]`. */
  group: string;
  /** The group's own description from the contract (empty for the top level). */
  groupDescription: string;
  /** 0 for top-level fields, 1 inside an object, … */
  depth: number;
}

/** Every field of the record a cell can show, in contract order. */
export const FIELD_ENTRIES: readonly FieldEntry[] = (() => {
  const entries: FieldEntry[] = [];
  const walk = (
    fields: readonly CompanyFieldInfo[],
    prefix: string,
    group: { name: string; description: string; scope?: string },
    depth: number,
  ) => {
    for (const field of fields) {
      const scope = field.scope ?? group.scope;
      if (field.items) {
        const path = field.kind === "object[]" ? `${prefix}${field.name}[0]` : `${prefix}${field.name}`;
        walk(field.items, `${path}.`, { name: path, description: field.description, scope }, depth + 1);
        continue;
      }
      const path = prefix + field.name;
      entries.push({
        path,
        label: fieldLabel(path),
        recommended: isRecommendedField(path),
        inList: isListPath(path),
        name: field.name,
        kind: field.kind,
        description: field.description,
        ...(scope ? { scope } : {}),
        group: group.name,
        groupDescription: group.description,
        depth,
      });
    }
  };
  walk(COMPANY_FIELDS, "", { name: TOP_LEVEL_GROUP, description: "" }, 0);
  return entries;
})();

export { nameWords } from "./field-words";

interface Prepared {
  entry: FieldEntry;
  index: number;
  lowerPath: string;
  lowerName: string;
  words: string[];
  lowerLabel: string;
  labelWords: string[];
  groupWords: string[];
  lowerDescription: string;
}

const PREPARED: readonly Prepared[] = FIELD_ENTRIES.map((entry, index) => ({
  entry,
  index,
  lowerPath: entry.path.toLowerCase(),
  lowerName: entry.name.toLowerCase(),
  words: nameWords(entry.name),
  lowerLabel: entry.label.toLowerCase(),
  labelWords: entry.label
    .toLowerCase()
    .split(/[^a-z0-9£%]+/)
    .filter(Boolean),
  groupWords: entry.group === TOP_LEVEL_GROUP ? [] : nameWords(entry.group),
  lowerDescription: entry.description.toLowerCase(),
}));

/** How well one query word fits a field; 0 when it does not occur at all. */
function wordScore(word: string, field: Prepared): number {
  if (field.lowerName === word || field.lowerLabel === word) return 100;
  if (field.words.includes(word) || field.labelWords.includes(word)) return 60;
  if (field.labelWords.some((w) => w.startsWith(word))) return 50;
  if (field.words.some((w) => w.startsWith(word))) return 50;
  if (field.lowerName.includes(word)) return 30;
  if (field.groupWords.some((w) => w.startsWith(word))) return 20;
  if (field.lowerPath.includes(word)) return 15;
  if (field.lowerDescription.includes(word)) return 10;
  return 0;
}

/** The query's words: split at spaces, dots and underscores, ignoring case. */
function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s._[\]]+/)
    .filter((word) => word !== "" && !/^\d+$/.test(word));
}

/** A recommended field outranks others that fit the words as well. */
const RECOMMENDED_BONUS = 45;

/** Fields matching every word of `query`, best first (fields read through a list after the others); an empty query finds nothing. */
export function searchFields(query: string, limit = 40): FieldEntry[] {
  const whole = query.trim().toLowerCase();
  const words = queryWords(query);
  if (words.length === 0) return [];
  const scored: { field: Prepared; score: number }[] = [];
  for (const field of PREPARED) {
    let score = field.lowerPath === whole ? 1000 : 0;
    let missing = false;
    for (const word of words) {
      const s = wordScore(word, field);
      if (s === 0) {
        missing = true;
        break;
      }
      score += s;
    }
    if (!missing) scored.push({ field, score: score + (field.entry.recommended ? RECOMMENDED_BONUS : 0) });
  }
  scored.sort(
    (a, b) =>
      Number(a.field.entry.inList) - Number(b.field.entry.inList) ||
      b.score - a.score ||
      a.field.entry.depth - b.field.entry.depth ||
      a.field.words.length - b.field.words.length ||
      a.field.index - b.field.index,
  );
  return scored.slice(0, limit).map(({ field }) => field.entry);
}

/** The entry for a path as FIELD takes it (any case, `[n]` read as `[0]`), if the builder lists it. */
export function fieldEntry(path: string): FieldEntry | undefined {
  const lower = path
    .trim()
    .toLowerCase()
    .replace(/\[\d+\]/g, "[0]");
  return PREPARED.find((field) => field.lowerPath === lower)?.entry;
}

/** Entries grouped by their group, groups in the order their first entry comes. */
export function groupEntries(
  entries: readonly FieldEntry[],
): { group: string; description: string; entries: FieldEntry[] }[] {
  const groups = new Map<string, { group: string; description: string; entries: FieldEntry[] }>();
  for (const entry of entries) {
    const existing = groups.get(entry.group);
    if (existing) existing.entries.push(entry);
    else groups.set(entry.group, { group: entry.group, description: entry.groupDescription, entries: [entry] });
  }
  return [...groups.values()];
}
