/** Decides what evaluating one formula needs: an error to show now, a wait for the function, or a call to make. */
import { formatAddress, singleCell } from "../model/address";
import { errorValue } from "../model/cell-values";
import { buildArguments, type CellReader, type ResolvedArg } from "./arguments";
import { type ParseResult } from "./formula";
import { type InvocationContext } from "./invocation";
import { type FunctionMeta, type FunctionRegistry, type Implementation } from "./metadata";
import { type Normalised, type ResultSupport } from "./results";

export interface FormulaSite {
  sheetId: string;
  row: number;
  col: number;
  parsed: ParseResult;
  args: ResolvedArg[];
}

export type CallPlan =
  | { status: "settled"; outcome: Normalised }
  | { status: "waiting"; reason: string }
  | { status: "call"; fn: Implementation; meta: FunctionMeta; values: unknown[]; context: InvocationContext };

/** What the host's runtime offers custom functions, from its requirement sets. */
export interface RuntimeSupport {
  /** CustomFunctionsRuntime 1.4: data types as results and arguments. */
  dataTypes: boolean;
  /** ExcelApi 1.19: a Double result's own numberFormat. */
  doubleFormats: boolean;
  /** CustomFunctionsRuntime 1.5: invocation.isInValuePreview. */
  valuePreview: boolean;
  /** The reported CustomFunctionsRuntime version, for diagnostics. */
  version: string;
}

export interface PlanOptions {
  registry: FunctionRegistry;
  reader: CellReader;
  emptyCellArgument: null | 0;
  isInValuePreview: boolean;
  runtime: RuntimeSupport;
}

export function planCall(site: FormulaSite, options: PlanOptions): CallPlan {
  if (!site.parsed.ok)
    return {
      status: "settled",
      outcome: { result: { kind: "value", value: errorValue("#NAME?", site.parsed.reason) } },
    };
  const { namespace, name } = site.parsed.formula;
  const resolution = options.registry.resolve(namespace, name);
  if (resolution.status === "waiting") return { status: "waiting", reason: resolution.reason };
  if (resolution.status === "unknown") {
    return {
      status: "settled",
      outcome: {
        result: { kind: "value", value: errorValue("#NAME?") },
        diagnostic: `no function ${namespace}.${name} in functions.json`,
      },
    };
  }
  const metadata = options.registry.functionsMetadata;
  const { runtime } = options;
  const results: ResultSupport = {
    dataTypes: runtime.dataTypes,
    entities: runtime.dataTypes && !!metadata?.allowCustomDataForDataTypeAny,
    doubleFormats: runtime.doubleFormats,
    refusal: `a data type from a custom function needs CustomFunctionsRuntime 1.4; this host has ${runtime.version}`,
  };
  const built = buildArguments(site.args, resolution.meta, options.reader, {
    emptyCell: options.emptyCellArgument,
    allowErrors: !!metadata?.allowErrorForDataTypeAny,
    allowEntities: results.entities,
    dataTypes: runtime.dataTypes,
  });
  if (!built.ok) {
    return {
      status: "settled",
      outcome: {
        result: { kind: "value", value: built.error },
        ...(built.diagnostic ? { diagnostic: built.diagnostic } : {}),
      },
    };
  }
  const address = formatAddress(options.reader.sheetName(site.sheetId) ?? "", singleCell(site.row, site.col));
  return {
    status: "call",
    fn: resolution.fn,
    meta: resolution.meta,
    values: built.values,
    context: {
      meta: resolution.meta,
      address,
      parameterAddresses: built.parameterAddresses,
      isInValuePreview: options.isInValuePreview,
      results,
      valuePreview: runtime.valuePreview,
    },
  };
}
