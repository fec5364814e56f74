/**
 * The company a cell stands for: the company number it holds, or the first argument of the UKCO
 * formula in it (a literal, or a cell that the caller reads). Anything else is a problem stating
 * what the cell holds.
 */
import { parseCompanyNumber } from "./company-number";
import { argumentOf, findUkcoCall } from "./formula-text";

export type CellCompany =
  | { number: string }
  /** The formula's first argument is a cell: its value is the number. */
  | { reference: { sheet?: string; cell: string }; call: string }
  | { problem: string };

export function companyInCell(formula: unknown, value: unknown): CellCompany {
  const call = typeof formula === "string" ? findUkcoCall(formula) : undefined;
  if (call) {
    const first = call.args[0];
    const argument = first === undefined ? undefined : argumentOf(first);
    if (!argument || ("value" in argument && argument.value === null))
      return {
        problem: `The UKCO.${call.name} formula in it has ${first ? `"${first}"` : "no argument"} as its first argument, not a company number or one cell.`,
      };
    if ("reference" in argument) return { reference: argument.reference, call: call.name };
    return numberIn(argument.value, `the first argument of its UKCO.${call.name} formula`);
  }
  return numberIn(value, "the cell");
}

/** The number a value gives, or why it gives none; `what` names where the value is ("the cell"). */
export function numberIn(value: unknown, what: string): { number: string } | { problem: string } {
  if (value === "" || value === null || value === undefined) return { problem: `${capital(what)} is empty.` };
  const parsed = parseCompanyNumber(value);
  return parsed.ok ? { number: parsed.number } : { problem: `In ${what}: ${parsed.reason}` };
}

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);
