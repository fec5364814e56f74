/**
 * What each feature of the add-in needs of Excel, from Microsoft's requirement-set tables, and the
 * one place the add-in asks whether this Excel has it. A feature without `without` is needed
 * everywhere: the manifest's <Requirements> must name its sets (`npm run validate` checks it, and
 * that a member a guarded feature lists is used only where its feature is asked). A feature with
 * `without` is guarded: where the host lacks it, the add-in does what `without` says, and never
 * calls its members. docs/EXCEL-BUILDS.md is this table in words.
 *
 * The sets' pages: learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-requirement-sets,
 * …/excel/custom-functions-requirement-sets, …/common/shared-runtime-requirement-sets.
 */
import { UnavailableError } from "@ukco/core/errors";

export type RequirementSetName = "ExcelApi" | "CustomFunctionsRuntime" | "SharedRuntime";

export interface Need {
  set: RequirementSetName;
  version: string;
}

export interface Capability {
  /** What the feature is, in words. */
  what: string;
  needs: readonly Need[];
  /** Where the host lacks it, what the add-in does instead; absent when the manifest requires it. */
  without?: string;
  /** The Excel builds that have it, in words, for the message that names them. */
  where?: string;
  /** Office.js members only this feature's guarded code may call (checked by `npm run validate`). */
  members?: readonly string[];
  /** Microsoft's page the needs come from. */
  docs: string;
}

const need = (set: RequirementSetName, version: string): Need => ({ set, version });
const EXCEL_API_DOCS = "https://learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-requirement-sets";

export const CAPABILITIES = {
  sharedRuntime: {
    what: "the functions, the pane and the ribbon in one runtime (one cache, one sign-in)",
    needs: [need("SharedRuntime", "1.1")],
    docs: "https://learn.microsoft.com/javascript/api/requirement-sets/common/shared-runtime-requirement-sets",
  },
  cellMessages: {
    what: "cell errors that carry a message (CustomFunctions.Error)",
    needs: [need("CustomFunctionsRuntime", "1.2")],
    docs: "https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets",
  },
  workbookStore: {
    what: "the store of fetched values, saved imports and the match review inside the workbook (custom XML parts)",
    needs: [need("ExcelApi", "1.5")],
    docs: EXCEL_API_DOCS,
  },
  cellsByPosition: {
    what: "the active cell, ranges by row and column, and chart series from ranges",
    needs: [need("ExcelApi", "1.7")],
    docs: EXCEL_API_DOCS,
  },
  selectionEvents: {
    what: "following the selection on every sheet (WorksheetCollection.onSelectionChanged)",
    needs: [need("ExcelApi", "1.9")],
    docs: EXCEL_API_DOCS,
  },
  spills: {
    what: "finding the cells a formula spills into, and the formula a spilled cell comes from",
    needs: [need("ExcelApi", "1.12")],
    where:
      "Excel on the web, Office 2021 or later, or Microsoft 365 (Version 2008 or later on Windows, 16.40 or later on Mac)",
    without:
      "About this value describes cells that hold their own formula; Refresh selection re-enters the formulas in the selection (select a spilled table's formula cell to refresh it); Convert to values says which Excel it needs and changes nothing",
    members: ["getSpillParent", "getSpillParentOrNullObject", "getSpillingToRange", "getSpillingToRangeOrNullObject"],
    docs: EXCEL_API_DOCS,
  },
  tableResize: {
    what: "growing and shrinking a table in place (Table.resize)",
    needs: [need("ExcelApi", "1.13")],
    where:
      "Excel on the web, Office 2021 or later, or Microsoft 365 (Version 2102 or later on Windows, 16.50 or later on Mac)",
    without:
      "an import makes its table once its rows are written, and a refresh whose row count changed makes the table again over its new rows (same name; formulas that named its columns then name its cells)",
    members: ["resize"],
    docs: EXCEL_API_DOCS,
  },
  readDataTypes: {
    what: "reading a cell's data type: a card, a formatted number (Range.valuesAsJson)",
    needs: [need("ExcelApi", "1.16")],
    where: "Excel on the web, Office 2024, or Microsoft 365 (Version 2208 or later on Windows, 16.64 or later on Mac)",
    without: "cells are read as values, where a card (which this Excel cannot show) reads #VALUE!",
    members: ["valuesAsJson"],
    docs: EXCEL_API_DOCS,
  },
  dataTypeResults: {
    what: "custom functions returning data types: UKCO.COMPANY's card, dates carrying their own format",
    needs: [need("CustomFunctionsRuntime", "1.4"), need("ExcelApi", "1.16")],
    where:
      "Excel on the web, or Microsoft 365 (Version 2208 or later on Windows, 16.64 or later on Mac); no perpetual Office (2021, 2024) has it",
    without:
      "UKCO.COMPANY gives the company's name, and a date is its serial number (the builder, the tearsheet and imports write a date format on the cells they fill)",
    docs: "https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets",
  },
  doubleFormats: {
    what: "a number carrying its own format as a Double (DoubleCellValue.numberFormat), which replaces FormattedNumber",
    needs: [need("ExcelApi", "1.19")],
    where: "Excel on the web, or Microsoft 365 (Version 2504 or later on Windows, 16.96 or later on Mac)",
    without: "dates carry their format as FormattedNumber values (ExcelApi 1.16)",
    docs: "https://learn.microsoft.com/javascript/api/excel/excel.doublecellvalue",
  },
} as const satisfies Record<string, Capability>;

export type Feature = keyof typeof CAPABILITIES;

/** The Range property that reads a cell's data type (readDataTypes). */
export type DataTypeProperty = "valuesAsJson";

/** "ExcelApi 1.12", "CustomFunctionsRuntime 1.4 and ExcelApi 1.16". */
export function needsInWords(feature: Feature): string {
  return CAPABILITIES[feature].needs.map((n) => `${n.set} ${n.version}`).join(" and ");
}

const known = new Map<Feature, boolean>();

/** Whether this Excel has `feature`: every set it needs, as Office.context.requirements reports them. */
export function hostHas(feature: Feature): boolean {
  const cached = known.get(feature);
  if (cached !== undefined) return cached;
  const requirements = typeof Office !== "undefined" ? Office.context?.requirements : undefined;
  // Before Office is ready there is no answer yet: "no" now, and ask again next time.
  if (!requirements) return false;
  const has = CAPABILITIES[feature].needs.every((n) => requirements.isSetSupported(n.set, n.version));
  known.set(feature, has);
  return has;
}

/**
 * Stops `action` on an Excel without `feature`, naming what it needs and the builds that have it,
 * before anything is changed.
 */
export function requireFeature(feature: Feature, action: string): void {
  if (hostHas(feature)) return;
  const capability: Capability = CAPABILITIES[feature];
  throw new UnavailableError(
    "host",
    `${action} needs ${needsInWords(feature)}, which this Excel does not have${capability.where ? `: it is in ${capability.where}` : ""}.`,
  );
}

/** What a custom function may return here (host/excel-values.ts). */
export interface HostCapabilities {
  /** Entity and formatted-number results: CustomFunctionsRuntime 1.4 with ExcelApi 1.16. */
  dataTypes: boolean;
  /** A Double value carries its own number format (ExcelApi 1.19), which deprecates FormattedNumber. */
  doubleFormats?: boolean;
}

export function hostCapabilities(): HostCapabilities {
  return { dataTypes: hostHas("dataTypeResults"), doubleFormats: hostHas("doubleFormats") };
}
