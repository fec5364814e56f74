/**
 * The calculation engine for the add-in's functions, modelled on Excel's: a change marks the
 * formulas that read it (and, transitively, their readers) dirty; a recalculation issues every
 * dirty formula whose inputs are settled in one synchronous burst; results that land together
 * (within settleDelayMs) release their dependents as the next burst. Superseded invocations are
 * cancelled (onCanceled) and their late results ignored.
 */
import { contains, intersects, singleCell, type RangeRef } from "../model/address";
import { BUSY, isError, type CellValue } from "../model/cell-values";
import { type Workbook } from "../model/workbook";
import { type CellReader } from "./arguments";
import { planCall, type RuntimeSupport } from "./call-plan";
import { FormulaStore, type FormulaCell } from "./formula-store";
import { createInvocation, runFunction } from "./invocation";
import { type FunctionRegistry } from "./metadata";
import { type CalcResult, type Normalised } from "./results";
import { clearSpill, layOut } from "./spill";
import { newCounters, resetCounters, type CalcCounters } from "./counters";
import { IdleWaiters } from "./idle";

/** A formula as saved with the workbook: its text, last result and where that result lies. */
export interface SavedFormula {
  id: number;
  sheetId: string;
  row: number;
  col: number;
  text: string;
  recalcOnOpen: boolean;
  result?: CalcResult;
  spill?: RangeRef;
  blocked?: RangeRef;
}

export type CalculationType = "Recalculate" | "Full" | "FullRebuild";

export interface EngineOptions {
  /** What an empty cell arrives as in an argument: null (current Excel) or 0 (older desktop builds). */
  emptyCellArgument: null | 0;
  /** How long results may gather before their dependents recalculate as one burst. */
  settleDelayMs: number;
  /** What the host's runtime offers, asked at each call (a profile's sets may arrive after the engine). */
  runtime: () => RuntimeSupport;
}

export interface CalcHost {
  /** Cells changed by calculation (for the UI and events). */
  calculated(sheetId: string, ranges: RangeRef[]): void;
  inTable(sheetId: string, row: number, col: number): boolean;
}

export class CalcEngine {
  store: FormulaStore;
  readonly counters: CalcCounters = newCounters();
  private readonly dirty = new Set<FormulaCell>();
  private readonly pending = new Set<FormulaCell>();
  private readonly blocked = new Set<FormulaCell>();
  private readonly idle = new IdleWaiters(
    () => this.isIdle(),
    () => this.describeBusy(),
  );
  private timer: ReturnType<typeof setTimeout> | undefined;
  private suspended = 0;
  private pumping = false;
  readonly reader: CellReader;

  constructor(
    private readonly workbook: Workbook,
    readonly registry: FunctionRegistry,
    private readonly host: CalcHost,
    readonly options: EngineOptions,
  ) {
    this.store = new FormulaStore(workbook);
    this.reader = {
      read: (sheetId, row, col): CellValue => workbook.sheetById(sheetId)?.get(row, col)?.value ?? null,
      sheetName: (sheetId) => workbook.sheetById(sheetId)?.name,
    };
    registry.changed.on(() => this.onRegistryChanged());
  }

  addFormula(sheetId: string, row: number, col: number, text: string): FormulaCell {
    const f = this.store.create(sheetId, row, col, text);
    this.markDirty(f);
    return f;
  }

  /** Forgets a formula whose cell is overwritten or cleared: cancels its invocation and clears its spill. */
  removeFormula(f: FormulaCell): RangeRef[] {
    this.cancelLive(f);
    f.seq++;
    const changed = [this.store.output(f)];
    const sheet = this.workbook.sheetById(f.sheetId);
    if (sheet) clearSpill(f, sheet);
    this.dirty.delete(f);
    this.pending.delete(f);
    this.blocked.delete(f);
    this.store.delete(f);
    this.idle.check();
    return changed;
  }

  /** Forgets every formula (the workbook is closing): running invocations are cancelled. */
  reset(): void {
    for (const f of this.store.byId.values()) {
      this.cancelLive(f);
      f.removed = true;
    }
    this.store = new FormulaStore(this.workbook);
    this.dirty.clear();
    this.pending.clear();
    this.blocked.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.idle.check();
  }

