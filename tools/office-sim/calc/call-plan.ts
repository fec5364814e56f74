/** Decides what evaluating one formula needs: an error to show now, a wait for the function, or a call to make. */
import { formatAddress, singleCell } from "../model/address";
import { errorValue } from "../model/cell-values";
import { buildArguments, type CellReader, type ResolvedArg } from "./arguments";
import { type ParseResult } from "./formula";
import { type InvocationContext } from "./invocation";
import { type FunctionMeta, type FunctionRegistry, type Implementation } from "./metadata";
import { type Normalised } from "./results";

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

export interface PlanOptions {
  registry: FunctionRegistry;
  reader: CellReader;
  emptyCellArgument: null | 0;
  isInValuePreview: boolean;
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
  const allowEntities = !!metadata?.allowCustomDataForDataTypeAny;
  const built = buildArguments(site.args, resolution.meta, options.reader, {
    emptyCell: options.emptyCellArgument,
    allowErrors: !!metadata?.allowErrorForDataTypeAny,
    allowEntities,
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
      allowEntities,
    },
  };
}
