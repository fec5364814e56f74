/**
 * The company tearsheet in Excel: the company of the selected cell (its number, or the first
 * argument of its UKCO formula), and a new sheet laid out by core/tearsheet-template.ts — labels,
 * UKCO formulas and a native chart of each history block, pointed at the block's reserved cells.
 */
import { companyInCell, numberIn } from "@ukco/core/company-in-cell";
import { InvalidArgumentError } from "@ukco/core/errors";
import {
  layoutTearsheet,
  SHEET_TEMPLATES,
  tearsheetSheetName,
  type SheetTemplateId,
  type TearsheetCell,
} from "@ukco/core/tearsheet-template";

export interface SelectedCompany {
  number: string;
  /** The selected cell, with its sheet. */
  address: string;
}

/** The company the active cell stands for; an InvalidArgumentError naming the cell and what it holds otherwise. */
export async function selectedCompany(): Promise<SelectedCompany> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load(["address", "values", "formulas"]);
    await context.sync();
    let found = companyInCell(cell.formulas[0]?.[0], cell.values[0]?.[0]);
    if ("reference" in found) {
      const { sheet, cell: address } = found.reference;
      const input = (sheet ? context.workbook.worksheets.getItem(sheet) : cell.worksheet).getRange(address);
      input.load("values");
      await context.sync();
      found = numberIn(
        input.values[0]?.[0],
        `${sheet ? `${sheet}!` : ""}${address}, the first argument of its UKCO.${found.call} formula`,
      );
    }
    if ("problem" in found) throw new InvalidArgumentError(`No company number in ${cell.address}. ${found.problem}`);
    return { number: found.number, address: cell.address };
  });
}

export interface WrittenTearsheet {
  sheet: string;
  number: string;
  charts: number;
}

/** INFERRED (ours): label and value columns wide enough for the longest label and a typical address, in points. */
const COLUMN_WIDTHS = { A: 190, B: 240 } as const;

function writeCell(sheet: Excel.Worksheet, cell: TearsheetCell): void {
  const range = sheet.getRange(cell.address);
  if (cell.style === "text") range.numberFormat = [["@"]];
  else if (cell.numberFormat) range.numberFormat = [[cell.numberFormat]];
  if (cell.style === "format") return;
  if (cell.value.startsWith("=") && cell.style === undefined) range.formulas = [[cell.value]];
  else range.values = [[cell.value]];
  if (cell.style === "title" || cell.style === "heading") range.format.font.bold = true;
}

/** Writes a sheet of `template` for `number` on a new sheet (named for the company, numbered when taken) and shows it. */
export async function writeTearsheet(
  number: string,
  template: SheetTemplateId = "tearsheet",
): Promise<WrittenTearsheet> {
  const { entries, title, sheetPrefix } = SHEET_TEMPLATES[template];
  const layout = layoutTearsheet(number, entries, title);
  return Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const name = tearsheetSheetName(
      number,
      sheets.items.map((s) => s.name),
      sheetPrefix,
    );
    const sheet = sheets.add(name);
    for (const [column, width] of Object.entries(COLUMN_WIDTHS))
      sheet.getRange(`${column}:${column}`).format.columnWidth = width;
    for (const cell of layout.cells) writeCell(sheet, cell);
    const charts = layout.charts.map((spec) => {
      const chart = sheet.charts.add(spec.type, sheet.getRange(spec.values), Excel.ChartSeriesBy.columns);
      chart.name = spec.title;
      chart.title.text = spec.title;
      chart.setPosition(spec.from, spec.to);
      chart.series.load("count");
      return { chart, spec };
    });
    await context.sync();
    // Excel may make no series of a range that is still empty; one series is then added by hand.
    for (const { chart, spec } of charts) {
      const series = chart.series.count > 0 ? chart.series.getItemAt(0) : chart.series.add(spec.title);
      series.name = spec.title;
      series.setValues(sheet.getRange(spec.values));
      series.setXAxisValues(sheet.getRange(spec.years));
    }
    sheet.activate();
    sheet.getRange(layout.numberCell).select();
    await context.sync();
    return { sheet: name, number, charts: charts.length };
  });
}

/** The one-click action: the selected company's tearsheet (or another sheet template). */
export async function tearsheetForSelection(template: SheetTemplateId = "tearsheet"): Promise<WrittenTearsheet> {
  const { number } = await selectedCompany();
  return writeTearsheet(number, template);
}
