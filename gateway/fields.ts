/**
 * Records cut to the fields an add-in asked for (`x-ukco-fields`, a comma-separated list of
 * top-level record fields). The services have no field selection: the gateway still fetches and
 * caches whole records, and cuts each answer's records on the way out, so an analyst's Excel reads
 * kilobytes where it would read megabytes. `CompanyNumber` is always kept (the add-in joins records
 * to its asks by it); any other member, one the contract does not name included, only when asked.
 *
 * Cutting reads a record's text member by member (list-text.ts), never parsing it into objects;
 * each cut is kept beside the text it came from, so a team asking the same fields of the same
 * records pays for it once.
 */
import { cutRecord } from "./list-text";

export const FIELDS_HEADER = "x-ukco-fields";
/** More than the record has top-level fields (about 150), and far fewer than a header could carry. */
export const MAX_FIELDS = 256;
export const MAX_FIELD_LENGTH = 64;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The fields an answer keeps: sorted, `CompanyNumber` among them, and their list as one text. */
export interface FieldCut {
  names: ReadonlySet<string>;
  /** The names joined with commas: the answer's header, and what tells two cuts apart. */
  text: string;
}

export type FieldsAsked = { ok: true; cut: FieldCut | undefined } | { ok: false; message: string };

/** The request's `x-ukco-fields`, checked: undefined when absent (whole records). */
export function fieldsAsked(header: string | string[] | undefined): FieldsAsked {
  if (header === undefined) return { ok: true, cut: undefined };
  const names = (Array.isArray(header) ? header.join(",") : header).split(",").map((name) => name.trim());
  if (names.length > MAX_FIELDS)
    return { ok: false, message: `At most ${MAX_FIELDS} fields in ${FIELDS_HEADER}; this one names ${names.length}.` };
  for (const name of names)
    if (name.length > MAX_FIELD_LENGTH || !FIELD_NAME.test(name))
      return {
        ok: false,
        message: `${FIELDS_HEADER} is a comma-separated list of record field names (letters, digits and _, at most ${MAX_FIELD_LENGTH} characters each).`,
      };
  const sorted = [...new Set([...names, "CompanyNumber"])].sort();
  return { ok: true, cut: { names: new Set(sorted), text: sorted.join(",") } };
}

interface Cut {
  /** The record's text it was cut from: a record fetched anew is cut again. */
  source: string;
  text: string;
}

const size = (cut: Cut) => (cut.source.length + cut.text.length) * 2;

/** Cuts kept per field list, most recently used last. */
const KEPT_FIELD_LISTS = 32;

export class RecordCuts {
  private readonly byFields = new Map<string, Map<string, Cut>>();
  private used = 0;

  /**
   * `maxBytes`: the cuts kept and the texts they came from, counted as the heap holds them (a text
   * is usually the cache's own, but one the cache has let go is held here until its cut goes).
   */
  constructor(private readonly maxBytes: number) {}

  /** `record` (the text cached under `key`) cut to `cut`'s fields. */
  cut(key: string, record: string, cut: FieldCut): string {
    let cuts = this.byFields.get(cut.text);
    if (cuts) {
      this.byFields.delete(cut.text);
      this.byFields.set(cut.text, cuts);
    } else {
      this.byFields.set(cut.text, (cuts = new Map()));
      if (this.byFields.size > KEPT_FIELD_LISTS) this.drop(this.byFields.keys().next().value!);
    }
    const kept = cuts.get(key);
    if (kept && kept.source === record) return kept.text;
    // A record that is not one JSON object is passed on as it is, as a whole answer would pass it.
    const text = cutRecord(record, cut.names) ?? record;
    if (kept) this.used -= size(kept);
    const fresh = { source: record, text };
    cuts.set(key, fresh);
    this.used += size(fresh);
    while (this.used > this.maxBytes && this.byFields.size > 0) this.drop(this.byFields.keys().next().value!);
    return text;
  }

  private drop(fields: string): void {
    for (const cut of this.byFields.get(fields)?.values() ?? []) this.used -= size(cut);
    this.byFields.delete(fields);
  }
}
