/**
 * Where an import goes on its sheet and what its "as of" line says. The line sits above the
 * table (not in it), so a formula that reads the table never meets it.
 */
import type { SheetValue } from "./columns";
import { asSheetText, type ImportColumn } from "./columns";

/** INFERRED (ours): the as-of line in A1, an empty row, then the table's header in A3. */
export const IMPORT_LAYOUT = { asOfRow: 0, headerRow: 2, firstColumn: 0 } as const;
/** Rows from the as-of line down to the header; a refresh finds the line by it. */
export const AS_OF_ROWS_ABOVE_HEADER = IMPORT_LAYOUT.headerRow - IMPORT_LAYOUT.asOfRow;

export type ImportStatus = "running" | "complete" | "cancelled" | "failed";

export interface AsOf {
  at: Date;
  query: string;
  rows: number;
  total?: number;
  status: ImportStatus;
  /** First words of the line (default "UK company data"). */
  dataLabel?: string | undefined;
  /** What a row is, singular and plural (default company / companies). */
  rowNoun?: readonly [string, string] | undefined;
}

const count = (n: number) => n.toLocaleString("en-GB");

/** `2024-05-01 14:03 UTC`: the same text whoever opens the file, wherever they are. */
export function formatWhen(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function asOfText({
  at,
  query,
  rows,
  total,
  status,
  dataLabel = "UK company data",
  rowNoun = ["company", "companies"],
}: AsOf): string {
  const of = total !== undefined ? ` of ${count(total)}` : "";
  const [one, many] = rowNoun;
  const outcome =
    status === "complete"
      ? `${count(rows)} ${rows === 1 ? one : many}`
      : status === "cancelled"
        ? `cancelled after ${count(rows)}${of} ${many}`
        : status === "failed"
          ? `stopped by an error after ${count(rows)}${of} ${many}`
          : `importing: ${count(rows)}${of} ${many} so far`;
  return `${dataLabel} as of ${formatWhen(at)} · ${query} · ${outcome}`;
}

export function headerRow(columns: readonly ImportColumn[]): SheetValue[] {
  return columns.map((column) => asSheetText(column.header));
}

const sameName = (a: unknown, b: string | undefined) =>
  b !== undefined &&
  String(a ?? "")
    .trim()
    .toLowerCase() === b.toLowerCase();

/**
 * The header a refresh writes over a table's own. A table imported when headers were field names
 * keeps, column by column, the name it shows: a formula may read those cells as field names
 * (`=UKCO.FIELD(A4,B$3)`), as the builder keeps the header form of a formula it edits. Every
 * other column gets its label.
 */
export function refreshHeader(
  header: readonly SheetValue[],
  fields: readonly (string | undefined)[] | undefined,
  before: readonly unknown[],
): SheetValue[] {
  return header.map((cell, i) => {
    const field = fields?.[i];
    return field !== undefined && sameName(before[i], field) ? asSheetText(field) : cell;
  });
}
