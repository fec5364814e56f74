/**
 * Values taken from the cells the user selected: each cell parsed, repeats dropped, and every
 * cell that holds nothing usable listed with its address so the user can fix it in the sheet.
 * Company numbers, website addresses and market numbers all come in this way.
 */
import { parseAddress } from "../address";
import { cellAddress } from "./a1";

export interface InvalidCell {
  address: string;
  reason: string;
}

export interface CollectedCells {
  /** Parsed values, in the order of the cells, each once. */
  values: string[];
  invalid: InvalidCell[];
  /** Cells that held a value already seen. */
  repeated: number;
  /** The first cell was text such as "Company number", read as the column's header. */
  headerSkipped: boolean;
}

export type CellParse = { ok: true; value: string } | { ok: false; reason: string };

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/**
 * INFERRED (ours): the first cell is a header, not a mistake, when it is text that does not parse,
 * holds a letter sequence, and some other cell parses.
 */
function looksLikeHeader(value: unknown, parsed: CellParse): boolean {
  return typeof value === "string" && !parsed.ok && /[A-Za-z]{3,}/.test(value);
}

export function collectCells(
  selectionAddress: string,
  values: readonly (readonly unknown[])[],
  parse: (value: unknown) => CellParse,
): CollectedCells {
  const origin = parseAddress(selectionAddress);
  const sheet = origin?.sheet ?? "";
  const row0 = (origin?.firstRow ?? 1) - 1;
  const column0 = (origin?.firstColumn ?? 1) - 1;
  const seen = new Set<string>();
  const found: string[] = [];
  const invalid: InvalidCell[] = [];
  let repeated = 0;
  let header: InvalidCell | undefined;
  values.forEach((row, r) =>
    row.forEach((value, c) => {
      if (isBlank(value)) return;
      const parsed = parse(value);
      if (!parsed.ok) {
        const cell = { address: cellAddress(sheet, row0 + r, column0 + c), reason: parsed.reason };
        if (r === 0 && c === 0 && looksLikeHeader(value, parsed)) header = cell;
        else invalid.push(cell);
        return;
      }
      if (seen.has(parsed.value)) repeated += 1;
      else {
        seen.add(parsed.value);
        found.push(parsed.value);
      }
    }),
  );
  // A lone text cell with nothing valid around it is a mistake, not a header.
  if (header && found.length === 0) invalid.unshift(header);
  return { values: found, invalid, repeated, headerSkipped: header !== undefined && found.length > 0 };
}
