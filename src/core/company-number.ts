/**
 * UK company numbers, normalised at the edge (docs/DESIGN.md): Excel turns `01234567` into the number
 * 1234567, and people type `sc 1234`. Every cache key and request uses the 8-character form.
 */
import { InvalidArgumentError } from "./errors";

/** A two-character register prefix: `SC`, `NI`, `OC`, `SO`, `NC`, `FC`, `IP`, `LP`, … and the older `R0`. */
const PREFIXED = /^([A-Z]{2}|R0)(\d{1,6})$/;
const DIGITS = /^\d{1,8}$/;
/** Already in the 8-character form: most cells, every one of a long column, take this road. */
const NORMAL = /^(?:\d{8}|[A-Z]{2}\d{6}|R0\d{6})$/;

export type CompanyNumberResult = { ok: true; number: string } | { ok: false; reason: string };

/** Normalises without throwing: for validating many cells at once (a pane's selected range). */
export function parseCompanyNumber(input: unknown): CompanyNumberResult {
  if (typeof input === "string" && NORMAL.test(input)) return { ok: true, number: input };
  if (typeof input === "number") {
    if (!Number.isInteger(input) || input <= 0 || input > 99_999_999) {
      return {
        ok: false,
        reason: `${input} is not a company number: expected up to 8 digits, or 2 letters and 6 digits.`,
      };
    }
    return { ok: true, number: String(input).padStart(8, "0") };
  }
  if (typeof input !== "string") {
    return { ok: false, reason: `A company number is text or a whole number, not ${describe(input)}.` };
  }
  const compact = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "");
  if (compact === "") return { ok: false, reason: "The company number is empty." };
  if (DIGITS.test(compact)) return { ok: true, number: compact.padStart(8, "0") };
  const prefixed = PREFIXED.exec(compact);
  if (prefixed) return { ok: true, number: prefixed[1]! + prefixed[2]!.padStart(6, "0") };
  // Quoted as typed (trimmed), not as compacted: "Company tearsheet", never "COMPANYTEARSHEET".
  const typed = input.trim().replace(/\s+/g, " ");
  const shown = typed.length > 40 ? `${typed.slice(0, 40)}…` : typed;
  return {
    ok: false,
    reason: `"${shown}" is not a company number: expected up to 8 digits (01234567) or 2 letters and 6 digits (SC123456).`,
  };
}

/** Normalises or throws InvalidArgumentError (shown as #VALUE! with the reason). */
export function normaliseCompanyNumber(input: unknown): string {
  const result = parseCompanyNumber(input);
  if (!result.ok) throw new InvalidArgumentError(result.reason);
  return result.number;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return "an empty cell";
  if (typeof value === "boolean") return `the logical value ${value ? "TRUE" : "FALSE"}`;
  return `a ${typeof value}`;
}
