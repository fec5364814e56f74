/**
 * Company numbers from the cells the user selected: normalised with parseCompanyNumber (Excel
 * turns 01234567 into 1234567), repeats dropped, and every cell that holds no valid number listed
 * with its address so the user can fix it.
 */
import { parseAddress } from "../address";
import { parseCompanyNumber } from "../company-number";
import { cellAddress } from "./a1";

export interface InvalidNumberCell {
  address: string;
  reason: string;
}

export interface CollectedNumbers {
  /** Normalised, in the order of the cells, each once. */
  numbers: string[];
  invalid: InvalidNumberCell[];
  /** Cells that held a number already seen. */
  repeated: number;
  /** The first cell was text such as "Company number", read as the column's header. */
  headerSkipped: boolean;
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/**
 * INFERRED (ours): the first cell is a header, not a mistake, when it is text that is no company
 * number, holds a letter sequence a number never has, and some other cell is a valid number.
 */
function looksLikeHeader(value: unknown): boolean {
  return typeof value === "string" && !parseCompanyNumber(value).ok && /[A-Za-z]{3,}/.test(value);
}

export function collectCompanyNumbers(selectionAddress: string, values: readonly (readonly unknown[])[]): CollectedNumbers {
  const origin = parseAddress(selectionAddress);
  const sheet = origin?.sheet ?? "";
  const row0 = (origin?.firstRow ?? 1) - 1;
  const column0 = (origin?.firstColumn ?? 1) - 1;
  const seen = new Set<string>();
  const numbers: string[] = [];
  const invalid: InvalidNumberCell[] = [];
  let repeated = 0;
  let headerSkipped = false;
  values.forEach((row, r) =>
    row.forEach((value, c) => {
      if (isBlank(value)) return;
      const parsed = parseCompanyNumber(value);
      if (!parsed.ok) {
        if (r === 0 && c === 0 && looksLikeHeader(value)) headerSkipped = true;
        else invalid.push({ address: cellAddress(sheet, row0 + r, column0 + c), reason: parsed.reason });
        return;
      }
      if (seen.has(parsed.number)) repeated += 1;
      else {
        seen.add(parsed.number);
        numbers.push(parsed.number);
      }
    }),
  );
  // A lone text cell with nothing valid around it is a mistake, not a header.
  if (headerSkipped && numbers.length === 0) {
    const first = parseCompanyNumber(values[0]?.[0]);
    if (!first.ok) invalid.unshift({ address: cellAddress(sheet, row0, column0), reason: first.reason });
    headerSkipped = false;
  }
  return { numbers, invalid, repeated, headerSkipped };
}
