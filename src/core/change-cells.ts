/**
 * The cells that show each changed value: every single-cell `UKCO.FIELD` formula whose company and
 * field, read from its arguments (literals, or cells of any sheet), are those of a change. Works on
 * the formulas and values of each sheet's used range, read once; a formula over a range (a spilled
 * table) or with an argument that is an expression is not placed.
 */
import { parseAddress } from "./address";
import { parseCompanyNumber } from "./company-number";
import { cellAddress } from "./import/a1";
import { resolveFieldPath } from "./field-path";
import { argumentOf, findUkcoCall } from "./provenance";

/** A sheet's used range: where it starts (0-based) and its formulas and values. */
export interface SheetCells {
  name: string;
  row0: number;
  column0: number;
  formulas: readonly (readonly unknown[])[];
  values: readonly (readonly unknown[])[];
}

export const changeKey = (company: string, field: string): string => `${company}\u0000${field}`;

/** Addresses (`Sheet1!B3`) by changeKey, for the keys asked about. */
export function cellsShowingChanges(sheets: readonly SheetCells[], keys: ReadonlySet<string>): Map<string, string[]> {
  const byName = new Map(sheets.map((sheet) => [sheet.name.toLowerCase(), sheet]));
  const valueAt = (sheet: SheetCells, cell: string): unknown => {
    const at = parseAddress(cell);
    if (!at) return undefined;
    return sheet.values[at.firstRow - 1 - sheet.row0]?.[at.firstColumn - 1 - sheet.column0];
  };
  const found = new Map<string, string[]>();
  for (const sheet of sheets) {
    sheet.formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        if (typeof formula !== "string" || !/UKCO\.FIELD\s*\(/i.test(formula)) return;
        const call = findUkcoCall(formula);
        if (call?.name !== "FIELD" || call.args.length < 2) return;
        const [number, field] = call.args.slice(0, 2).map((text) => {
          const arg = argumentOf(text);
          if (!arg) return undefined;
          if ("value" in arg) return arg.value;
          const home = arg.reference.sheet ? byName.get(arg.reference.sheet.toLowerCase()) : sheet;
          return home ? valueAt(home, arg.reference.cell) : undefined;
        });
        const company = parseCompanyNumber(number);
        if (!company.ok || typeof field !== "string") return;
        let path: string;
        try {
          path = resolveFieldPath(field).text;
        } catch {
          return;
        }
        const key = changeKey(company.number, path);
        if (!keys.has(key)) return;
        const address = cellAddress(sheet.name, sheet.row0 + r, sheet.column0 + c);
        found.set(key, [...(found.get(key) ?? []), address]);
      }),
    );
  }
  return found;
}
