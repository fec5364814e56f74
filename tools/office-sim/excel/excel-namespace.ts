/** The Excel and OfficeExtension globals: Excel.run, the enums add-ins use, and the error types. */
import { CHART_ENUMS } from "../app/charts";
import { type SimulatedExcel } from "../app/simulated-excel";
import { type ClientObject, ClientResult } from "./client-object";
import { OfficeErrorCodes, OfficeExtensionError, officeErrors } from "./errors";
import { guard } from "./guard";
import { RequestContext } from "./request-context";
import { Workbook } from "./workbook";

const EXCEL_ERROR_CODES = {
  accessDenied: "AccessDenied",
  apiNotFound: "ApiNotFound",
  conflict: "Conflict",
  generalException: "GeneralException",
  insertDeleteConflict: "InsertDeleteConflict",
  invalidArgument: "InvalidArgument",
  invalidOperation: "InvalidOperation",
  invalidReference: "InvalidReference",
  invalidSelection: "InvalidSelection",
  itemAlreadyExists: "ItemAlreadyExists",
  itemNotFound: "ItemNotFound",
  notImplemented: "NotImplemented",
  rangeExceedsLimit: "RangeExceedsLimit",
  requestAborted: "RequestAborted",
  responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
  unsupportedOperation: "UnsupportedOperation",
  invalidOperationInCellEditMode: "InvalidOperationInCellEditMode",
};

const ENUMS = {
  CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
  CalculationMode: { automatic: "Automatic", automaticExceptTables: "AutomaticExceptTables", manual: "Manual" },
  RangeValueType: {
    unknown: "Unknown",
    empty: "Empty",
    string: "String",
    integer: "Integer",
    double: "Double",
    boolean: "Boolean",
    error: "Error",
    richValue: "RichValue",
  },
  SheetVisibility: { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" },
  ClearApplyTo: {
    all: "All",
    formats: "Formats",
    contents: "Contents",
    hyperlinks: "Hyperlinks",
    removeHyperlinks: "RemoveHyperlinks",
  },
  EventSource: { local: "Local", remote: "Remote" },
  DataChangeType: {
    unknown: "Unknown",
    rangeEdited: "RangeEdited",
    rowInserted: "RowInserted",
    rowDeleted: "RowDeleted",
    columnInserted: "ColumnInserted",
    columnDeleted: "ColumnDeleted",
    cellInserted: "CellInserted",
    cellDeleted: "CellDeleted",
  },
  HorizontalAlignment: {
    general: "General",
    left: "Left",
    center: "Center",
    right: "Right",
    fill: "Fill",
    justify: "Justify",
    centerAcrossSelection: "CenterAcrossSelection",
    distributed: "Distributed",
  },
  ...CHART_ENUMS,
};

type Batch<T> = (context: RequestContext) => Promise<T>;

export function createExcelGlobals(app: SimulatedExcel): { Excel: object; OfficeExtension: object } {
  const newContext = () => new RequestContext(app, (context) => new Workbook(context, () => ({ app })));

  async function run<T>(first: unknown, second?: unknown): Promise<T> {
    const batch = (typeof first === "function" ? first : second) as Batch<T>;
    // Excel.run(batch), Excel.run(object or objects, batch), or Excel.run(context, batch): the last two
    // go on in an earlier run's context (removing an event handler it added, for one).
    const previous =
      typeof first === "function"
        ? undefined
        : (first as RequestContext | ClientObject<unknown> | ClientObject<unknown>[]);
    const context =
      previous instanceof RequestContext ? previous : previous ? [previous].flat()[0]!.context : newContext();
    try {
      const pending = batch(context) as unknown;
      if (!pending || typeof (pending as Promise<T>).then !== "function") throw officeErrors.runMustReturnPromise();
      const value = await (pending as Promise<T>);
      await context.sync();
      return value;
    } finally {
      context._endRun();
    }
  }

  // `new Excel.RequestContext()` gives a context outside Excel.run, as in Office.js.
  function ExcelRequestContext(): RequestContext {
    return newContext();
  }
  const Excel = guard(
    { run, ErrorCodes: EXCEL_ERROR_CODES, RequestContext: ExcelRequestContext, ...ENUMS },
    "Excel",
    /^[A-Za-z][A-Za-z0-9]*$/,
  );
  const OfficeExtension = guard(
    {
      Error: OfficeExtensionError,
      ErrorCodes: OfficeErrorCodes,
      ClientResult,
      Promise,
      config: { extendedErrorLogging: false },
    },
    "OfficeExtension",
    /^[A-Za-z][A-Za-z0-9]*$/,
  );
  return { Excel, OfficeExtension };
}
