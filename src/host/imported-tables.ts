/**
 * The saved queries of imported tables, inside the workbook as custom XML parts (one per table,
 * format in core/import/saved-imports.ts), so "Refresh this table" works for whoever opens the file.
 */
import {
  readSavedImportXml,
  SAVED_IMPORTS_NAMESPACE,
  savedImportXml,
  type SavedImport,
} from "@ukco/core/import/saved-imports";

interface StoredPart {
  part: Excel.CustomXmlPart;
  read: ReturnType<typeof readSavedImportXml>;
}

async function readParts(context: Excel.RequestContext): Promise<StoredPart[]> {
  const parts = context.workbook.customXmlParts.getByNamespace(SAVED_IMPORTS_NAMESPACE);
  parts.load("items");
  await context.sync();
  const xmls = parts.items.map((part) => ({ part, xml: part.getXml() }));
  await context.sync();
  return xmls.map(({ part, xml }) => ({ part, read: readSavedImportXml(xml.value) }));
}

export interface ImportedTables {
  /** Saved queries whose table is still in the workbook (its current name, should the user have renamed it). */
  tables: SavedImport[];
  /** Parts that could not be read, in words. */
  problems: string[];
}

export async function listImportedTables(): Promise<ImportedTables> {
  return Excel.run(async (context) => {
    const tables = context.workbook.tables;
    tables.load("items/name,items/id");
    const stored = await readParts(context);
    const byId = new Map(tables.items.map((t) => [t.id, t.name]));
    const names = new Set(tables.items.map((t) => t.name));
    const found: SavedImport[] = [];
    const problems: string[] = [];
    for (const { read } of stored) {
      if (!read.ok) {
        problems.push(`The workbook holds ${read.problem}; it was left alone.`);
        continue;
      }
      const renamed = read.saved.tableId !== undefined ? byId.get(read.saved.tableId) : undefined;
      if (renamed) found.push({ ...read.saved, table: renamed });
      else if (names.has(read.saved.table)) found.push(read.saved);
    }
    return { tables: found.sort((a, b) => a.table.localeCompare(b.table)), problems };
  });
}

/** Saves (or replaces) the query of one table; the new part is written before the old one goes. */
export async function saveImportedTable(saved: SavedImport): Promise<void> {
  await Excel.run(async (context) => {
    const table = context.workbook.tables.getItem(saved.table);
    table.load("id");
    const stored = await readParts(context);
    context.workbook.customXmlParts.add(savedImportXml({ ...saved, tableId: table.id }));
    await context.sync();
    for (const { part, read } of stored) {
      if (
        read.ok &&
        (read.saved.table === saved.table || (read.saved.tableId !== undefined && read.saved.tableId === table.id))
      )
        part.delete();
    }
    await context.sync();
  });
}
