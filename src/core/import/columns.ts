/**
 * The columns of an imported table: field paths as UKCO.FIELD takes them, each with its header,
 * its Excel number format, and how a record's value becomes one cell. Headers and formats are the
 * table builder's (field-labels.ts), so a field reads the same in an import as in a built table;
 * the field name itself stays in the table's saved source, which is what a refresh runs.
 */
import { COMPANY_FIELDS, type CompanyFieldInfo } from "@ukco/api/product/fields";
import type { LazyCompanyItem, RawCompany } from "@ukco/api/product/lazy-company";
import type { CompanyItem } from "@ukco/api/product/paging";
import { isInvalidCompany } from "@ukco/api/product/responses";
import { cellText, isDateCell, toCellScalar, type CellScalar } from "../cell-value";
import { toUserError } from "../errors";
import { fieldLabel, fieldNumberFormat } from "../field-labels";
import { readCompanyPath, resolveFieldPath, type ResolvedPath } from "../field-path";

/** What one cell of a range write holds. */
export type SheetValue = string | number | boolean;

export interface ImportColumn {
  path: ResolvedPath;
  /** The field's label ("Turnover, best estimate (£)"); the field name is `path.text`. */
  header: string;
  /** Excel number format for the column's cells; undefined leaves General. */
  numberFormat?: string;
}

/** INFERRED (ours): what a new import shows unless the user chooses otherwise. */
export const DEFAULT_COLUMNS: readonly string[] = [
  "CompanyNumber",
  "CompanyName",
  "CompanyStatus",
  "IncorporationDate",
  "RegisteredPostcode",
  "CompanyNation",
  "SICs",
  "Homepage_domain",
  "BestEstimateTurnover",
  "BestEstimateEmployees",
];

/** As UKCO.FIELD joins lists into one cell (src/functions/field.ts, above core, which it cannot import). */
const LIST_SEPARATOR = "; ";

/** Excel keeps at most 32,767 characters in a cell. */
const MAX_CELL_TEXT = 32_000;

/** A leading apostrophe makes Excel keep the rest as text: "=…" stays no formula, "01234567" keeps its zero. */
export function asSheetText(text: string): string {
  return `'${text.length > MAX_CELL_TEXT ? `${text.slice(0, MAX_CELL_TEXT - 1)}…` : text}`;
}

/** A cell value as a person reads it: text without the apostrophe that tells Excel to keep it as text. */
export function shownValue(value: SheetValue | null | undefined): string {
  const text = String(value ?? "");
  return typeof value === "string" && text.startsWith("'") ? text.slice(1) : text;
}

export interface ColumnProblem {
  path: string;
  message: string;
}

/** Checks each path against the catalogue; a group of fields (an object) is not one column. */
export function resolveColumns(paths: readonly string[]): { columns: ImportColumn[]; problems: ColumnProblem[] } {
  const columns: ImportColumn[] = [];
  const problems: ColumnProblem[] = [];
  for (const text of paths) {
    try {
      const path = resolveFieldPath(text);
      if (path.kind === "object" || path.kind === "object[]") {
        problems.push({
          path: text,
          message: `${path.text} is a group of fields: choose one of its members, such as ${path.text}.${path.info.items?.[0]?.name ?? "…"}.`,
        });
      } else if (!columns.some((c) => c.path.text === path.text)) {
        columns.push({ path, header: fieldLabel(path.text), numberFormat: fieldNumberFormat(path.text) });
      }
    } catch (error) {
      problems.push({ path: text, message: toUserError(error).message });
    }
  }
  return { columns, problems };
}

function sheetScalar(value: CellScalar): SheetValue {
  if (isDateCell(value)) return value.serial;
  return typeof value === "string" ? asSheetText(value) : value;
}

/** A column's cell for a record; a value the record schema refuses says so in its cell, and only there. */
export function cellValue(record: RawCompany, column: ImportColumn): SheetValue {
  const read = readCompanyPath(record, column.path.steps);
  if (!read.ok) return asSheetText(`⚠ This value could not be read (${read.problem}).`);
  const raw = read.value;
  if (Array.isArray(raw)) {
    const itemKind = column.path.kind.replace("[]", "") as ResolvedPath["kind"];
    const items = raw
      .map((item) => toCellScalar(item, itemKind))
      .filter((item): item is CellScalar => item !== undefined);
    if (items.length === 1) return sheetScalar(items[0]!);
    return items.length ? asSheetText(items.map(cellText).join(LIST_SEPARATOR)) : "";
  }
  const scalar = toCellScalar(raw, column.path.kind);
  return scalar === undefined ? "" : sheetScalar(scalar);
}

/** One table row; a record that failed validation keeps its place and says why in its first free column. */
export function recordRow(item: CompanyItem | LazyCompanyItem, columns: readonly ImportColumn[]): SheetValue[] {
  if (!isInvalidCompany(item)) return columns.map((column) => cellValue(item, column));
  let told = false;
  return columns.map((column) => {
    if (column.path.text === "CompanyNumber") return asSheetText(item.CompanyNumber ?? "");
    if (told) return "";
    told = true;
    return asSheetText(`⚠ This record could not be read (${item.problem}).`);
  });
}

export interface ColumnChoice {
  path: string;
  description: string;
  kind: string;
}

function choicesOf(fields: readonly CompanyFieldInfo[], prefix: string, depth: number): ColumnChoice[] {
  return fields.flatMap((field): ColumnChoice[] => {
    const path = `${prefix}${field.name}`;
    if (field.kind === "object" || field.kind === "object[]")
      return depth === 0 ? choicesOf(field.items ?? [], `${path}.`, 1) : [];
    return [{ path, description: field.description, kind: field.kind }];
  });
}

/** Every column the chooser offers: top-level fields and the members of object fields (lists fan out, as in UKCO.FIELD). */
export const COLUMN_CHOICES: readonly ColumnChoice[] = choicesOf(COMPANY_FIELDS, "", 0);
