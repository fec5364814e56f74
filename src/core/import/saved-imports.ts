/**
 * The store format of saved queries. Each imported table's query is saved inside the workbook
 * (so it travels with the file and "Refresh this table" works for whoever opens it) as one custom
 * XML part per table, in our own namespace:
 *
 *   <import xmlns="urn:ukco-addin:imports:1" table="UKCO_Import_1">{ JSON of SavedImport, XML-escaped }</import>
 *
 * The JSON is checked with SavedImportSchema when read; a part that does not fit is reported, not used.
 * It holds no credential: only the source (codes, company numbers, URLs, column paths; see
 * sources/) and what the last run did. Version 1 held a company-list `query` in place of
 * `source`; such parts are read as a "companies" source.
 */
import { z } from "zod";
import { TableSourceSchema } from "./sources";

export const SAVED_IMPORTS_NAMESPACE = "urn:ukco-addin:imports:1";
export const SAVED_IMPORT_VERSION = 2;

function upgradeVersion1(json: unknown): unknown {
  if (typeof json !== "object" || json === null) return json;
  const old = json as Record<string, unknown>;
  if (old.version !== 1 || !("query" in old)) return json;
  const { query, ...rest } = old;
  return { ...rest, version: SAVED_IMPORT_VERSION, source: { kind: "companies", query } };
}

export const SavedImportSchema = z.object({
  version: z.literal(SAVED_IMPORT_VERSION),
  /** The Excel table's name (the key) and id (kept in case the user renames the table). */
  table: z.string().min(1),
  tableId: z.string().optional(),
  sheet: z.string(),
  source: TableSourceSchema,
  /** Rows from the as-of line down to the table's header row. */
  asOfRowsAbove: z.number().int().min(0),
  importedAt: z.string(),
  rows: z.number().int().min(0),
  total: z.number().int().min(0).optional(),
  status: z.enum(["complete", "cancelled", "failed"]),
});
export type SavedImport = z.infer<typeof SavedImportSchema>;

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

export function savedImportXml(saved: SavedImport): string {
  return `<import xmlns="${SAVED_IMPORTS_NAMESPACE}" table="${escapeXml(saved.table)}">${escapeXml(JSON.stringify(saved))}</import>`;
}

export type ReadSavedImport = { ok: true; saved: SavedImport } | { ok: false; problem: string };

export function readSavedImportXml(xml: string): ReadSavedImport {
  const body = /<import\b[^>]*>([\s\S]*)<\/import>\s*$/.exec(xml.trim());
  if (!body) return { ok: false, problem: "a saved query part without an <import> element" };
  let json: unknown;
  try {
    json = JSON.parse(unescapeXml(body[1]!));
  } catch {
    return { ok: false, problem: "a saved query that is not JSON" };
  }
  const parsed = SavedImportSchema.safeParse(upgradeVersion1(json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problem: `a saved query that does not fit its format (${issue?.path.join(".") || "root"}: ${issue?.message ?? "invalid"})`,
    };
  }
  return { ok: true, saved: parsed.data };
}
