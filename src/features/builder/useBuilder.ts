/**
 * The table builder's state: the column the companies come from (or the FIELD formula opened for
 * editing), the chosen fields, the layout and place, and the actions (read the selection, insert,
 * open the selected formula, write it back). Each action's outcome goes to the view's message bar.
 */
import { useCallback, useMemo, useState } from "react";
import { planRewrite, planTable, placeOf, type SourceColumn, type TableLayout } from "@ukco/core/builder-layout";
import { guessSource, sourceColumn, type SourceGuess } from "@ukco/core/builder-source";
import { InvalidArgumentError } from "@ukco/core/errors";
import { referenceOf } from "@ukco/core/formula-builder";
import {
  activeCellPlace,
  firstEmptyColumnsRightOf,
  insertTable,
  openSelectedFormula,
  readReferenceHead,
  readSelectedColumn,
  reopenFormula,
  writeBack,
  type OpenedCell,
} from "./host";
import { useAction } from "../../taskpane/hooks/useAction";
import { useAnswer } from "../../taskpane/hooks/useLookup";
import { PREVIEW_ROWS } from "./usePreview";

export interface PickedColumn {
  address: string;
  values: unknown[];
  guess: SourceGuess;
}

export type Placement = "beside" | "cell";

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** The picked column as the sheet holds it, or the reason it cannot be used. */
function columnOf(picked: PickedColumn | undefined): SourceColumn | InvalidArgumentError | undefined {
  if (!picked) return undefined;
  try {
    return sourceColumn(picked.address, picked.values, picked.guess);
  } catch (error) {
    return error instanceof InvalidArgumentError ? error : new InvalidArgumentError(String(error));
  }
}

