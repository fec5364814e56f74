/**
 * Every formula cell the engine knows, with two spatial indexes: what each formula reads
 * (its dependencies) and where its result lies (anchor plus spill), so a change finds its
 * dependents and a dependent finds the formulas it must wait for.
 */
import { MAX_COLUMNS, singleCell, type RangeRef } from "../model/address";
import { type Workbook } from "../model/workbook";
import { type ResolvedArg } from "./arguments";
import { parseFormula, type ParseResult } from "./formula";
import { type FunctionMeta } from "./metadata";
import { RangeIndex } from "./range-index";
import { type CalcResult } from "./results";
import { type SpillState } from "./spill";

export interface LiveInvocation {
  seq: number;
  invocation: { onCanceled?: () => void };
  cancelable: boolean;
}

export interface FormulaCell extends SpillState {
  sheetId: string;
  text: string;
  parsed: ParseResult;
  args: ResolvedArg[];
  dirty: boolean;
  /** An invocation is running and has not produced its first result yet. */
  pending: boolean;
  /** The function is not known or not associated yet; the cell waits, as Excel waits for the runtime. */
  waitingReason?: string;
  /** Increases with each invocation; results of older invocations are ignored. */
  seq: number;
  live?: LiveInvocation;
  meta?: FunctionMeta;
  result?: CalcResult;
  diagnostic?: string;
  /** Saved with the workbook: the function is volatile or streaming, so it recalculates on open. */
  recalcOnOpen: boolean;
  removed: boolean;
}

export class FormulaStore {
  private nextId = 1;
  readonly byId = new Map<number, FormulaCell>();
  private readonly byPosition = new Map<string, Map<number, FormulaCell>>();
  private readonly reads = new RangeIndex<FormulaCell>();
  private readonly writes = new RangeIndex<FormulaCell>();

  constructor(private readonly workbook: Workbook) {}

  at(sheetId: string, row: number, col: number): FormulaCell | undefined {
    return this.byPosition.get(sheetId)?.get(row * MAX_COLUMNS + col);
  }

  onSheet(sheetId: string): FormulaCell[] {
    return [...(this.byPosition.get(sheetId)?.values() ?? [])];
  }

  /** A restored workbook passes the saved id, so its spilled cells still name their formula. */
  create(sheetId: string, row: number, col: number, text: string, id = this.nextId): FormulaCell {
    this.nextId = Math.max(this.nextId, id + 1);
    const parsed = parseFormula(text);
    const args = this.resolveArgs(parsed, sheetId);
    const f: FormulaCell = {
      id,
      sheetId,
      row,
      col,
      text,
      parsed,
      args,
      dirty: false,
      pending: false,
      seq: 0,
      recalcOnOpen: false,
      removed: false,
    };
    this.byId.set(f.id, f);
    let positions = this.byPosition.get(sheetId);
    if (!positions) this.byPosition.set(sheetId, (positions = new Map()));
    positions.set(row * MAX_COLUMNS + col, f);
    for (const arg of args) if (arg.kind === "ref" && arg.sheetId) this.reads.add(f, arg.sheetId, arg.range);
    this.writes.add(f, sheetId, singleCell(row, col));
    return f;
  }

  /** References to a sheet are bound to its id when the formula is entered; a missing sheet reads as #REF!. */
  resolveArgs(parsed: ParseResult, formulaSheetId: string): ResolvedArg[] {
    if (!parsed.ok) return [];
    return parsed.formula.args.map((arg) => {
      if (arg.kind !== "ref") return arg;
      const sheetId = arg.sheet === undefined ? formulaSheetId : this.workbook.sheetByName(arg.sheet)?.id;
      return sheetId ? { ...arg, sheetId } : arg;
    });
  }

  delete(f: FormulaCell): void {
    f.removed = true;
    this.byId.delete(f.id);
    this.byPosition.get(f.sheetId)?.delete(f.row * MAX_COLUMNS + f.col);
    this.reads.remove(f);
    this.writes.remove(f);
  }

  /** Call after the formula's result has been laid out again, so the output index follows the spill. */
  outputMoved(f: FormulaCell): void {
    this.writes.remove(f);
    this.writes.add(f, f.sheetId, this.output(f));
  }

  output(f: FormulaCell): RangeRef {
    return f.spill ?? singleCell(f.row, f.col);
  }

  /** Formulas that read any cell of the range. */
  readers(sheetId: string, range: RangeRef): Set<FormulaCell> {
    return this.reads.query(sheetId, range);
  }

  /** Formulas whose result covers any cell of the range. */
  writers(sheetId: string, range: RangeRef): Set<FormulaCell> {
    return this.writes.query(sheetId, range);
  }
}
