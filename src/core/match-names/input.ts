/**
 * The names to match, read from the block of the sheet around the user's selection: the selected
 * column holds the names, and postcode or website hints come from columns the user picks by
 * header or letter. Each row keeps its sheet row, so results go back beside the name they belong to.
 */
import { columnLetters } from "../import/a1";
import { matchKey } from "../match-key";

/** The rows the selection spans, from column A to a little past the used range, as Excel gives them. */
export interface SheetBlock {
  sheet: string;
  /** 0-based sheet row of `values[0]`. */
  top: number;
  /** 0-based column of the selected names. */
  nameColumn: number;
  values: unknown[][];
  /** Formulas (or constants) of the same cells: a formula showing "" is not an empty cell. */
  formulas: unknown[][];
}

export interface NameRow {
  /** 0-based sheet row. */
  row: number;
  name: string;
  postcode: string;
  website: string;
  /** The cache key UKCO.MATCH uses (identical inputs share it); undefined for an empty name. */
  key: string | undefined;
  /** Why the row cannot be matched (a name too long, a hint that is not text). */
  problem?: string;
}

export interface HintChoice {
  header: boolean;
  postcodeColumn?: number;
  websiteColumn?: number;
}

export interface ColumnOption {
  index: number;
  /** "B: Postcode" with a header, "B" without. */
  label: string;
  header: string;
}

const text = (value: unknown): string =>
  value === null || value === undefined ? "" : typeof value === "string" ? value.trim() : String(value);

/** INFERRED (ours): a first cell such as "Company name" or "Supplier" is a header, not a company. */
export function looksLikeNameHeader(value: unknown): boolean {
  return (
    typeof value === "string" &&
    /^(company|companies|supplier|customer|organi[sz]ation|business|account)?\s*(names?)?$/i.test(value.trim()) &&
    value.trim() !== ""
  );
}

/** The other non-empty columns of the block, for the postcode and website pickers. */
export function columnOptions(block: SheetBlock, header: boolean): ColumnOption[] {
  const width = Math.max(0, ...block.values.map((row) => row.length));
  const options: ColumnOption[] = [];
  for (let c = 0; c < width; c++) {
    if (c === block.nameColumn || block.values.every((row) => text(row[c]) === "")) continue;
    const head = header ? text(block.values[0]?.[c]) : "";
    options.push({ index: c, label: head ? `${columnLetters(c)}: ${head}` : columnLetters(c), header: head });
  }
  return options;
}

const HINT_HEADERS = {
  postcode: /post\s*code|postal|zip/i,
  website: /web\s*site|url|domain|homepage|^web$/i,
} as const;

/** The column whose header names the hint, if any. */
export function guessHintColumn(options: readonly ColumnOption[], hint: keyof typeof HINT_HEADERS): number | undefined {
  return options.find((option) => HINT_HEADERS[hint].test(option.header))?.index;
}

export function nameRows(block: SheetBlock, choice: HintChoice): NameRow[] {
  const rows: NameRow[] = [];
  block.values.forEach((values, r) => {
    if (choice.header && r === 0) return;
    const name = text(values[block.nameColumn]);
    if (name === "") return;
    const postcode = choice.postcodeColumn === undefined ? "" : text(values[choice.postcodeColumn]);
    const website = choice.websiteColumn === undefined ? "" : text(values[choice.websiteColumn]);
    const row: NameRow = { row: block.top + r, name, postcode, website, key: undefined };
    // From the cells themselves, as UKCO.MATCH reads them: the same key, and a hint that is not text refused.
    const hint = (column: number | undefined) => (column === undefined ? null : values[column]);
    try {
      row.key = matchKey(values[block.nameColumn], hint(choice.postcodeColumn), hint(choice.websiteColumn));
    } catch (error) {
      row.problem = error instanceof Error ? error.message : String(error);
    }
    rows.push(row);
  });
  return rows;
}

/**
 * The first `width` columns right of the names that are empty (no value, no formula) in every row
 * of the block, header included: results never go over the user's data.
 */
export function firstFreeColumns(block: SheetBlock, width: number): number {
  const empty = (c: number) => block.formulas.every((row) => text(row[c]) === "");
  for (let c = block.nameColumn + 1; ; c++) {
    let run = 0;
    while (run < width && empty(c + run)) run++;
    if (run === width) return c;
    c += run;
  }
}
