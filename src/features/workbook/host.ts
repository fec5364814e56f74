/**
 * Convert to values: replaces the UKCO formulas in the selection with what they show now, spilled
 * results included, so a workbook can be shared with people who do not have the add-in. Other
 * formulas and constants are left alone.
 *
 * A spill is read whole before anything is written (writing its first cell removes the formula and
 * with it the spill), and every read and write goes a slice of rows at a time, each sized in bytes
 * (sized-sync.ts), so a 100,000-row table of long text stays under Excel on the web's 5 MB a sync.
 * Cells are read as Excel gives them: where the host has valuesAsJson (ExcelApi 1.16) a card is
 * written as its display text (Range.values would give #VALUE!) and a number that carried its own
 * format (a date) keeps that format on the cell; elsewhere through values and valueTypes. Finding
 * the cells a formula spills into needs ExcelApi 1.12: without it nothing is changed, and the
 * message names the Excel it needs (capabilities.ts).
 */
import { asSheetText, type SheetValue } from "@ukco/core/import/columns";
import { jsonBytes, OPERATION_BYTES } from "@ukco/core/sync-budget";
import { hostHas, requireFeature } from "../../host/capabilities";
import { readBlock, writeGrid, writeSlices, type CellBlock } from "../../host/sized-sync";

const UKCO_FORMULA = /^=.*\bUKCO\./i;

export interface ConversionResult {
  /** UKCO formulas replaced by their values. */
  converted: number;
  /** Cells written, spilled ones included. */
  cells: number;
  /** Formulas still calculating (#BUSY!), left as formulas. */
  stillCalculating: number;
  /** Company cards written as their display text (a card needs the add-in). */
  cards: number;
}

type Anchor = { row: number; column: number };

/** A cell as it will be written: its value, and the number format to give it (null: keep the cell's). */
interface Converted {
  value: SheetValue;
  format: string | null;
}

/** Strings are written as text (a value "=x" must not become a formula); error codes stay errors. */
function asWritten(value: unknown, type: string): SheetValue {
  if (type === "Error") return String(value);
  return typeof value === "string" && value !== "" ? asSheetText(value) : (value as SheetValue);
}

/**
 * One cell read through valuesAsJson (Excel.CellValue): a card (entity) is its text; a number with
 * its own format keeps it where the cell's format is General (a user's own format wins, as in Excel).
 */
function fromJson(json: Excel.CellValue, cellFormat: unknown, result: ConversionResult): Converted {
  const { type } = json as { type: string };
  if (type === "Entity" || type === "LinkedEntity") {
    result.cards += 1;
    return { value: asSheetText(String((json as { text?: unknown }).text ?? "")), format: null };
  }
  const basic = (json as { basicValue?: unknown }).basicValue;
  const own = (json as { numberFormat?: unknown }).numberFormat;
  const format = typeof own === "string" && own && (cellFormat === "General" || cellFormat === own) ? own : null;
  return { value: asWritten(basic ?? "", type === "Error" ? "Error" : type), format };
}

/** What is read of a cell: its data type where the host can say (ExcelApi 1.16), else its value and type. */
const readProperties = () =>
  hostHas("readDataTypes") ? (["valuesAsJson", "numberFormat"] as const) : (["values", "valueTypes"] as const);

type Read = Partial<Record<"valuesAsJson" | "numberFormat" | "values" | "valueTypes", unknown[][]>>;

/** Cells as they will be written, from what readProperties loaded. */
function converted(read: Read, result: ConversionResult): Converted[][] {
  if (read.valuesAsJson)
    return read.valuesAsJson.map((row, r) =>
      row.map((json, c) => fromJson(json as Excel.CellValue, read.numberFormat?.[r]?.[c], result)),
    );
  return (read.values ?? []).map((row, r) =>
    row.map((value, c) => ({ value: asWritten(value, String(read.valueTypes?.[r]?.[c])), format: null })),
  );
}

