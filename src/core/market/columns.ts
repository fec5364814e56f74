/**
 * The columns of a multi-market table. Market records are small and the same shape in every
 * market (each with its own codes: NAICS in the US, NAF in France, WZ in Germany, NACE in
 * Ireland), so every import shows all of them, in this order. Headers are words and formats are
 * the table builder's (field-labels.ts), as in a UK import.
 */
import type { MarketCompany } from "@ukco/api/market/schemas";
import { asSheetText, type SheetValue } from "../import/columns";
import { isDateCell, toDateCell } from "../cell-value";
import { fieldLabel, NUMBER_FORMATS } from "../field-labels";

export interface MarketColumn {
  /** The record's name for it, which tables imported before headers were words show instead. */
  field: string;
  header: string;
  numberFormat?: string;
  value(company: MarketCompany): SheetValue;
}

const text = (value: unknown): SheetValue => (typeof value === "string" ? asSheetText(value) : "");
const number = (value: unknown): SheetValue => (typeof value === "number" && Number.isFinite(value) ? value : "");

export const MARKET_COLUMNS: readonly MarketColumn[] = [
  { field: "CompanyNumber", header: fieldLabel("CompanyNumber"), value: (c) => text(c.CompanyNumber) },
  { field: "CompanyName", header: "Name", value: (c) => text(c.CompanyName) },
  { field: "Status", header: "Status", value: (c) => text(c.Status) },
  { field: "PrimaryCode", header: "Main industry code", value: (c) => text(c.PrimaryCode) },
  { field: "PrimaryDescription", header: "Main industry", value: (c) => text(c.PrimaryDescription) },
  { field: "Codes", header: "Industry codes", value: (c) => text((c.NAICS ?? []).join("; ")) },
  { field: "City", header: "City", value: (c) => text(c.City) },
  { field: "Region", header: "Region", value: (c) => text(c.Region) },
  { field: "PostalCode", header: "Postal code", value: (c) => text(c.PostalCode) },
  { field: "Website", header: "Website", value: (c) => text(c.Website) },
  { field: "Employees", header: "Employees", numberFormat: NUMBER_FORMATS.count, value: (c) => number(c.Employees) },
  // Each company's own currency (the next column), so the label names no symbol.
  { field: "Revenue", header: "Revenue", numberFormat: NUMBER_FORMATS.money, value: (c) => number(c.Revenue) },
  { field: "Currency", header: "Currency", value: (c) => text(c.Currency) },
  {
    field: "IncorporationDate",
    header: fieldLabel("IncorporationDate"),
    numberFormat: NUMBER_FORMATS.date,
    value: (c) => {
      if (typeof c.IncorporationDate !== "string" || c.IncorporationDate === "") return "";
      const date = toDateCell(c.IncorporationDate, false);
      return isDateCell(date) ? date.serial : asSheetText(c.IncorporationDate);
    },
  },
];

export function marketRow(company: MarketCompany): SheetValue[] {
  return MARKET_COLUMNS.map((column) => column.value(company));
}
