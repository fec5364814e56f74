/**
 * Company numbers from the cells the user selected: normalised with parseCompanyNumber (Excel
 * turns 01234567 into 1234567), repeats dropped, and every cell that holds no valid number listed
 * with its address so the user can fix it.
 */
import { parseCompanyNumber } from "../company-number";
import { collectCells, type InvalidCell } from "./collect-cells";

export type InvalidNumberCell = InvalidCell;

export interface CollectedNumbers {
  /** Normalised, in the order of the cells, each once. */
  numbers: string[];
  invalid: InvalidNumberCell[];
  /** Cells that held a number already seen. */
  repeated: number;
  /** The first cell was text such as "Company number", read as the column's header. */
  headerSkipped: boolean;
}

export function collectCompanyNumbers(
  selectionAddress: string,
  values: readonly (readonly unknown[])[],
): CollectedNumbers {
  const { values: numbers, ...rest } = collectCells(selectionAddress, values, (value) => {
    const parsed = parseCompanyNumber(value);
    return parsed.ok ? { ok: true, value: parsed.number } : parsed;
  });
  return { numbers, ...rest };
}
