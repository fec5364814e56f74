/**
 * Reading a UKCO formula's text without Excel: the first `UKCO.NAME(…)` call and its arguments as
 * written, and each argument as a literal, a reference (a cell or a range, of any sheet) or an
 * array constant. Anything else (an expression) is left unread, never guessed. About this value,
 * refresh estimates, What changed, the builder's Edit selected formula and the company of a
 * selected cell all read formulas through it.
 */
import { parseAddress, type RangeRef } from "./address";

/** A UKCO call as written in a cell: the function's name and each argument's text. */
export interface FormulaCall {
  name: string;
  args: string[];
}

/** The first `UKCO.NAME(…)` in a formula, with its arguments split where the formula splits them. */
export function findUkcoCall(formula: string): FormulaCall | undefined {
  const start = /\bUKCO\.([A-Z]+)\s*\(/i.exec(formula);
  if (!start) return undefined;
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let i = start.index + start[0].length; i < formula.length; i++) {
    const ch = formula[i]!;
    if (quoted) {
      current += ch;
      if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === "(" || ch === "{") depth += 1;
    else if ((ch === ")" || ch === "}") && depth > 0) depth -= 1;
    else if (ch === ")") {
      if (current.trim() !== "" || args.length > 0) args.push(current.trim());
      return { name: start[1]!.toUpperCase(), args };
    } else if (ch === "," && depth === 0) {
      args.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  return undefined;
}

/** Whether the formula is the call alone, so a table the call spills starts at the formula's cell as it is. */
export const isBareCall = (formula: string): boolean =>
  /^=\s*UKCO\.[A-Z]+\s*\(/i.test(formula.trim()) && formula.trim().endsWith(")");

/** An argument as the formula writes it: a literal's value, or a cell it refers to. */
export type Argument = { value: unknown } | { reference: { sheet?: string; cell: string } };

const CELL_REFERENCE = /^(?:(?:'((?:[^']|'')+)'|([A-Za-z0-9_.]+))!)?\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

/** A literal or a one-cell reference; undefined for anything else (an expression, a range). */
export function argumentOf(text: string): Argument | undefined {
  if (text === "") return { value: null };
  if (/^"(?:[^"]|"")*"$/.test(text)) return { value: text.slice(1, -1).replace(/""/g, '"') };
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return { value: Number(text) };
  if (/^(TRUE|FALSE)$/i.test(text)) return { value: text.toUpperCase() === "TRUE" };
  const ref = CELL_REFERENCE.exec(text);
  if (!ref) return undefined;
  const sheet = ref[1]?.replace(/''/g, "'") ?? ref[2];
  return { reference: { ...(sheet ? { sheet } : {}), cell: `${ref[3]!.toUpperCase()}${ref[4]}` } };
}

const RANGE_REFERENCE =
  /^(?:(?:'((?:[^']|'')+)'|([A-Za-z0-9_.]+))!)?(\$?[A-Za-z]{1,3}\$?\d{1,7}(?::\$?[A-Za-z]{1,3}\$?\d{1,7})?)$/;

/** A reference argument's sheet (by name, or the formula's own when it names none) and cells. */
export function referenceOf(text: string): { sheet?: string; range: RangeRef } | undefined {
  const reference = RANGE_REFERENCE.exec(text);
  if (!reference) return undefined;
  const range = parseAddress(reference[3]!.replace(/\$/g, ""));
  if (!range) return undefined;
  const sheet = reference[1]?.replace(/''/g, "'") ?? reference[2];
  return { ...(sheet ? { sheet } : {}), range };
}

/** Rows of cells' values. */
export type Grid = readonly (readonly unknown[])[];

/** The items of an array constant, each a literal; undefined for anything else. */
export function arrayConstantOf(text: string): Grid | undefined {
  const inner = /^\{(.*)\}$/s.exec(text.trim())?.[1];
  if (inner === undefined) return undefined;
  const rows: unknown[][] = [[]];
  // Items end at a comma or semicolon outside quotes; a doubled quote is a quote inside one.
  for (const [, item, separator] of inner.matchAll(/\s*((?:"(?:[^"]|"")*"|[^",;])*?)\s*([,;]|$)/g)) {
    const value = argumentOf(item!);
    if (!value || !("value" in value) || item === "") return undefined;
    rows.at(-1)!.push(value.value);
    if (separator === ";") rows.push([]);
    if (separator === "") break;
  }
  return rows.every((row) => row.length === rows[0]!.length) ? rows : undefined;
}
