/**
 * The ExcelApi set that added each Office.js member the sim implements, from ExcelApi 1.4 up (the
 * lower ones are in every host an add-in with a shared runtime can run on), as Microsoft's per-set
 * API tables list them (learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-requirement-sets,
 * "API list" of each set). The member exists in office.js whatever the host; a host without its set
 * refuses the request at sync with ApiNotFound ("could not be found. It may be available in a newer
 * version of Excel": learn.microsoft.com/office/dev/add-ins/testing/application-specific-api-error-handling).
 */
import { OfficeExtensionError } from "./errors";
import { type RequirementSets } from "../office/requirements";

export const MEMBER_SETS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    "ChartCollection.getCount": "1.4",
    "ChartCollection.getItemOrNullObject": "1.4",
    "ChartSeriesCollection.getCount": "1.4",
    "Range.getIntersectionOrNullObject": "1.4",
    "Range.getUsedRangeOrNullObject": "1.4",
    "Setting.delete": "1.4",
    "Setting.key": "1.4",
    "Setting.value": "1.4",
    "SettingCollection.add": "1.4",
    "SettingCollection.getCount": "1.4",
    "SettingCollection.getItem": "1.4",
    "SettingCollection.getItemOrNullObject": "1.4",
    "TableCollection.getCount": "1.4",
    "TableCollection.getItemOrNullObject": "1.4",
    "TableColumnCollection.getCount": "1.4",
    "TableColumnCollection.getItemOrNullObject": "1.4",
    "TableRowCollection.getCount": "1.4",
    "Workbook.settings": "1.4",
    "Worksheet.getUsedRangeOrNullObject": "1.4",
    "WorksheetCollection.getCount": "1.4",
    "WorksheetCollection.getItemOrNullObject": "1.4",
    "CustomXmlPart.delete": "1.5",
    "CustomXmlPart.getXml": "1.5",
    "CustomXmlPart.id": "1.5",
    "CustomXmlPart.namespaceUri": "1.5",
    "CustomXmlPart.setXml": "1.5",
    "CustomXmlPartCollection.add": "1.5",
    "CustomXmlPartCollection.getByNamespace": "1.5",
    "CustomXmlPartScopedCollection.getOnlyItem": "1.5",
    "CustomXmlPartScopedCollection.getOnlyItemOrNullObject": "1.5",
    "Workbook.customXmlParts": "1.5",
    "WorksheetCollection.getFirst": "1.5",
    "WorksheetCollection.getLast": "1.5",
    "Application.suspendApiCalculationUntilNextSync": "1.6",
    "Range.calculate": "1.6",
    "Worksheet.calculate": "1.6",
    "Chart.chartType": "1.7",
    "Chart.id": "1.7",
    "ChartSeries.delete": "1.7",
    "ChartSeries.setValues": "1.7",
    "ChartSeries.setXAxisValues": "1.7",
    "ChartSeriesCollection.add": "1.7",
    "Range.getAbsoluteResizedRange": "1.7",
    "Range.isEntireColumn": "1.7",
    "Range.isEntireRow": "1.7",
    "Workbook.getActiveCell": "1.7",
    "Worksheet.freezePanes": "1.7",
    "Worksheet.getRangeByIndexes": "1.7",
    "Worksheet.onActivated": "1.7",
    "Worksheet.onChanged": "1.7",
    "Worksheet.onSelectionChanged": "1.7",
    "Worksheet.tabColor": "1.7",
    "WorksheetCollection.onActivated": "1.7",
    "WorksheetFreezePanes.freezeColumns": "1.7",
    "WorksheetFreezePanes.freezeRows": "1.7",
    "WorksheetFreezePanes.unfreeze": "1.7",
    "Application.suspendScreenUpdatingUntilNextSync": "1.9",
    "WorksheetCollection.onChanged": "1.9",
    "WorksheetCollection.onSelectionChanged": "1.9",
    "ChartSeries.getDimensionValues": "1.12",
    "Range.getSpillParent": "1.12",
    "Range.getSpillParentOrNullObject": "1.12",
    "Range.getSpillingToRange": "1.12",
    "Range.getSpillingToRangeOrNullObject": "1.12",
    "Table.resize": "1.13",
    "ChartSeries.getDimensionDataSourceString": "1.15",
    "Range.valuesAsJson": "1.16",
  }),
);

/** The ExcelApi version `Type.member` needs that `sets` lack, or undefined when the host has it. */
export function missingSet(type: string, member: string, sets: RequirementSets): string | undefined {
  const needs = MEMBER_SETS.get(`${type}.${member}`);
  return needs !== undefined && !sets.isSetSupported("ExcelApi", needs) ? needs : undefined;
}

export function apiNotFound(type: string, member: string, needs: string, sets: RequirementSets): OfficeExtensionError {
  return new OfficeExtensionError(
    "ApiNotFound",
    `The API you are trying to use could not be found. It may be available in a newer version of Excel. (simulated: Excel.${type}.${member} is in ExcelApi ${needs}; this host has ExcelApi ${sets.version("ExcelApi") ?? "none"})`,
    `${type}.${member}`,
  );
}
