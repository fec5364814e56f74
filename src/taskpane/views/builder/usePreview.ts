/**
 * The builder's preview: the chosen fields for the first three companies of the column, computed
 * by the same engine (and cache) as the cells, through UKCO.FIELD's own formula (from the table of
 * loaded functions, host/function-table.ts), so the preview shows what the table will. Names are matched first, as the helper column will match them. A
 * company that fails shows its error in its own cells; the others still show.
 */
import { useEffect, useState } from "react";
import { cellText, isEntityCell, isUserError, type CellResult } from "../../../core/cell-value";
import type { Engine } from "../../../core/engine";
import { toUserError } from "../../../core/errors";
import type { SourceColumn } from "../../../core/builder-layout";
import { formulaOf } from "../../../host/function-table";

export const PREVIEW_ROWS = 3;

export interface PreviewRow {
  /** The number or name as the column holds it. */
  company: string;
  /** Each field's cell as text: the value, or `#N/A: why`. */
  cells: string[];
}

export type PreviewState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; rows: PreviewRow[] }
  | { status: "failed"; error: unknown };

const errorText = (error: unknown) => {
  const user = toUserError(error);
  return `${user.excel === "value" ? "#VALUE!" : "#N/A"}: ${user.message}`;
};

function shown(cell: CellResult | undefined): string {
  if (cell === undefined) return "";
  if (isUserError(cell)) return errorText(cell);
  return isEntityCell(cell) ? cell.text : cellText(cell);
}

async function previewRow(engine: Engine, company: unknown, kind: SourceColumn["kind"], fields: readonly string[]) {
  const label = String(company);
  let number: unknown = company;
  if (kind === "names") {
    try {
      number = (await formulaOf("MATCH")(engine, [company, null, null, "number"], {}))[0]![0];
    } catch (error) {
      return { company: label, cells: fields.map(() => errorText(error)) };
    }
  }
  const grid = await formulaOf("FIELD")(engine, [[[number]], [fields], null], {});
  return {
    company: kind === "names" ? `${label} (${String(number)})` : label,
    cells: fields.map((_, f) => shown(grid[0]?.[f])),
  };
}

export function usePreview(
  engine: Engine,
  companies: readonly unknown[],
  kind: SourceColumn["kind"],
  fields: readonly string[],
): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: "idle" });
  const key = JSON.stringify([companies, kind, fields]);
  useEffect(() => {
    const [asked, askedKind, askedFields] = JSON.parse(key) as [unknown[], SourceColumn["kind"], string[]];
    const head = asked.filter((value) => value !== "" && value !== null).slice(0, PREVIEW_ROWS);
    if (head.length === 0 || askedFields.length === 0) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    Promise.all(head.map((company) => previewRow(engine, company, askedKind, askedFields))).then(
      (rows) => live && setState({ status: "ready", rows }),
      (error: unknown) => live && setState({ status: "failed", error }),
    );
    return () => {
      live = false;
    };
  }, [engine, key]);
  return state;
}