/** Writes converted cells at the block, the slice holding its first row (a spill's anchor) first. */
async function writeConverted(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  block: CellBlock,
  cells: Converted[][],
): Promise<void> {
  const at = { row: block.rowIndex, column: block.columnIndex };
  await writeGrid(
    context,
    sheet,
    at,
    "values",
    cells.map((row) => row.map((cell) => cell.value)),
  );
  if (cells.some((row) => row.some((cell) => cell.format !== null)))
    await writeGrid(
      context,
      sheet,
      at,
      "numberFormat",
      cells.map((row) => row.map((cell) => cell.format)),
    );
}

/** The UKCO anchors of a block, its formulas read a slice at a time. */
async function findAnchors(context: Excel.RequestContext, sheet: Excel.Worksheet, block: CellBlock): Promise<Anchor[]> {
  const { formulas } = await readBlock(context, sheet, block, ["formulas"]);
  const anchors: Anchor[] = [];
  formulas.forEach((cells, r) =>
    cells.forEach((formula, c) => {
      if (typeof formula === "string" && UKCO_FORMULA.test(formula))
        anchors.push({ row: block.rowIndex + r, column: block.columnIndex + c });
    }),
  );
  return anchors;
}

/** INFERRED (ours): anchors looked at per round trip. */
const ANCHORS_PER_SYNC = 500;

async function convertGroup(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  anchors: Anchor[],
  result: ConversionResult,
): Promise<void> {
  const properties = readProperties();
  const looked = anchors.map((anchor) => {
    const cell = sheet.getRangeByIndexes(anchor.row, anchor.column, 1, 1);
    const spill = cell.getSpillingToRangeOrNullObject();
    cell.load(["values", ...properties]);
    spill.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
    return { anchor, cell, spill };
  });
  await context.sync();
  const singles: { anchor: Anchor; cell: Converted }[] = [];
  const spills: CellBlock[] = [];
  for (const { anchor, cell, spill } of looked) {
    if (cell.values[0]?.[0] === "#BUSY!") {
      result.stillCalculating += 1;
      continue;
    }
    result.converted += 1;
    if (spill.isNullObject) {
      const read = Object.fromEntries(properties.map((p) => [p, cell[p] as unknown[][]])) as Read;
      singles.push({ anchor, cell: converted(read, result)[0]![0]! });
      result.cells += 1;
    } else {
      const { rowIndex, columnIndex, rowCount, columnCount } = spill;
      spills.push({ rowIndex, columnIndex, rowCount, columnCount });
      result.cells += rowCount * columnCount;
    }
  }
  await writeSlices(
    context,
    singles.length,
    (i) => jsonBytes(singles[i]!.cell.value) + OPERATION_BYTES,
    (start, end) => {
      for (const { anchor, cell } of singles.slice(start, end)) {
        const range = sheet.getRangeByIndexes(anchor.row, anchor.column, 1, 1);
        range.values = [[cell.value]];
        if (cell.format !== null) range.numberFormat = [[cell.format]];
      }
    },
  );
  for (const block of spills) {
    const read = await readBlock(context, sheet, block, readProperties());
    await writeConverted(context, sheet, block, converted(read, result));
  }
}

export async function convertSelectionToValues(): Promise<ConversionResult> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    const sheet = selected.worksheet;
    const used = sheet.getUsedRangeOrNullObject(false);
    const target = selected.getIntersectionOrNullObject(used);
    target.load(["rowIndex", "columnIndex", "rowCount", "columnCount"]);
    await context.sync();
    const result: ConversionResult = { converted: 0, cells: 0, stillCalculating: 0, cards: 0 };
    if (target.isNullObject) return result;
    const anchors = await findAnchors(context, sheet, target);
    // Without the spill APIs a formula's spilled cells cannot be found, and writing its cell would lose them.
    if (anchors.length > 0) requireFeature("spills", "Convert to values");
    for (let i = 0; i < anchors.length; i += ANCHORS_PER_SYNC)
      await convertGroup(context, sheet, anchors.slice(i, i + ANCHORS_PER_SYNC), result);
    return result;
  });
}
