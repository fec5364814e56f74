import { fieldsFormula } from "../core/functions/catalogue";
import { toExcelGrid } from "../host/excel-values";
import { hostCapabilities } from "../host/capabilities";
import { defineFunction } from "../host/function-table";

/**
 * Lists every field UKCO.FIELD can return, with its type, a description and the token scope it needs (if any). Spills a table of several hundred rows.
 * @customfunction FIELDS
 * @returns A table: field name, type, description, needed scope.
 */
export function fields(): any[][] {
  return toExcelGrid(fieldsFormula(), hostCapabilities());
}

/** The catalogue keeps nothing in the store: its value comes from the add-in itself. */
export const FIELDS = defineFunction({ name: "FIELDS", formula: () => fieldsFormula() });
