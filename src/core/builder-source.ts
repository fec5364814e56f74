/**
 * The column the table builder reads companies from, as the user selected it: company numbers or
 * company names (whichever most of its cells are), and whether its first cell is the column's
 * header. The user can say otherwise in the pane; this is only the first guess.
 */
import { InvalidArgumentError } from "./errors";
import { parseAddress } from "./address";
import type { SourceColumn } from "./builder-layout";
import { parseCompanyNumber } from "./company-number";

const blank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** INFERRED (ours): a names column's first cell is a header when it reads like a column title. */
const NAME_HEADER =
  /^(company|companies|business(es)?|organi[sz]ations?|names?|company names?|name of (the )?company)$/i;

export interface SourceGuess {
  kind: SourceColumn["kind"];
  header: boolean;
}

/** Numbers when at least half the cells (after the first) hold company numbers; the first cell a header when it does not fit. */
export function guessSource(values: readonly unknown[]): SourceGuess {
  const body = values.slice(1).filter((v) => !blank(v));
  const numbers = body.filter((v) => parseCompanyNumber(v).ok).length;
  const first = values[0];
  if (body.length > 0 ? numbers * 2 >= body.length : parseCompanyNumber(first).ok)
    return { kind: "numbers", header: !blank(first) && !parseCompanyNumber(first).ok };
  return { kind: "names", header: typeof first === "string" && NAME_HEADER.test(first.trim()) };
}

/** The selected column (its address and values) as a source, the header cell left out. */
export function sourceColumn(address: string, values: readonly unknown[], guess: SourceGuess): SourceColumn {
  const range = parseAddress(address);
  if (!range) throw new InvalidArgumentError(`"${address}" is not a range address.`);
  if (range.firstColumn !== range.lastColumn)
    throw new InvalidArgumentError("Select one column: the company numbers or names, with or without its header.");
  // Trailing blank cells (a whole column selected) are not rows of the table.
  let count = values.length;
  while (count > 0 && blank(values[count - 1])) count -= 1;
  const skip = guess.header ? 1 : 0;
  if (count - skip <= 0) throw new InvalidArgumentError("The selected column holds no company numbers or names.");
  return {
    sheet: range.sheet,
    column: range.firstColumn - 1,
    firstRow: range.firstRow - 1 + skip,
    rowCount: count - skip,
    kind: guess.kind,
  };
}
