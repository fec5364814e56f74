/**
 * The cells that show each changed value, found from every sheet's formulas and values (each
 * sheet's used range, read once) without Excel: the cells of UKCO formulas whose answer a refresh
 * changed, read from their arguments (literals, or cells of any sheet) by the function's entry
 * (function-definition.ts), from the table of functions it is given.
 *
 * A formula over ranges spills one call per cell, and each cell of it shows its row's company and
 * its column's field (argument-grids.ts), so a spilled FIELD table's changed cells are found like
 * single cells. A function that spills a table of its own from one answer (HISTORY's years, GROUP's
 * members, MATCH's "all") shows the change on the cells whose value moved: its entry says what the
 * call shows before and after, and only cells that differ are listed, as an analyst looking for
 * what moved would expect of a ten-year table in which one year was restated.
 *
 * A formula with an argument that is an expression is not placed where that argument decides what
 * is read or shown.
 */
import { ANSWER_KINDS } from "../answers";
import { argumentGrid, inputsAt, spreadOf, type Grid, type SheetCells } from "./argument-grids";
import { COMPANIES } from "../cache/workbook-cache";
import type { SpillCell } from "../cell-value";
import { toUserError, UserError } from "../errors";
import { cellAddress } from "../import/a1";
import { findUkcoCall, isBareCall } from "../formula-text";
import { entryOf, type FunctionEntry, type FunctionTable } from "./function-definition";

export type { SheetCells } from "./argument-grids";

/** A company field's change, as What changed lists it. */
export const changeKey = (company: string, field: string): string => `${company}\u0000${field}`;
/** Another kind's answer (a match, a group, …) by its store name and key. */
export const answerChangeKey = (kind: string, key: string): string => `\u0001${kind}\u0000${key}`;

/** What a refresh changed, as the engine reports it (its `changes` and `answers`). */
export interface ChangesToPlace {
  changes: readonly { company: string; field: string; before: unknown; after: unknown }[];
  answers: readonly { kind: string; key: string; before: unknown; after: unknown }[];
}

type Moved = { before: unknown; after: unknown };

/** What a call shows of an answer, or the error it shows instead in its one cell. */
function shown(
  entry: FunctionEntry,
  inputs: readonly unknown[],
  answer: unknown,
  key: string,
): readonly (readonly SpillCell[])[] {
  if (answer === undefined) return [[{ value: "" }]];
  try {
    return entry.spill!(inputs, answer, key);
  } catch (error) {
    // A stored value the function cannot read shows an error too, whatever its kind.
    return [[{ value: toUserError(error) }]];
  }
}

const same = (a: SpillCell | undefined, b: SpillCell | undefined): boolean => {
  const text = (cell: SpillCell | undefined) =>
    cell?.value instanceof UserError ? `#${cell.value.message}` : JSON.stringify(cell?.value ?? "");
  return text(a) === text(b);
};

/** Offsets from the formula's cell of the cells a call now shows whose value moved. */
function movedCells(entry: FunctionEntry, inputs: readonly unknown[], key: string, moved: Moved): [number, number][] {
  const before = shown(entry, inputs, moved.before, key);
  const after = shown(entry, inputs, moved.after, key);
  const cells: [number, number][] = [];
  after.forEach((row, r) => row.forEach((cell, c) => same(cell, before[r]?.[c]) || cells.push([r, c])));
  return cells;
}

/** Addresses (`Sheet1!B3`) by changeKey and answerChangeKey, for the changes given. */
export function cellsShowingChanges(
  table: FunctionTable,
  sheets: readonly SheetCells[],
  changes: ChangesToPlace,
): Map<string, string[]> {
  const wanted = new Map<string, Moved>();
  for (const change of changes.changes) wanted.set(changeKey(change.company, change.field), change);
  for (const answer of changes.answers) wanted.set(answerChangeKey(answer.kind, answer.key), answer);
  const found = new Map<string, string[]>();
  if (wanted.size === 0) return found;
  const byName = new Map(sheets.map((sheet) => [sheet.name.toLowerCase(), sheet]));
  for (const sheet of sheets) {
    sheet.formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        if (typeof formula !== "string" || !/UKCO\./i.test(formula)) return;
        const call = findUkcoCall(formula);
        const entry = call && entryOf(table, call.name);
        if (!entry || entry.showsAnswer === false) return;
        const { store } = ANSWER_KINDS[entry.kind];
        const read = call.args.map((text) => argumentGrid(text, sheet, byName));
        // An unreadable argument the key does not read (FIELD's if_empty) spoils nothing; one that
        // shapes a table of the call's own (HISTORY's years) would place it wrongly.
        if (entry.spill && read.some((grid) => grid === undefined)) return;
        const grids = read.map((grid): Grid => grid ?? [[undefined]]);
        const spills = entry.spill !== undefined && isBareCall(formula);
        const { rows, columns } = spreadOf(grids);
        for (let dr = 0; dr < rows; dr++)
          for (let dc = 0; dc < columns; dc++) {
            const inputs = inputsAt(grids, dr, dc);
            const answer = entry.key(inputs);
            if ("problem" in answer) continue;
            const key =
              store === COMPANIES
                ? answer.field && changeKey(answer.key, answer.field.text)
                : answerChangeKey(store, answer.key);
            const moved = key && wanted.get(key);
            if (!key || !moved) continue;
            const offsets: [number, number][] = spills ? movedCells(entry, inputs, answer.key, moved) : [[0, 0]];
            const addresses = offsets.map(([i, j]) =>
              cellAddress(sheet.name, sheet.row0 + r + dr + i, sheet.column0 + c + dc + j),
            );
            if (addresses.length) found.set(key, [...(found.get(key) ?? []), ...addresses]);
          }
      }),
    );
  }
  return found;
}
