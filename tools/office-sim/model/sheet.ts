/** One worksheet: a sparse map of cells plus the sheet's own properties. */
import { MAX_COLUMNS, type RangeRef } from "./address";
import { type CellValue } from "./cell-values";

export interface CellFormat {
  bold?: boolean;
  italic?: boolean;
  color?: string;
  fill?: string;
  horizontalAlignment?: string;
  wrapText?: boolean;
}

export interface Cell {
  /** What the cell shows: a constant, or the current result of its formula or of the spill it is part of. */
  value: CellValue;
  /** The formula text, for cells that hold one (a spill's anchor holds it; the other spilled cells do not). */
  formula?: string;
  numberFormat?: string;
  /** The number format the formula's result value carries (a FormattedNumber, or a Double from ExcelApi 1.19). */
  valueFormat?: string;
  format?: CellFormat;
  /** Id of the formula whose array result spilled into this cell. */
  spillParent?: number;
}

export type SheetVisibility = "Visible" | "Hidden" | "VeryHidden";

const key = (row: number, col: number) => row * MAX_COLUMNS + col;

export class Sheet {
  name: string;
  visibility: SheetVisibility = "Visible";
  frozenRows = 0;
  frozenColumns = 0;
  tabColor = "";
  readonly columnWidths = new Map<number, number>();
  /** Formats set on whole columns; a cell's own format wins. */
  readonly columnNumberFormats = new Map<number, string>();
  readonly columnFormats = new Map<number, CellFormat>();
  private readonly cells = new Map<number, Cell>();

  constructor(
    readonly id: string,
    name: string,
  ) {
    this.name = name;
  }

  get(row: number, col: number): Cell | undefined {
    return this.cells.get(key(row, col));
  }

  /** The cell, created empty when absent. */
  ensure(row: number, col: number): Cell {
    let cell = this.cells.get(key(row, col));
    if (!cell) {
      cell = { value: null };
      this.cells.set(key(row, col), cell);
    }
    return cell;
  }

  /** Drops the cell when nothing about it differs from an empty cell. */
  compact(row: number, col: number): void {
    const cell = this.cells.get(key(row, col));
    if (
      cell &&
      cell.value === null &&
      !cell.formula &&
      !cell.numberFormat &&
      !cell.format &&
      cell.spillParent === undefined
    ) {
      this.cells.delete(key(row, col));
    }
  }

  numberFormatAt(row: number, col: number): string {
    const cell = this.get(row, col);
    const own = cell?.numberFormat ?? this.columnNumberFormats.get(col) ?? "General";
    // INFERRED: a value's own format shows where the cell's format is General, and only while a
    // formula (or its spill) puts that value there; Range.numberFormat reports it too.
    const fromFormula = cell?.formula !== undefined || cell?.spillParent !== undefined;
    return own === "General" && fromFormula && cell?.valueFormat ? cell.valueFormat : own;
  }

  formatAt(row: number, col: number): CellFormat {
    return { ...this.columnFormats.get(col), ...this.get(row, col)?.format };
  }

  *entries(): IterableIterator<[number, number, Cell]> {
    for (const [k, cell] of this.cells) yield [Math.floor(k / MAX_COLUMNS), k % MAX_COLUMNS, cell];
  }

  get cellCount(): number {
    return this.cells.size;
  }

  /** The smallest range holding every cell with a value or formula (and, unless valuesOnly, a format). */
  usedRange(valuesOnly = false): RangeRef | undefined {
    let used: RangeRef | undefined;
    for (const [row, col, cell] of this.entries()) {
      const counts =
        cell.value !== null || cell.formula !== undefined || (!valuesOnly && (cell.numberFormat || cell.format));
      if (!counts) continue;
      used = used
        ? {
            r0: Math.min(used.r0, row),
            c0: Math.min(used.c0, col),
            r1: Math.max(used.r1, row),
            c1: Math.max(used.c1, col),
          }
        : { r0: row, c0: col, r1: row, c1: col };
    }
    return used;
  }
}
