/**
 * What typing text into a cell (or writing it through Range.values/formulas) stores, as Excel
 * interprets it: "=..." is a formula, numbers, TRUE/FALSE and ISO dates become values, unless the
 * cell is formatted as Text ("@"), where everything stays text (so "01234567" keeps its zero).
 */
import { type CellValue } from "./cell-values";
import { dateToSerial } from "./number-format";

export type CellInput = { formula: string } | { value: CellValue; numberFormat?: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// INFERRED: the date format Excel applies to an ISO date typed into a General cell depends on the
// locale; the sim uses the ISO form so dates read back as they were written.
export const DATE_FORMAT = "yyyy-mm-dd";

export function parseInput(raw: unknown, numberFormat = "General"): CellInput {
  if (raw === null || raw === undefined || raw === "") return { value: null };
  if (typeof raw === "number" || typeof raw === "boolean") return { value: raw };
  const text = String(raw);
  if (text.startsWith("'")) return { value: text.slice(1) };
  if (numberFormat === "@") return { value: text };
  if (text.startsWith("=") && text.length > 1) return { formula: text };
  // Excel reads text starting with + or - that is not a number as a formula too (a phone number
  // such as "+44 20 7946 0000" becomes a broken formula); see parseFormula's message for it.
  if (/^[+-]/.test(text) && !NUMBER.test(text.trim())) return { formula: text };
  if (NUMBER.test(text.trim())) return { value: Number(text.trim()) };
  const upper = text.trim().toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return { value: upper === "TRUE" };
  const date = ISO_DATE.exec(text.trim());
  if (date) {
    const serial = dateToSerial(Number(date[1]), Number(date[2]), Number(date[3]));
    return numberFormat === "General" ? { value: serial, numberFormat: DATE_FORMAT } : { value: serial };
  }
  return { value: text };
}
