/**
 * Parses the formulas the simulated host evaluates: one call of an add-in function,
 * `=NS.NAME(arg, …)`, whose arguments are literals, cell or range references (optionally on
 * another sheet), array constants, error literals, or omitted. Anything else is reported as not
 * simulated rather than evaluated wrongly.
 */
import { parseAddress, type RangeRef } from "../model/address";
import { isErrorCode, type ErrorCode } from "../model/cell-values";

export type Literal = string | number | boolean;
export type FormulaArg =
  | { kind: "missing" }
  | { kind: "literal"; value: Literal }
  | { kind: "error"; code: ErrorCode }
  | { kind: "ref"; sheet?: string; range: RangeRef; text: string }
  | { kind: "array"; rows: Literal[][] };

export interface ParsedFormula {
  namespace: string;
  name: string;
  args: FormulaArg[];
}

export type ParseResult = { ok: true; formula: ParsedFormula } | { ok: false; reason: string };

const NOT_A_CALL =
  "not simulated: the simulated host evaluates only formulas of the form =NAMESPACE.FUNCTION(arguments)";

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }
  peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? "";
  }
  take(pattern: RegExp): string | undefined {
    this.skipSpace();
    const match = pattern.exec(this.text.slice(this.pos));
    if (!match || match.index !== 0) return undefined;
    this.pos += match[0].length;
    return match[0];
  }
  done(): boolean {
    this.skipSpace();
    return this.pos >= this.text.length;
  }
}

class ParseError extends Error {}

function stringLiteral(raw: string): string {
  return raw.slice(1, -1).replace(/""/g, '"');
}

function literal(cursor: Cursor): Literal | undefined {
  const str = cursor.take(/"(?:[^"]|"")*"/);
  if (str !== undefined) return stringLiteral(str);
  const num = cursor.take(/[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?(?![A-Za-z0-9_:!$])/);
  if (num !== undefined) return Number(num);
  const bool = cursor.take(/(TRUE|FALSE)(?![A-Za-z0-9_.(:!$])/i);
  if (bool !== undefined) return bool.toUpperCase() === "TRUE";
  return undefined;
}

function arrayConstant(cursor: Cursor): Literal[][] {
  const rows: Literal[][] = [[]];
  for (;;) {
    const value = literal(cursor);
    if (value === undefined) throw new ParseError("an array constant holds only numbers, text and TRUE/FALSE");
    rows[rows.length - 1]!.push(value);
    const sep = cursor.take(/[,;}]/);
    if (sep === "}") break;
    if (sep === ";") rows.push([]);
    else if (sep !== ",") throw new ParseError("unterminated array constant");
  }
  if (rows.some((row) => row.length !== rows[0]!.length)) throw new ParseError("array constant rows differ in length");
  return rows;
}

function argument(cursor: Cursor): FormulaArg {
  const next = cursor.peek();
  if (next === "," || next === ")") return { kind: "missing" };
  if (cursor.take(/\{/)) return { kind: "array", rows: arrayConstant(cursor) };
  const error = cursor.take(/#(N\/A|VALUE!|DIV\/0!|NUM!|NULL!|NAME\?|REF!)/i);
  if (error !== undefined && isErrorCode(error.toUpperCase()))
    return { kind: "error", code: error.toUpperCase() as ErrorCode };
  const value = literal(cursor);
  if (value !== undefined) return { kind: "literal", value };
  const ref = cursor.take(
    /((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?\$?[A-Za-z]{0,3}\$?\d*(:\$?[A-Za-z]{0,3}\$?\d*)?(?![A-Za-z0-9_.(])/,
  );
  if (ref) {
    const parsed = parseAddress(ref);
    if (parsed)
      return parsed.sheet === undefined
        ? { kind: "ref", range: parsed.range, text: ref }
        : { kind: "ref", sheet: parsed.sheet, range: parsed.range, text: ref };
  }
  if (cursor.take(/[A-Za-z_][A-Za-z0-9_.]*\s*\(/)) throw new ParseError("not simulated: nested function calls");
  throw new ParseError(`not simulated: the argument at position ${cursor.pos + 1}`);
}

const SIGN_AS_FORMULA =
  "Excel reads text that starts with + or - as a formula; write it with the Text number format (@) or a leading apostrophe to keep it as text";

export function parseFormula(text: string): ParseResult {
  if (/^[+-]/.test(text)) return { ok: false, reason: SIGN_AS_FORMULA };
  const cursor = new Cursor(text.startsWith("=") ? text.slice(1) : text);
  const name = cursor.take(/[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_.]*(?=\s*\()/);
  if (!name || !cursor.take(/\(/)) return { ok: false, reason: NOT_A_CALL };
  const dot = name.indexOf(".");
  const args: FormulaArg[] = [];
  try {
    if (cursor.peek() !== ")") {
      for (;;) {
        args.push(argument(cursor));
        if (cursor.take(/,/) === undefined) break;
      }
    }
    if (!cursor.take(/\)/) || !cursor.done()) return { ok: false, reason: NOT_A_CALL };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, reason: error.message };
    throw error;
  }
  return {
    ok: true,
    formula: { namespace: name.slice(0, dot).toUpperCase(), name: name.slice(dot + 1).toUpperCase(), args },
  };
}
