/**
 * The builder's preview: the chosen fields for the first three companies of the column, computed
 * by the same engine (and cache) as the cells, through UKCO.FIELD's own formula (from the table of
 * loaded functions, host/function-table.ts), so the preview shows what the table will. Names are matched first, as the helper column will match them. A
 * company that fails shows its error in its own cells; the others still show.
 */
import { cellText, isEntityCell, isUserError, type CellResult } from "@ukco/core/cell-value";
import type { Engine } from "@ukco/core/engine";
import { toUserError } from "@ukco/core/errors";
import type { SourceColumn } from "@ukco/core/builder-layout";
import { formulaOf } from "../../host/function-table";
import { useAnswer, type LookupState } from "../../taskpane/hooks/useLookup";

export const PREVIEW_ROWS = 3;

export interface PreviewRow {
  /** The number or name as the column holds it. */
  company: string;
  /** Each field's cell as text: the value, or `#N/A: why`. */
  cells: string[];
}

interface PreviewAsk {
  head: unknown[];
  kind: SourceColumn["kind"];
  fields: readonly string[];
}

export type PreviewState = LookupState<PreviewAsk, PreviewRow[]>;

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

/** Asked again when the companies, their kind or the fields change; nothing while either list is empty. */
export function usePreview(
  engine: Engine,
  companies: readonly unknown[],
  kind: SourceColumn["kind"],
  fields: readonly string[],
): PreviewState {
  const head = companies.filter((value) => value !== "" && value !== null).slice(0, PREVIEW_ROWS);
  const ask = head.length === 0 || fields.length === 0 ? undefined : { head, kind, fields };
  return useAnswer(ask, (asked: PreviewAsk) =>
    Promise.all(asked.head.map((company) => previewRow(engine, company, asked.kind, asked.fields))),
  ).state;
}
