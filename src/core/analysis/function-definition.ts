/**
 * What a UKCO function is, to workbook analysis and to the pane: its name, the kind of answer it
 * keeps (answers.ts, which says the service, the loader and how a refresh of it goes on the wire)
 * and the key it reads it under, from its inputs' values; for a function that spills a table of its
 * own from one answer, what a call shows of it; and its formula. Each module of src/functions
 * defines its own, and the host collects them (host/function-table.ts) and hands the table to About
 * this value (provenance.ts), refresh estimates (scope-answers.ts) and What changed
 * (change-cells.ts), so nothing here imports the functions above it.
 *
 * A function that keeps nothing (UKCO.FIELDS) has no kind: its value comes from the add-in itself.
 */
import type { AnswerKindName } from "../answers";
import type { CellGrid, SpillCell } from "../cell-value";
import { parseCompanyNumber } from "../company-number";
import type { CallContext, Engine } from "../engine";
import { resolveFieldPath, type ResolvedPath } from "../field-path";

/** What a call reads: a key of its kind (with, for company records, the field), or why it cannot tell. */
export type KeyOf = { key: string; field?: ResolvedPath } | { problem: string };

export interface FunctionEntry {
  kind: AnswerKindName;
  key(inputs: readonly unknown[]): KeyOf;
  /**
   * For a function that spills a table of its own from one answer: what a call with these inputs
   * shows for the answer as stored (for a company record, the value of the field its key names),
   * cell by cell from the formula's cell. What changed places a change on the cells whose value
   * moved, About this value names the part a spilled cell shows. Without it the answer is one cell,
   * the formula's own (a spill of FIELD is spread by its arguments, each cell a call of its own).
   * May throw what the function would show instead (an error in its one cell).
   */
  spill?(inputs: readonly unknown[], answer: unknown, key: string): readonly (readonly SpillCell[])[];
  /** False where the cell shows something about the answer other than its value (ASOF: when it was fetched). */
  showsAnswer?: false;
}

/** A function's cells from its arguments, in the order Excel passes them. */
export type FunctionFormula = (
  engine: Engine,
  args: readonly unknown[],
  context: CallContext,
) => CellGrid | Promise<CellGrid>;

/** A function that keeps nothing in the store. */
interface KeepsNothing {
  kind?: undefined;
  key?: undefined;
  spill?: undefined;
  showsAnswer?: undefined;
}

export type FunctionDefinition = {
  /** As Excel knows it after `UKCO.` (the JSDoc's @customfunction id). */
  name: string;
  formula: FunctionFormula;
} & (FunctionEntry | KeepsNothing);

/** The loaded functions' definitions, by name. */
export type FunctionTable = Readonly<Record<string, FunctionDefinition>>;

/** What a function of `name` keeps, or undefined for one that keeps nothing (or is not a function). */
export function entryOf(table: FunctionTable, name: string): FunctionEntry | undefined {
  const definition = table[name];
  return definition?.kind === undefined ? undefined : definition;
}

/** A company record's key, with the field `pathOf` reads from the field input when there is one. */
export function companyKey(
  numberInput: unknown,
  fieldInput?: unknown,
  pathOf: (input: unknown) => ResolvedPath = resolveFieldPath,
): KeyOf {
  const parsed = parseCompanyNumber(numberInput);
  if (!parsed.ok) return { problem: parsed.reason };
  // Excel gives an omitted optional argument as null, an empty cell as "".
  if (fieldInput === null || fieldInput === undefined || fieldInput === "") return { key: parsed.number };
  try {
    return { key: parsed.number, field: pathOf(fieldInput) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** A key of another kind, or the problem of an input that gives none. */
export const keyed = (key: string | undefined, label: string): KeyOf =>
  key === undefined ? { problem: `The ${label} in this formula cannot be read.` } : { key };
