/** Adding, renaming, moving and deleting worksheets with Excel's rules for names. */
import { invalidArgument, HostError } from "../model/host-error";
import { type Sheet } from "../model/sheet";
import { type SimulatedExcel } from "./simulated-excel";

export function validateSheetName(app: SimulatedExcel, name: string, except?: Sheet): void {
  if (!name || name.length > 31 || /[:\\/?*[\]]/.test(name) || name.startsWith("'") || name.endsWith("'")) {
    throw invalidArgument(
      `"${name}" is not a valid worksheet name: 1 to 31 characters, none of : \\ / ? * [ ], not starting or ending with '.`,
    );
  }
  const clash = app.workbook.sheetByName(name);
  if (clash && clash !== except)
    throw new HostError("ItemAlreadyExists", `A worksheet named "${name}" already exists.`);
}

export function addSheet(app: SimulatedExcel, name?: string): Sheet {
  if (name !== undefined) validateSheetName(app, name);
  const sheet = app.workbook.addSheet(name);
  app.workbook.events.emit({ kind: "structure" });
  return sheet;
}

export function renameSheet(app: SimulatedExcel, sheet: Sheet, name: string): void {
  validateSheetName(app, name, sheet);
  // INFERRED: Excel rewrites formulas that name the sheet; the sim binds references to sheet ids, so they keep working.
  sheet.name = name;
  app.workbook.events.emit({ kind: "structure" });
}

export function moveSheet(app: SimulatedExcel, sheet: Sheet, position: number): void {
  const sheets = app.workbook.sheets;
  if (position < 0 || position >= sheets.length)
    throw invalidArgument(`Position ${position} is outside 0..${sheets.length - 1}.`);
  sheets.splice(sheets.indexOf(sheet), 1);
  sheets.splice(position, 0, sheet);
  app.workbook.events.emit({ kind: "structure" });
}

export function deleteSheet(app: SimulatedExcel, sheet: Sheet): void {
  const wb = app.workbook;
  if (wb.sheets.filter((s) => s.visibility === "Visible" && s !== sheet).length === 0) {
    throw new HostError("InvalidOperation", "A workbook must contain at least one visible worksheet.");
  }
  const everything = { r0: 0, c0: 0, r1: 1_048_575, c1: 16_383 };
  for (const f of app.engine.store.onSheet(sheet.id)) app.engine.removeFormula(f);
  for (const table of wb.tables.filter((t) => t.sheetId === sheet.id)) wb.tables.splice(wb.tables.indexOf(table), 1);
  const index = wb.sheets.indexOf(sheet);
  wb.sheets.splice(index, 1);
  wb.selections.delete(sheet.id);
  if (wb.activeSheetId === sheet.id) wb.activeSheetId = (wb.sheets[Math.max(0, index - 1)] ?? wb.sheets[0]!).id;
  // Formulas on other sheets that read the deleted one now read #REF!.
  app.engine.markChanged(sheet.id, everything);
  wb.events.emit({ kind: "structure" });
  app.engine.pump();
}
