/**
 * What the selection suggests doing, for the home page: a column of company names to match, or a
 * column of company numbers to add fields to. Followed only while the home page is shown.
 */
import { useEffect, useState } from "react";
import { guessSource } from "@ukco/core/builder-source";
import { watchSelectedColumn, type SelectedColumn } from "../../host/selection-column";

export interface Suggestion {
  kind: "names" | "numbers";
  /** Rows of names or numbers, the header left out. */
  rows: number;
  address: string;
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === "";

/** Two or more filled cells of one column: names or numbers, whichever most are. */
export function suggestionFor(column: SelectedColumn): Suggestion | undefined {
  if (column.address.includes(",")) return undefined;
  const filled = column.values.filter((v) => !blank(v));
  if (filled.length < 2) return undefined;
  const guess = guessSource(column.values);
  const sampled = column.values.length;
  const share = filled.length / sampled;
  const rows = Math.round(column.rowCount * share) - (guess.header ? 1 : 0);
  return rows > 0 ? { kind: guess.kind, rows, address: column.address } : undefined;
}

export function useSelectionSuggestion(active: boolean): Suggestion | undefined {
  const [suggestion, setSuggestion] = useState<Suggestion>();
  useEffect(() => {
    if (!active) return;
    let live = true;
    let stop: (() => Promise<void>) | undefined;
    watchSelectedColumn((column) => live && setSuggestion(suggestionFor(column))).then(
      (unsubscribe) => (live ? (stop = unsubscribe) : void unsubscribe()),
      () => undefined,
    );
    return () => {
      live = false;
      void stop?.().catch(() => undefined);
    };
  }, [active]);
  return active ? suggestion : undefined;
}
