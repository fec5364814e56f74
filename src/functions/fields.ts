/** UKCO.FIELDS: the field catalogue, so users can see every name UKCO.FIELD takes. */
import type { CompanyFieldInfo } from "@ukco/api/product/fields";
import { COMPANY_FIELDS } from "@ukco/core/api-values";
import type { CellGrid } from "@ukco/core/cell-value";
import { hostCapabilities } from "../host/capabilities";
import { toExcelGrid } from "../host/excel-values";
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

export const FIELDS_HEADER = ["Field", "Type", "Description", "Needs scope"];

export function fieldsFormula(): CellGrid {
  const rows: CellGrid = [FIELDS_HEADER];
  const walk = (fields: readonly CompanyFieldInfo[], prefix: string, scope: string | undefined) => {
    for (const field of fields) {
      const path = prefix + field.name;
      const fieldScope = field.scope ?? scope;
      rows.push([field.kind === "object[]" ? `${path}[0]` : path, field.kind, field.description, fieldScope ?? ""]);
      if (field.items) walk(field.items, field.kind === "object[]" ? `${path}[0].` : `${path}.`, fieldScope);
    }
  };
  walk(COMPANY_FIELDS, "", undefined);
  return rows;
}
