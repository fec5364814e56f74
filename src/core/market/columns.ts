/**
 * The columns of a multi-market table. Market records are small and the same shape in every
 * market (each with its own codes: NAICS in the US, NAF in France, WZ in Germany, NACE in
 * Ireland), so every import shows all of them, in this order.
 */
import type { MarketCompany } from "../../api/market/schemas";
import { asSheetText, NUMBER_FORMATS, type SheetValue } from "../import/columns";
import { isDateCell, toDateCell } from "../cell-value";

export interface MarketColumn {
  header: string;
  numberFormat?: string;
  value(company: MarketCompany): SheetValue;
}

const text = (value: unknown): SheetValue => (typeof value === "string" ? asSheetText(value) : "");
const number = (value: unknown): SheetValue => (typeof value === "number" && Number.isFinite(value) ? value : "");

export const MARKET_COLUMNS: readonly MarketColumn[] = [
  { header: "CompanyNumber", value: (c) => text(c.CompanyNumber) },
  { header: "CompanyName", value: (c) => text(c.CompanyName) },
  { header: "Status", value: (c) => text(c.Status) },
  { header: "PrimaryCode", value: (c) => text(c.PrimaryCode) },
  { header: "PrimaryDescription", value: (c) => text(c.PrimaryDescription) },
  { header: "Codes", value: (c) => text((c.NAICS ?? []).join("; ")) },
  { header: "City", value: (c) => text(c.City) },
  { header: "Region", value: (c) => text(c.Region) },
  { header: "PostalCode", value: (c) => text(c.PostalCode) },
  { header: "Website", value: (c) => text(c.Website) },
  { header: "Employees", numberFormat: NUMBER_FORMATS.count, value: (c) => number(c.Employees) },
  { header: "Revenue", numberFormat: "#,##0", value: (c) => number(c.Revenue) },
  { header: "Currency", value: (c) => text(c.Currency) },
  {
    header: "IncorporationDate",
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
