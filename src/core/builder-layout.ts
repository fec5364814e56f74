/**
 * Where the table builder's formulas go and what each cell holds, worked out before anything is
 * written: a block of a header row of field labels ("Turnover, best estimate (£)") over either one
 * spilled `=UKCO.FIELD(B2:B500,{"BestEstimateTurnover","CompanyName"})` or a formula in each cell.
 * The field names live in the formulas themselves, so the header is free to speak the analyst's
 * words and a relabelled header never changes what a formula fetches; each column gets the number
 * format of its field (#,##0 for money and counts, a date format for dates), as the tearsheet does. A column of company names gets a
 * helper column of `=UKCO.MATCH(A2)` first (one per row, so a name with no match spoils only its
 * row) and the fields read the matched numbers from it. Every cell the block fills must be empty
 * first: the host checks the block's area and says which cells hold data.
 */
import { InvalidArgumentError } from "./errors";
import { fieldLabel, fieldNumberFormat } from "./field-labels";
import { cellAddress, columnLetters, quoteSheet } from "./import/a1";
import {
  buildFieldFormula,
  referenceOf,
  resizeRowReference,
  type FieldFormulaSpec,
  type FieldsSource,
} from "./formula-builder";

/** The column the user picked, as the sheet holds it (0-based). */
export interface SourceColumn {
  sheet: string;
  column: number;
  /** The first row of values (below a header cell, if the selection had one). */
  firstRow: number;
  rowCount: number;
  kind: "numbers" | "names";
}

/** One spilled formula for the whole table, or one formula per cell. */
export type TableLayout = "spill" | "cells";

export interface CellBlock {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** Cells to write on one sheet, from a top-left corner: text, or formulas starting with "=". */
export interface CellWrite {
  sheet: string;
  row: number;
  column: number;
  formulas: string[][];
}

/** A number format for a block of cells (a field's column of values). */
export interface FormatWrite {
  sheet: string;
  block: CellBlock;
  format: string;
}

export interface TablePlan {
  sheet: string;
  /** Everything the insert fills, header and spill area included. */
  area: CellBlock;
  writes: CellWrite[];
  formats: FormatWrite[];
  /** The first FIELD formula and where it is (`C2`). */
  formula: string;
  formulaCell: string;
}

export const MATCHED_NUMBER_HEADER = fieldLabel("CompanyNumber");

/** The header cells of `fields`: their labels. */
export const headerLabels = (fields: readonly string[]): string[] => fields.map(fieldLabel);

/** Each field's column of `rows` values from (row, column), with the number format it is shown in. */
function columnFormats(
  sheet: string,
  fields: readonly string[],
  at: { row: number; column: number },
  rows: number,
): FormatWrite[] {
  return fields.flatMap((field, f) => {
    const format = fieldNumberFormat(field);
    return format ? [{ sheet, block: { row: at.row, column: at.column + f, rows, columns: 1 }, format }] : [];
  });
}

/** `$B2`-style references, with the sheet only when the formula sits on another one. */
function ref(sheet: string, home: string, text: string): string {
  return sheet.toLowerCase() === home.toLowerCase() ? text : `${quoteSheet(sheet)}!${text}`;
}

const a1 = (row: number, column: number) => cellAddress("", row, column);

/**
 * The block for `fields` with its top-left corner at `at` on `sheet`. With `header`, the first row
 * holds the fields' labels; the formulas name the fields either way.
 */
export function planTable(
  source: SourceColumn,
  fields: readonly string[],
  layout: TableLayout,
  at: { sheet: string; row: number; column: number },
  header: boolean,
): TablePlan {
  if (fields.length === 0) throw new InvalidArgumentError("Choose at least one field.");
  const { sheet } = at;
  const helper = source.kind === "names";
  const dataRow = at.row + (header ? 1 : 0);
  const fieldColumn = at.column + (helper ? 1 : 0);
  const writes: CellWrite[] = [];
  const rows = Array.from({ length: source.rowCount }, (_, i) => i);
  // The company numbers the fields read: the picked column, or the helper column of matches.
  let numbers: { sheet: string; column: number; firstRow: number } = source;
  if (helper) {
    const names = (i: number) => ref(source.sheet, sheet, a1(source.firstRow + i, source.column));
    writes.push({
      sheet,
      row: dataRow,
      column: at.column,
      formulas: rows.map((i) => [`=UKCO.MATCH(${names(i)})`]),
    });
    numbers = { sheet, column: at.column, firstRow: dataRow };
  }
  if (header)
    writes.push({
      sheet,
      row: at.row,
      column: at.column,
      formulas: [[...(helper ? [MATCHED_NUMBER_HEADER] : []), ...headerLabels(fields)]],
    });
  const numbersColumn = columnLetters(numbers.column);
  let formula: string;
  if (layout === "spill") {
    const last = numbers.firstRow + source.rowCount - 1;
    const numbersRef =
      source.rowCount === 1
        ? a1(numbers.firstRow, numbers.column)
        : `${a1(numbers.firstRow, numbers.column)}:${numbersColumn}${last + 1}`;
    formula = buildFieldFormula({ numbers: ref(numbers.sheet, sheet, numbersRef), fields: { names: [...fields] } });
    writes.push({ sheet, row: dataRow, column: fieldColumn, formulas: [[formula]] });
  } else {
    const cell = (i: number, f: number) =>
      buildFieldFormula({
        numbers: ref(numbers.sheet, sheet, `$${numbersColumn}${numbers.firstRow + i + 1}`),
        fields: { names: [fields[f]!] },
      });
    const formulas = rows.map((i) => fields.map((_, f) => cell(i, f)));
    writes.push({ sheet, row: dataRow, column: fieldColumn, formulas });
    formula = formulas[0]![0]!;
  }
  return {
    sheet,
    area: {
      row: at.row,
      column: at.column,
      rows: source.rowCount + (header ? 1 : 0),
      columns: fields.length + (helper ? 1 : 0),
    },
    writes,
    formats: columnFormats(sheet, fields, { row: dataRow, column: fieldColumn }, source.rowCount),
    formula,
    formulaCell: a1(dataRow, fieldColumn),
  };
}

/**
 * The first of `width` side-by-side columns that are empty in every row of `cells` (the rows the
 * block will fill, read from `cells[r][0]` = the column just right of the values), as an offset.
 */
export function firstEmptyColumns(cells: readonly (readonly unknown[])[], width: number): number {
  const blank = (value: unknown) => value === null || value === undefined || value === "";
  const columnEmpty = (c: number) => cells.every((row) => blank(row[c]));
  let run = 0;
  for (let c = 0; ; c++) {
    run = columnEmpty(c) ? run + 1 : 0;
    if (run === width) return c - width + 1;
  }
}

/** The non-empty cells of a block, as addresses, for the message that refuses to write over them. */
export function occupiedCells(
  sheet: string,
  block: CellBlock,
  cells: readonly (readonly unknown[])[],
  limit = 5,
): string[] {
  const found: string[] = [];
  cells.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value !== null && value !== undefined && value !== "" && found.length < limit)
        found.push(cellAddress(sheet, block.row + r, block.column + c));
    }),
  );
  return found;
}

