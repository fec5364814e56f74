/**
 * What refreshing an imported table changed: rows added, rows removed and values changed in the
 * rows kept. Rows are matched by company number (its column, else the first), and columns by
 * their header (its label, or the field name a table imported before labels shows), so a column
 * added or dropped by the refresh is not a change of every row. The old rows are read before the
 * refresh writes over them; the new ones are compared as each chunk is written, so the new table
 * is never held whole.
 */
import { fieldLabel } from "../field-labels";
import type { SheetValue } from "./columns";
import type { TableSink } from "./run-table";

export interface TableChanges {
  added: number;
  removed: number;
  /** Values that differ in rows present before and after, over the columns both have. */
  changedValues: number;
  changedRows: number;
}

const KEY_FIELD = "CompanyNumber";

/** A value as Excel will hold it: text is written behind an apostrophe (asSheetText), read without. */
const held = (value: unknown): unknown =>
  typeof value === "string" && value.startsWith("'") ? value.slice(1) : (value ?? "");

const same = (written: unknown, read: unknown): boolean => held(written) === (read ?? "");

/** Rows by key; a key seen twice gets its occurrence number, so duplicates pair up in order. */
function keyer(): (key: unknown) => string {
  const seen = new Map<string, number>();
  return (value) => {
    const key = String(held(value)).trim();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key}\u0000${n}`;
  };
}

const headerName = (h: unknown): string => String(held(h)).trim().toLowerCase();

/** The names a column may go by: its header, and its field's name and label. */
const namesOf = (header: unknown, field: string | undefined): string[] => [
  headerName(header),
  ...(field !== undefined ? [field.toLowerCase(), fieldLabel(field).toLowerCase()] : []),
];

const KEY_NAMES = [KEY_FIELD.toLowerCase(), fieldLabel(KEY_FIELD).toLowerCase()];

const keyColumn = (header: readonly unknown[]): number =>
  Math.max(
    0,
    header.findIndex((h) => KEY_NAMES.includes(headerName(h))),
  );

export class TableDiff {
  private readonly before = new Map<string, readonly unknown[]>();
  private readonly beforeColumns: Map<string, number>;
  /** New column index → old column index, for the columns both have. */
  private pairs: [number, number][] = [];
  private newKey = 0;
  private readonly keyOfNew = keyer();
  private counts: TableChanges = { added: 0, removed: 0, changedValues: 0, changedRows: 0 };

  /** `fields`: the field each new column shows (PreparedTable.fields), so a relabelled column is still itself. */
  constructor(
    header: readonly unknown[],
    rows: readonly (readonly unknown[])[],
    private readonly fields: readonly (string | undefined)[] = [],
  ) {
    this.beforeColumns = new Map(header.map((h, i) => [headerName(h), i]));
    const column = keyColumn(header);
    const keyOf = keyer();
    for (const row of rows) this.before.set(keyOf(row[column]), row);
  }

  begin(header: readonly unknown[]): void {
    this.newKey = keyColumn(header);
    this.pairs = header.flatMap((h, i): [number, number][] => {
      const old = namesOf(h, this.fields[i])
        .map((name) => this.beforeColumns.get(name))
        .find((index) => index !== undefined);
      return old === undefined ? [] : [[i, old]];
    });
  }

  observe(rows: readonly (readonly unknown[])[]): void {
    for (const row of rows) {
      const key = this.keyOfNew(row[this.newKey]);
      const old = this.before.get(key);
      if (!old) {
        this.counts.added += 1;
        continue;
      }
      this.before.delete(key);
      const changed = this.pairs.filter(([now, then]) => !same(row[now], old[then])).length;
      this.counts.changedValues += changed;
      if (changed) this.counts.changedRows += 1;
    }
  }

  /** Old rows never matched by the end are the rows removed. */
  result(): TableChanges {
    return { ...this.counts, removed: this.before.size };
  }
}

/** A sink that compares what it writes with the table as it was, then writes it. */
export function comparingSink(sink: TableSink, diff: TableDiff): TableSink {
  return {
    begin: (header: SheetValue[], formats, asOf) => (diff.begin(header), sink.begin(header, formats, asOf)),
    append: (rows, asOf) => (diff.observe(rows), sink.append(rows, asOf)),
    finish: (asOf, rows) => sink.finish(asOf, rows),
  };
}
