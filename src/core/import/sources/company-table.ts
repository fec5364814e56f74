/**
 * The columns of a table of company records (chosen field paths, each with its number format),
 * with extra columns of the source's own in front: the URL a company matched, a classifier score.
 */
import type { CompanyItem } from "@ukco/api/product/paging";
import { InvalidArgumentError } from "../../errors";
import { asSheetText, recordRow, resolveColumns, type SheetValue } from "../columns";
import { headerRow } from "../table-layout";
import type { RowPage } from "./types";

export interface ExtraColumn {
  header: string;
  numberFormat?: string;
  value(item: CompanyItem): SheetValue;
}

export interface CompanyTable {
  header: SheetValue[];
  fields: (string | undefined)[];
  numberFormats: (string | undefined)[];
  rows(items: readonly CompanyItem[]): RowPage;
}

export function companyTable(paths: readonly string[], extra: readonly ExtraColumn[] = []): CompanyTable {
  const { columns, problems } = resolveColumns(paths);
  if (problems.length) throw new InvalidArgumentError(problems.map((p) => p.message).join(" "));
  return {
    header: [...extra.map((e) => asSheetText(e.header)), ...headerRow(columns)],
    fields: [...extra.map(() => undefined), ...columns.map((c) => c.path.text)],
    numberFormats: [...extra.map((e) => e.numberFormat), ...columns.map((c) => c.numberFormat)],
    rows: (items) => ({
      rows: items.map((item) => [...extra.map((e) => e.value(item)), ...recordRow(item, columns)]),
      invalid: items.filter((item) => "invalid" in item).length,
    }),
  };
}
