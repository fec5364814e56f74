/** UKCO.FIELDS: the field catalogue, so users can see every name UKCO.FIELD takes. */
import { COMPANY_FIELDS, type CompanyFieldInfo } from "../../api/product/fields";
import type { CellGrid } from "../cell-value";

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