export function useBuilder() {
  const [picked, setPicked] = useState<PickedColumn>();
  const [opened, setOpened] = useState<OpenedCell>();
  const [numbersText, setNumbersText] = useState("");
  const [fields, setFields] = useState<string[]>([]);
  const [layout, setLayout] = useState<TableLayout>("spill");
  const [placement, setPlacement] = useState<Placement>("beside");
  const [placeText, setPlaceText] = useState("");
  const [action, run] = useAction();

  // While editing, the preview follows the numbers typed (once they are a reference), a moment after typing stops.
  const typed = numbersText.trim();
  const reference = opened && referenceOf(typed) ? { sheet: opened.sheet, numbers: typed } : undefined;
  const openedRead = useAnswer(reference, ({ sheet, numbers }) => readReferenceHead(sheet, numbers, PREVIEW_ROWS), {
    delayMs: 300,
  }).state;
  const openedHead = useMemo(
    () =>
      openedRead.status === "done"
        ? openedRead.result
        : openedRead.status === "loading"
          ? (openedRead.previous ?? [])
          : [],
    [openedRead],
  );

  const column = useMemo(() => columnOf(picked), [picked]);
  const kind: SourceColumn["kind"] = opened ? "numbers" : (picked?.guess.kind ?? "numbers");
  /** The companies the preview shows: the column's first rows, or the opened formula's. */
  const head = useMemo(() => {
    if (opened) return openedHead;
    if (!picked) return [];
    // A few more than the preview shows: blank cells among them are passed over.
    const first = picked.guess.header ? 1 : 0;
    return picked.values.slice(first, first + PREVIEW_ROWS * 4);
  }, [opened, openedHead, picked]);

  const addField = useCallback((path: string) => setFields((now) => (now.includes(path) ? now : [...now, path])), []);
  const removeField = useCallback((path: string) => setFields((now) => now.filter((f) => f !== path)), []);
  const moveField = useCallback(
    (path: string, by: -1 | 1) =>
      setFields((now) => {
        const from = now.indexOf(path);
        const to = from + by;
        if (from === -1 || to < 0 || to >= now.length) return now;
        const next = [...now];
        [next[from], next[to]] = [next[to]!, next[from]!];
        return next;
      }),
    [],
  );
  const setGuess = useCallback(
    (change: Partial<SourceGuess>) => setPicked((now) => now && { ...now, guess: { ...now.guess, ...change } }),
    [],
  );

  const pickSelection = useCallback(
    () =>
      run(async () => {
        const { address, values } = await readSelectedColumn();
        const guess = guessSource(values);
        setPicked({ address, values, guess });
        setOpened(undefined);
        // One failed match in a spilled table's input errors the whole table; per-cell formulas keep it to its row.
        setLayout(guess.kind === "names" ? "cells" : "spill");
        const rows = values.length - (guess.header ? 1 : 0);
        return `Using ${address}: ${count(rows, "row")} of company ${guess.kind}${guess.header ? ", below a header cell" : ""}.`;
      }),
    [run],
  );

  const placeAtActiveCell = useCallback(
    () =>
      run(async () => {
        const place = await activeCellPlace();
        setPlaceText(place.address);
        setPlacement("cell");
        return `The table will go at ${place.address}.`;
      }),
    [run],
  );

  const insert = useCallback(
    () =>
      run(async () => {
        if (!column)
          throw new InvalidArgumentError('Pick the column first: select it and press "Use the selected column".');
        if (column instanceof InvalidArgumentError) throw column;
        const width = fields.length + (column.kind === "names" ? 1 : 0);
        let at: { sheet: string; row: number; column: number };
        let header: boolean;
        if (placement === "beside") {
          header = column.firstRow > 0;
          const top = header ? column.firstRow - 1 : column.firstRow;
          const rows = column.rowCount + (header ? 1 : 0);
          at = {
            sheet: column.sheet,
            row: top,
            column: await firstEmptyColumnsRightOf(column.sheet, column.column, top, rows, width),
          };
        } else {
          at = placeOf(placeText, column.sheet);
          header = true;
        }
        const plan = planTable(column, fields, layout, at, header);
        const address = await insertTable(plan, header);
        const what =
          layout === "spill"
            ? `${plan.formula} in ${plan.formulaCell}`
            : `formulas from ${plan.formulaCell}, such as ${plan.formula}`;
        return `Inserted the table at ${address}: ${what}.`;
      }),
    [run, column, fields, layout, placement, placeText],
  );

  const editSelected = useCallback(
    () =>
      run(async () => {
        const cell = await openSelectedFormula();
        setOpened(cell);
        setNumbersText(cell.spec.numbers);
        setFields(cell.fields);
        const from = "range" in cell.spec.fields ? `header cells ${cell.spec.fields.range}` : "the formula";
        return `Editing ${cell.address}: ${count(cell.fields.length, "field")} from ${from}. Change them and press "Write back".`;
      }),
    [run],
  );

  const saveEdit = useCallback(
    () =>
      run(async () => {
        if (!opened)
          throw new InvalidArgumentError('Open a formula first: select its cell and press "Edit selected formula".');
        const plan = planRewrite(opened, { numbers: numbersText.trim(), fields });
        await writeBack(opened, plan);
        const reopened = await reopenFormula(opened);
        setOpened(reopened);
        // Header cells are shared: every formula reading them shows the new fields too.
        const header =
          "range" in reopened.spec.fields
            ? ` Header cells ${reopened.spec.fields.range} name the fields (formulas reading them follow).`
            : "";
        const cleared = plan.clears.length ? " The header cells of the removed fields were emptied." : "";
        return `Wrote ${plan.formula} to ${opened.address}.${header}${cleared}`;
      }),
    [run, opened, numbersText, fields],
  );

  const stopEditing = useCallback(() => setOpened(undefined), []);

  return {
    picked,
    column,
    opened,
    kind,
    head,
    numbersText,
    setNumbersText,
    fields,
    addField,
    removeField,
    moveField,
    setGuess,
    layout,
    setLayout,
    placement,
    setPlacement,
    placeText,
    setPlaceText,
    action,
    pickSelection,
    placeAtActiveCell,
    insert,
    editSelected,
    saveEdit,
    stopEditing,
  };
}