  /** Puts back a saved formula with its saved result, without recalculating it. */
  restoreFormula(saved: SavedFormula): void {
    const f = this.store.create(saved.sheetId, saved.row, saved.col, saved.text, saved.id);
    f.recalcOnOpen = saved.recalcOnOpen;
    if (saved.result) f.result = saved.result;
    if (saved.spill) f.spill = saved.spill;
    if (saved.blocked) {
      f.blocked = saved.blocked;
      this.blocked.add(f);
    }
    this.store.outputMoved(f);
  }

  /** Marks every formula that reads the range, directly or through other formulas, for recalculation. */
  markChanged(sheetId: string, range: RangeRef, origin?: FormulaCell): void {
    const queue: Array<[string, RangeRef]> = [[sheetId, range]];
    while (queue.length) {
      const [s, r] = queue.pop()!;
      for (const f of this.store.readers(s, r)) {
        if (f === origin || f.dirty) continue;
        this.markDirty(f);
        queue.push([f.sheetId, this.store.output(f)]);
      }
    }
  }

  markVolatile(): void {
    for (const f of this.store.byId.values()) if (f.meta?.options.volatile) this.markWithDependents(f);
  }

  /** FullRebuild reruns every function; Full and Recalculate rerun only volatile ones and what is dirty. */
  calculate(type: CalculationType): void {
    if (type === "FullRebuild") for (const f of this.store.byId.values()) this.markDirty(f);
    else this.markVolatile();
    this.pump();
  }

  calculateRange(sheetId: string, range: RangeRef): void {
    for (const f of this.store.onSheet(sheetId)) if (contains(range, f.row, f.col)) this.markWithDependents(f);
    this.pump();
  }

  /** After a restore ("reopen"): volatile and streaming functions, and cells saved as errors, recalculate. */
  recalculateOnOpen(): void {
    for (const f of this.store.byId.values()) {
      const value = this.reader.read(f.sheetId, f.row, f.col);
      if (f.recalcOnOpen || isError(value)) this.markWithDependents(f);
    }
    this.pump();
  }

  /**
   * Lays a formula's last result out again (a write blocked or freed its spill range).
   * INFERRED: the function is not called again for that; its last result is laid out anew.
   */
  relayout(f: FormulaCell): void {
    if (!f.result) return;
    this.publish(f, this.layout(f));
  }

  retryBlocked(sheetId: string, range: RangeRef): void {
    for (const f of [...this.blocked])
      if (f.sheetId === sheetId && f.blocked && intersects(f.blocked, range)) this.relayout(f);
  }

  suspend(): void {
    this.suspended++;
  }

  resume(): void {
    if (--this.suspended === 0) this.pump();
  }

  /** Formulas waiting to recalculate or for their function to answer. */
  get busyCount(): number {
    return this.dirty.size + this.pending.size;
  }

  whenCalculated(timeoutMs?: number): Promise<void> {
    return this.idle.wait(timeoutMs);
  }

  resetCounters(): void {
    resetCounters(this.counters);
  }