/** A FIELD formula the builder opened: where it is, what it says, and the field names it reads. */
export interface OpenedFormula {
  sheet: string;
  row: number;
  column: number;
  spec: FieldFormulaSpec;
  fields: string[];
  /** The row above a formula that names its fields holds their labels (the builder wrote them): they follow an edit. */
  labelsAbove?: boolean;
}

export interface RewritePlan {
  formula: string;
  /** Header cells to write (the new names) and to empty (old header cells beyond the new width). */
  writes: CellWrite[];
  clears: { sheet: string; block: CellBlock }[];
  /** Cells that must be empty first: new header cells, and the cells the table will newly spill into. */
  guards: { sheet: string; block: CellBlock }[];
}

/**
 * The edit of an opened formula: new company numbers (a reference) and field names. Names read
 * from header cells stay in header cells (the range grows or shrinks from its first cell);
 * names written in the formula stay there.
 */
export function planRewrite(opened: OpenedFormula, next: { numbers: string; fields: readonly string[] }): RewritePlan {
  if (next.fields.length === 0) throw new InvalidArgumentError("Choose at least one field.");
  const numbersRef = referenceOf(next.numbers);
  if (!numbersRef) throw new InvalidArgumentError(`"${next.numbers}" is not a cell or a range of company numbers.`);
  const writes: CellWrite[] = [];
  const clears: RewritePlan["clears"] = [];
  const guards: RewritePlan["guards"] = [];
  const oldWidth = opened.fields.length;
  const width = next.fields.length;
  let fields: FieldsSource = { names: [...next.fields] };
  // Header cells that follow the fields: the names a range form reads, or the labels above a formula naming them.
  let header: { sheet: string; row: number; column: number; cells: string[] } | undefined;
  if ("range" in opened.spec.fields) {
    const range = opened.spec.fields.range;
    const ref = referenceOf(range)!;
    fields = { range: resizeRowReference(range, width) };
    const at = { sheet: ref.sheet || opened.sheet, row: ref.firstRow - 1, column: ref.firstColumn - 1 };
    header = { ...at, cells: [...next.fields] };
  } else if (opened.labelsAbove && opened.row > 0)
    header = { sheet: opened.sheet, row: opened.row - 1, column: opened.column, cells: headerLabels(next.fields) };
  if (header) {
    const { sheet, row, column } = header;
    writes.push({ sheet, row, column, formulas: [header.cells] });
    if (width > oldWidth)
      guards.push({ sheet, block: { row, column: column + oldWidth, rows: 1, columns: width - oldWidth } });
    if (width < oldWidth)
      clears.push({ sheet, block: { row, column: column + width, rows: 1, columns: oldWidth - width } });
  }
  const rows = numbersRef.lastRow - numbersRef.firstRow + 1;
  const oldRows =
    (referenceOf(opened.spec.numbers)?.lastRow ?? 0) - (referenceOf(opened.spec.numbers)?.firstRow ?? 0) + 1;
  const { row, column, sheet } = opened;
  // Cells the spilled table newly reaches: columns beyond the old width, rows below the old height.
  if (width > oldWidth)
    guards.push({
      sheet,
      block: { row, column: column + oldWidth, rows: Math.max(rows, oldRows), columns: width - oldWidth },
    });
  if (rows > oldRows)
    guards.push({
      sheet,
      block: { row: row + oldRows, column, rows: rows - oldRows, columns: Math.min(width, oldWidth) },
    });
  const formula = buildFieldFormula({
    numbers: next.numbers,
    fields,
    ...(opened.spec.ifEmpty ? { ifEmpty: opened.spec.ifEmpty } : {}),
  });
  return { formula, writes, clears, guards };
}

/** A typed cell address (`E1`, `'Q3 list'!E1`) as a place for the table, on `home` unless it names a sheet. */
export function placeOf(text: string, home: string): { sheet: string; row: number; column: number } {
  const ref = referenceOf(text);
  if (!ref || ref.firstRow !== ref.lastRow || ref.firstColumn !== ref.lastColumn)
    throw new InvalidArgumentError(`"${text.trim()}" is not a cell address. Type one such as E1 or Sheet2!E1.`);
  return { sheet: ref.sheet || home, row: ref.firstRow - 1, column: ref.firstColumn - 1 };
}
