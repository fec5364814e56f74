/** A multi-market company number as typed into a cell (EINs, SIRENs, HRB numbers, CRO numbers). */
import type { CellParse } from "../import/collect-cells";

/** INFERRED (ours): letters, digits and - . / up to 32 characters, with at least one digit. */
export function parseMarketNumber(value: unknown): CellParse {
  const text =
    typeof value === "number" && Number.isInteger(value)
      ? String(value)
      : typeof value === "string"
        ? value.trim()
        : "";
  if (!text) return { ok: false, reason: "not a company number (it is not text)" };
  if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]{0,31}$/.test(text) || !/\d/.test(text))
    return { ok: false, reason: `"${text.slice(0, 40)}" is not a company number` };
  return { ok: true, value: text.toUpperCase() };
}