  /** Issues, in one burst, every dirty formula whose inputs are settled. */
  pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.suspended > 0 || this.pumping) return;
    this.pumping = true;
    let burst = 0;
    const seen = new Set<FormulaCell>();
    try {
      for (;;) {
        const ready = [...this.dirty].filter((f) => !seen.has(f) && this.isReady(f));
        if (!ready.length) break;
        for (const f of ready) {
          seen.add(f);
          if (this.invoke(f)) burst++;
        }
      }
    } finally {
      this.pumping = false;
    }
    if (burst) this.counters.bursts.push(burst);
    if (this.dirty.size && !this.pending.size && !this.timer) this.breakCycles();
    this.idle.check();
  }

  // INFERRED: Excel's exact grouping of async results into recalculations is not documented;
  // results that land before the next task (or within settleDelayMs) recalculate their dependents together.
  private schedulePump(): void {
    this.timer ??= setTimeout(() => this.pump(), this.options.settleDelayMs);
  }

  private markDirty(f: FormulaCell): void {
    f.dirty = true;
    this.dirty.add(f);
  }

  private markWithDependents(f: FormulaCell): void {
    this.markDirty(f);
    this.markChanged(f.sheetId, this.store.output(f), f);
  }

  private isReady(f: FormulaCell): boolean {
    for (const arg of f.args) {
      if (arg.kind !== "ref" || !arg.sheetId) continue;
      for (const g of this.store.writers(arg.sheetId, arg.range)) if (g !== f && (g.dirty || g.pending)) return false;
    }
    return true;
  }

  /** Returns true when the function was called. */
  private invoke(f: FormulaCell): boolean {
    this.dirty.delete(f);
    f.dirty = false;
    this.cancelLive(f);
    const seq = ++f.seq;
    f.waitingReason = undefined;
    const plan = planCall(f, {
      registry: this.registry,
      reader: this.reader,
      emptyCellArgument: this.options.emptyCellArgument,
      isInValuePreview: false,
      runtime: this.options.runtime(),
    });
    if (plan.status === "settled") {
      this.settle(f, seq, plan.outcome, true);
      return false;
    }
    f.pending = true;
    this.pending.add(f);
    this.showBusy(f);
    if (plan.status === "waiting") {
      f.waitingReason = plan.reason;
      return false;
    }
    f.meta = plan.meta;
    f.recalcOnOpen = !!(plan.meta.options.volatile || plan.meta.options.stream);
    this.counters.invocations++;
    this.counters.byFunction[plan.meta.id] = (this.counters.byFunction[plan.meta.id] ?? 0) + 1;
    const settle = (outcome: Normalised, final: boolean) => this.settle(f, seq, outcome, final);
    const invocation = createInvocation(plan.context, settle);
    f.live = { seq, invocation, cancelable: !!(plan.meta.options.cancelable || plan.meta.options.stream) };
    runFunction(plan.fn, plan.values, invocation, plan.context, settle);
    return true;
  }

  private settle(f: FormulaCell, seq: number, outcome: Normalised, final: boolean): void {
    if (f.removed || seq !== f.seq) return;
    if (final && f.live?.seq === seq) f.live = undefined;
    f.pending = false;
    this.pending.delete(f);
    f.result = outcome.result;
    f.diagnostic = outcome.diagnostic;
    this.counters.results++;
    this.publish(f, this.layout(f));
    this.schedulePump();
  }

  private publish(f: FormulaCell, changed: RangeRef[]): void {
    for (const range of changed) this.markChanged(f.sheetId, range, f);
    this.host.calculated(f.sheetId, changed);
  }

  private layout(f: FormulaCell): RangeRef[] {
    const sheet = this.workbook.sheetById(f.sheetId);
    if (!sheet || !f.result) return [];
    const changed = layOut(f, f.result, { sheet, inTable: (r, c) => this.host.inTable(f.sheetId, r, c) });
    this.store.outputMoved(f);
    if (f.blocked) this.blocked.add(f);
    else this.blocked.delete(f);
    return changed;
  }

  // INFERRED: a recalculating async cell shows #BUSY! until its function answers, also on refresh.
  private showBusy(f: FormulaCell): void {
    const sheet = this.workbook.sheetById(f.sheetId);
    if (!sheet) return;
    sheet.ensure(f.row, f.col).value = BUSY;
    this.host.calculated(f.sheetId, [singleCell(f.row, f.col)]);
  }

  private cancelLive(f: FormulaCell): void {
    const live = f.live;
    f.live = undefined;
    if (!live?.cancelable) return;
    this.counters.cancellations++;
    try {
      live.invocation.onCanceled?.();
    } catch (error) {
      console.error("office-sim: an onCanceled handler threw", error);
    }
  }

  /** Formulas that wait only on each other are a circular reference: Excel shows 0. */
  private breakCycles(): void {
    for (const f of [...this.dirty]) {
      this.dirty.delete(f);
      f.dirty = false;
      this.settle(f, ++f.seq, { result: { kind: "value", value: 0 }, diagnostic: "circular reference" }, true);
    }
  }

  private onRegistryChanged(): void {
    for (const f of [...this.pending]) {
      if (!f.waitingReason) continue;
      this.pending.delete(f);
      f.pending = false;
      f.waitingReason = undefined;
      this.markDirty(f);
    }
    this.schedulePump();
  }

  private isIdle(): boolean {
    return this.dirty.size === 0 && this.pending.size === 0 && !this.timer && this.suspended === 0;
  }

  private describeBusy(): string {
    const busy = [...this.pending, ...this.dirty].slice(0, 10);
    return busy
      .map(
        (f) =>
          `${this.reader.sheetName(f.sheetId)}!R${f.row + 1}C${f.col + 1} ${f.text}${f.waitingReason ? ` (${f.waitingReason})` : ""}`,
      )
      .join("; ");
  }
}
