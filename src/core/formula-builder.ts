/**
 * The text of a UKCO.FIELD table formula, built and read back, for the pane's table builder:
 *   =UKCO.FIELD(B2:B500,C1:H1)                       field names in header cells
 *   =UKCO.FIELD(B2:B500,{"CompanyName","SICs"})      field names written in the formula
 *   =UKCO.FIELD($E2,F$1)                             one cell of a table of per-cell formulas
 * Reading splits the call with provenance's `findUkcoCall`, so a formula the builder reads is
 * split as About this value splits it. What it cannot edit (an expression, a column of field
 * names) is a reason in words, never a guess.
 */
import { parseAddress, splitSheet, type RangeRef } from "./address";
import { columnLetters } from "./import/a1";
import { arrayConstantOf, findUkcoCall } from "./formula-text";

/** Where the field names come from: header cells (a one-row range) or names written in the formula. */
export type FieldsSource = { range: string } | { names: string[] };

export interface FieldFormulaSpec {
  /** The company numbers: a reference as the formula writes it (`B2:B500`, `'Q3 list'!$B2`). */
  numbers: string;
  fields: FieldsSource;
  /** The optional third argument, as written (`"n/a"`, `0`); absent when the formula has none. */
  ifEmpty?: string;
}

export type ParsedFieldFormula = { ok: true; spec: FieldFormulaSpec } | { ok: false; reason: string };

/** A text literal as Excel writes it: quoted, inner quotes doubled. */
export const quoteText = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** `"CompanyName"` for one name, `{"CompanyName","SICs"}` (one row) for several. */
export function fieldNamesLiteral(names: readonly string[]): string {
  if (names.length === 1) return quoteText(names[0]!);
  return `{${names.map(quoteText).join(",")}}`;
}

export function buildFieldFormula(spec: FieldFormulaSpec): string {
  const fields = "range" in spec.fields ? spec.fields.range : fieldNamesLiteral(spec.fields.names);
  const ifEmpty = spec.ifEmpty !== undefined && spec.ifEmpty !== "" ? `,${spec.ifEmpty}` : "";
  return `=UKCO.FIELD(${spec.numbers},${fields}${ifEmpty})`;
}

const REFERENCE =
  /^(?:(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?\$?[A-Za-z]{1,3}\$?\d{1,7}(?::\$?[A-Za-z]{1,3}\$?\d{1,7})?$/;

/** A cell or a range of cells (`B2`, `$B$2:$B$500`, `Sheet2!C1:H1`); undefined for anything else. */
export function referenceOf(text: string): RangeRef | undefined {
  return REFERENCE.test(text.trim()) ? parseAddress(text.trim()) : undefined;
}

/** The text items of an array constant (`{"A","B"}` or `{"A";"B"}`); undefined unless every item is text. */
function arrayConstantNames(text: string): string[] | undefined {
  const items = arrayConstantOf(text)?.flat();
  return items?.every((item): item is string => typeof item === "string") ? items : undefined;
}

/** Reads a cell's formula as a FIELD table the builder can edit. */
export function parseFieldFormula(formula: unknown): ParsedFieldFormula {
  if (typeof formula !== "string" || !formula.trim().startsWith("="))
    return {
      ok: false,
      reason:
        "The cell holds no formula (a spilled table keeps its formula in its top-left cell). Select a cell with a UKCO.FIELD formula.",
    };
  const call = findUkcoCall(formula);
  if (!call) return { ok: false, reason: "The cell's formula is not a UKCO formula. Select a UKCO.FIELD cell." };
  if (call.name !== "FIELD")
    return { ok: false, reason: `The cell holds UKCO.${call.name}; the builder edits UKCO.FIELD formulas.` };
  const [numbers = "", fields = "", ifEmpty, ...extra] = call.args;
  if (extra.length > 0 || call.args.length < 2)
    return { ok: false, reason: "UKCO.FIELD takes a company number, a field and an optional if_empty value." };
  if (!referenceOf(numbers))
    return {
      ok: false,
      reason: `The company numbers (${numbers || "none"}) are not a cell or a range, so the builder cannot edit them.`,
    };
  const spec: FieldFormulaSpec = { numbers, fields: { names: [] }, ...(ifEmpty ? { ifEmpty } : {}) };
  const fieldsRange = referenceOf(fields);
  if (fieldsRange) {
    if (fieldsRange.firstRow !== fieldsRange.lastRow && fieldsRange.firstColumn !== fieldsRange.lastColumn)
      return { ok: false, reason: `The field names (${fields}) are not one row of cells.` };
    if (fieldsRange.firstRow !== fieldsRange.lastRow)
      return { ok: false, reason: `The field names (${fields}) are a column; the builder edits them as one row.` };
    return { ok: true, spec: { ...spec, fields: { range: fields } } };
  }
  if (/^"(?:[^"]|"")*"$/.test(fields))
    return { ok: true, spec: { ...spec, fields: { names: [fields.slice(1, -1).replace(/""/g, '"')] } } };
  const names = arrayConstantNames(fields);
  if (names) return { ok: true, spec: { ...spec, fields: { names } } };
  return { ok: false, reason: `The field names (${fields || "none"}) are neither header cells nor names in quotes.` };
}

/**
 * A one-row reference `width` cells wide from the same first cell, keeping its sheet and `$`
 * marks: `C$1:H$1` at width 3 → `C$1:E$1`; width 1 → `C$1`.
 */
export function resizeRowReference(text: string, width: number): string {
  const [sheetPart, cells] = text.includes("!")
    ? [text.slice(0, text.lastIndexOf("!") + 1), splitSheet(text)[1]]
    : ["", text];
  const start = cells.split(":")[0]!;
  const parts = /^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$/.exec(start);
  if (!parts || width <= 1) return `${sheetPart}${start}`;
  const ref = parseAddress(start)!;
  const end = `${parts[1]}${columnLetters(ref.firstColumn - 1 + width - 1)}${parts[3]}${parts[4]}`;
  return `${sheetPart}${start}:${end}`;
}
