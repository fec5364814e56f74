/**
 * Runs a UKCO formula for Excel: finds the shared engine, passes the cell's address, the
 * value-preview flag and a cancel signal, and turns the core's cells into Excel values. Every
 * failure reaches the cell as #VALUE! or #N/A with a message; nothing is thrown raw.
 */
import type { WaitInfo } from "@ukco/api/http/types";
import type { CellGrid } from "@ukco/core/cell-value";
import type { AbortListener, CallContext, CancelSignal } from "@ukco/core/call-context";
import type { Engine } from "@ukco/core/engine";
import { toUserError, UserError } from "@ukco/core/errors";
import { hostCapabilities } from "./capabilities";
import { toExcelError, toExcelGrid } from "./excel-values";
import { getRuntime, readyRuntime } from "./runtime";

export type Formula = (engine: Engine, context: CallContext) => Promise<CellGrid> | CellGrid;

/**
 * A cell's call context, and its own cancel signal: Excel's onCanceled tells the asks that listen.
 * No AbortController per cell (a cold recalculation has 10,000 calls, and one each was most of a
 * call's cost); a cell answered from the cache is never listened to at all.
 */
class InvocationContext implements CallContext, CancelSignal {
  readonly address: string | undefined;
  readonly preview: boolean;
  aborted = false;
  /** One listener in the common case (a cell asks once); an array only when more listen. */
  private listeners: Listener | Listener[] | undefined;

  constructor(
    invocation: CustomFunctions.Invocation,
    readonly onWait?: (info: WaitInfo) => void,
  ) {
    this.address = invocation.address;
    this.preview = (invocation as { isInValuePreview?: boolean }).isInValuePreview === true;
    // Excel calls onCanceled for cancelable and streaming functions (the cell was cleared or changed);
    // on other invocations the assignment is harmless.
    (invocation as CustomFunctions.CancelableInvocation).onCanceled = () => this.abort();
  }

  get signal(): CancelSignal {
    return this;
  }

  addEventListener(_type: "abort", listener: Listener): void {
    const listeners = this.listeners;
    if (listeners === undefined) this.listeners = listener;
    else if (Array.isArray(listeners)) listeners.push(listener);
    else this.listeners = [listeners, listener];
  }

  removeEventListener(_type: "abort", listener: Listener): void {
    const listeners = this.listeners;
    if (listeners === listener) this.listeners = undefined;
    else if (Array.isArray(listeners)) {
      const at = listeners.indexOf(listener);
      if (at >= 0) listeners.splice(at, 1);
    }
  }

  private abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = undefined;
    for (const listener of Array.isArray(listeners) ? listeners : listeners ? [listeners] : []) {
      if (typeof listener === "function") listener();
      else listener.handleEvent();
    }
  }
}

type Listener = AbortListener | (() => void);

function finish(grid: CellGrid): unknown[][] {
  // A lone error is thrown, so Excel shows its message on the cell itself.
  const only = grid.length === 1 && grid[0]!.length === 1 ? grid[0]![0] : undefined;
  if (only instanceof UserError) throw toExcelError(only);
  return toExcelGrid(grid, hostCapabilities());
}

const rethrow = (error: unknown): never => {
  throw toExcelError(error);
};

/** The formula's cells for Excel: at once when the formula answers at once (from the cache), else a promise. */
function compute(formula: Formula, context: CallContext): unknown[][] | Promise<unknown[][]> {
  const runtime = readyRuntime();
  if (!runtime) return getRuntime().then(() => compute(formula, context), rethrow);
  let grid: CellGrid | Promise<CellGrid>;
  try {
    grid = formula(runtime.engine, context);
  } catch (error) {
    return rethrow(error);
  }
  return grid instanceof Promise ? grid.then(finish, rethrow) : finish(grid);
}

/** For a cancelable custom function returning a matrix. */
export function runFormula(
  invocation: CustomFunctions.Invocation,
  formula: Formula,
): unknown[][] | Promise<unknown[][]> {
  return compute(formula, new InvocationContext(invocation));
}

/** "3rd in the queue for the classification limit (5 a minute), about 40 s" */
export function waitMessage(info: WaitInfo): string {
  const n = info.position;
  const ordinal =
    n % 10 === 1 && n % 100 !== 11
      ? "st"
      : n % 10 === 2 && n % 100 !== 12
        ? "nd"
        : n % 10 === 3 && n % 100 !== 13
          ? "rd"
          : "th";
  return `⏳ ${n}${ordinal} in the queue for the ${info.service} limit, about ${Math.max(1, Math.ceil(info.estimatedWaitMs / 1000))} s`;
}

/** For a streaming custom function: shows its place in the governor's queue until the value arrives. */
export function streamFormula(invocation: CustomFunctions.StreamingInvocation<unknown[][]>, formula: Formula): void {
  let done = false;
  const onWait = (info: WaitInfo) => {
    if (!done && info.estimatedWaitMs > 0) invocation.setResult([[waitMessage(info)]]);
  };
  Promise.resolve()
    .then(() => compute(formula, new InvocationContext(invocation, onWait)))
    .then(
      (value) => {
        done = true;
        invocation.setResult(value);
      },
      (error: unknown) => {
        done = true;
        invocation.setResult(error instanceof CustomFunctions.Error ? error : toExcelError(toUserError(error)));
      },
    );
}
