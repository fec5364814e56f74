/**
 * Formula value preview: while a formula is being typed, Excel may call the function with
 * invocation.isInValuePreview set, to show a preview, without writing the cell. The first result
 * is the preview; a streaming preview is then cancelled.
 */
import { BUSY } from "../model/cell-values";
import { planCall } from "./call-plan";
import { type CalcEngine } from "./engine";
import { parseFormula } from "./formula";
import { createInvocation, runFunction } from "./invocation";
import { type Normalised } from "./results";

export function previewFormula(
  engine: CalcEngine,
  sheetId: string,
  row: number,
  col: number,
  text: string,
): Promise<Normalised> {
  const parsed = parseFormula(text);
  const site = { sheetId, row, col, parsed, args: engine.store.resolveArgs(parsed, sheetId) };
  const plan = planCall(site, {
    registry: engine.registry,
    reader: engine.reader,
    emptyCellArgument: engine.options.emptyCellArgument,
    isInValuePreview: true,
    runtime: engine.options.runtime(),
  });
  if (plan.status === "settled") return Promise.resolve(plan.outcome);
  if (plan.status === "waiting")
    return Promise.resolve({ result: { kind: "value", value: BUSY }, diagnostic: plan.reason });
  engine.counters.previews++;
  return new Promise((resolve) => {
    let done = false;
    const settle = (outcome: Normalised) => {
      if (done) return;
      done = true;
      resolve(outcome);
      if (plan.meta.options.stream) invocation.onCanceled?.();
    };
    const invocation = createInvocation(plan.context, settle);
    runFunction(plan.fn, plan.values, invocation, plan.context, settle);
  });
}
