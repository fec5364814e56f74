/**
 * Calls one custom function the way the runtime does: the arguments, then an invocation object
 * (functionName, address when requiresAddress, parameterAddresses when requiresParameterAddresses,
 * setResult for streaming functions, onCanceled for the function to set), and reports every
 * outcome (returned, resolved, rejected, thrown, or each setResult) through one callback.
 */
import { type FunctionMeta, type Implementation } from "./metadata";
import { errorFromThrown, normaliseResult, type Normalised, type ResultSupport } from "./results";

export interface InvocationObject {
  functionName: string;
  /** CustomFunctionsRuntime 1.5; absent on older runtimes. */
  isInValuePreview?: boolean;
  address?: string;
  parameterAddresses?: string[];
  setResult?: (value: unknown) => void;
  onCanceled?: () => void;
}

/** final is false for a streaming function's setResult, which may come again. */
export type Settle = (outcome: Normalised, final: boolean) => void;

export interface InvocationContext {
  meta: FunctionMeta;
  address: string;
  parameterAddresses: string[];
  isInValuePreview: boolean;
  results: ResultSupport;
  /** The runtime has formula value preview (CustomFunctionsRuntime 1.5), so invocations carry the flag. */
  valuePreview: boolean;
}

export function createInvocation(context: InvocationContext, settle: Settle): InvocationObject {
  const { meta } = context;
  // INFERRED: the runtime passes the id it looks the implementation up by as functionName.
  const invocation: InvocationObject = { functionName: meta.id };
  if (context.valuePreview) invocation.isInValuePreview = context.isInValuePreview;
  if (meta.options.requiresAddress || (meta.options.stream && meta.options.requiresStreamAddress))
    invocation.address = context.address;
  if (meta.options.requiresParameterAddresses) invocation.parameterAddresses = context.parameterAddresses;
  if (meta.options.stream) invocation.setResult = (value) => settle(normaliseResult(value, context.results), false);
  return invocation;
}

export function runFunction(
  fn: Implementation,
  values: unknown[],
  invocation: InvocationObject,
  context: InvocationContext,
  settle: Settle,
): void {
  let returned: unknown;
  try {
    returned = fn(...values, invocation);
  } catch (thrown) {
    settle(errorFromThrown(thrown), true);
    return;
  }
  if (context.meta.options.stream) {
    // A streaming function answers through setResult; only a rejected promise ends it with an error.
    if (returned && typeof (returned as PromiseLike<unknown>).then === "function") {
      Promise.resolve(returned).catch((thrown: unknown) => settle(errorFromThrown(thrown), true));
    }
    return;
  }
  Promise.resolve(returned).then(
    (value) => settle(normaliseResult(value, context.results), true),
    (thrown: unknown) => settle(errorFromThrown(thrown), true),
  );
}
