/**
 * Core cell values → what a custom function returns to Excel. The one place UserErrors become
 * CustomFunctions.Error (#VALUE! or #N/A with the message), dates become numbers carrying a date
 * format, and company cards become entity values, where the host takes data types from custom
 * functions (capabilities.ts, dataTypeResults). Elsewhere a card is its name and a date its serial
 * number, formatted by the cell (the add-in writes a date format where it writes the cells).
 */
import { cellMessage } from "./cell-words";
import type { HostCapabilities } from "./capabilities";
import { isDateCell, isEntityCell, type CellGrid, type CellResult, type CellScalar } from "@ukco/core/cell-value";
import { toUserError, UserError } from "@ukco/core/errors";

export type { HostCapabilities } from "./capabilities";

/** Excel shows at most this much of an error message; longer ones are cut with an ellipsis. */
const MAX_MESSAGE = 250;

export function toExcelError(error: unknown): CustomFunctions.Error {
  const userError = toUserError(error);
  const code =
    userError.excel === "value" ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
  const words = cellMessage(userError);
  const message = words.length > MAX_MESSAGE ? `${words.slice(0, MAX_MESSAGE - 1)}…` : words;
  return new CustomFunctions.Error(code, message);
}

function scalarValue(value: CellScalar, capabilities: HostCapabilities): unknown {
  if (!isDateCell(value)) return value;
  // A data type here would be #VALUE! (no CustomFunctionsRuntime 1.4): the bare serial, which the cell formats.
  if (!capabilities.dataTypes) return value.serial;
  // "As of ExcelApi 1.19, use DoubleCellValue instead" of FormattedNumber, whose numberFormat is
  // "applied to the value and not to the cell" (learn.microsoft.com/javascript/api/excel/excel.formattednumbercellvalue;
  // DoubleCellValue.numberFormat: ExcelApi 1.19, excel.doublecellvalue).
  if (capabilities.doubleFormats)
    return { type: "Double", basicValue: value.serial, numberFormat: value.numberFormat } as Excel.DoubleCellValue;
  return { type: "FormattedNumber", basicValue: value.serial, numberFormat: value.numberFormat };
}

function propertyValue(value: CellScalar, capabilities: HostCapabilities): Excel.EntityPropertyType {
  if (typeof value === "number") return { type: "Double", basicValue: value } as Excel.DoubleCellValue;
  if (typeof value === "boolean") return { type: "Boolean", basicValue: value } as Excel.BooleanCellValue;
  if (isDateCell(value))
    return scalarValue(value, capabilities) as Excel.FormattedNumberCellValue | Excel.DoubleCellValue;
  return { type: "String", basicValue: value } as Excel.StringCellValue;
}

export function toExcelValue(cell: CellResult, capabilities: HostCapabilities): unknown {
  if (cell instanceof UserError) return toExcelError(cell);
  if (isEntityCell(cell)) {
    if (!capabilities.dataTypes) return cell.text;
    const entity: Excel.EntityCellValue = {
      type: "Entity",
      text: cell.text,
      properties: Object.fromEntries(
        cell.properties.map(([name, value]) => [name, propertyValue(value, capabilities)]),
      ),
      layouts: {
        card: {
          title: { property: "CompanyName" },
          sections: [
            { layout: "List", properties: cell.properties.map(([name]) => name).filter((n) => n !== "CompanyName") },
          ],
        },
      },
    };
    return entity;
  }
  return scalarValue(cell, capabilities);
}

export function toExcelGrid(grid: CellGrid, capabilities: HostCapabilities): unknown[][] {
  return grid.map((row) => row.map((cell) => toExcelValue(cell, capabilities)));
}
