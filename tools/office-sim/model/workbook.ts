/**
 * The workbook's state: sheets, tables, selection, and what is "saved with the workbook"
 * (Excel.SettingCollection, Office document settings, custom XML parts, startup behaviour).
 * Plain data plus change events; the rules of writing cells live in app/.
 */
import { type RangeRef } from "./address";
import { Emitter } from "./emitter";
import { Sheet } from "./sheet";

export interface TableModel {
  id: string;
  name: string;
  sheetId: string;
  /** The whole table, header row included. */
  range: RangeRef;
  showHeaders: boolean;
  style: string;
}

export interface CustomXmlPartModel {
  id: string;
  xml: string;
}

export type ChangeOrigin = "user" | "api" | "calc";

export type WorkbookEvent =
  | { kind: "cells"; sheetId: string; range: RangeRef; origin: ChangeOrigin }
  | { kind: "selection"; sheetId: string; range: RangeRef }
  | { kind: "structure" }
  /** A saved workbook was loaded in place of this one (close and reopen). */
  | { kind: "reopened" };

export class Workbook {
  readonly sheets: Sheet[] = [];
  readonly tables: TableModel[] = [];
  readonly settings = new Map<string, unknown>();
  documentSettings: Record<string, unknown> = {};
  readonly customXmlParts: CustomXmlPartModel[] = [];
  startupBehavior: "None" | "Load" = "None";
  activeSheetId = "";
  readonly selections = new Map<string, RangeRef>();
  readonly events = new Emitter<WorkbookEvent>();
  private nextId = 1;

  constructor(firstSheetName: string | null = "Sheet1") {
    if (firstSheetName !== null) this.addSheet(firstSheetName);
  }

  /** Empties the workbook (keeping its listeners), before a saved one is loaded into it. */
  reset(): void {
    this.sheets.length = 0;
    this.tables.length = 0;
    this.settings.clear();
    this.documentSettings = {};
    this.customXmlParts.length = 0;
    this.startupBehavior = "None";
    this.activeSheetId = "";
    this.selections.clear();
  }

  newId(prefix: string): string {
    return `${prefix}${this.nextId++}`;
  }

  /** Restores the id counter after loading a snapshot, so new ids never collide with saved ones. */
  reserveIds(upTo: number): void {
    this.nextId = Math.max(this.nextId, upTo + 1);
  }

  get idCounter(): number {
    return this.nextId - 1;
  }

  addSheet(name?: string, id = this.newId("sheet")): Sheet {
    let n = this.sheets.length + 1;
    let chosen = name;
    while (!chosen || this.sheetByName(chosen)) chosen = `Sheet${n++}`;
    const sheet = new Sheet(id, chosen);
    this.sheets.push(sheet);
    if (!this.activeSheetId) this.activeSheetId = sheet.id;
    return sheet;
  }

  sheetById(id: string): Sheet | undefined {
    return this.sheets.find((sheet) => sheet.id === id);
  }

  sheetByName(name: string): Sheet | undefined {
    const wanted = name.toLowerCase();
    return this.sheets.find((sheet) => sheet.name.toLowerCase() === wanted);
  }

  get activeSheet(): Sheet {
    return this.sheetById(this.activeSheetId) ?? this.sheets[0]!;
  }

  selectionOf(sheetId: string): RangeRef {
    return this.selections.get(sheetId) ?? { r0: 0, c0: 0, r1: 0, c1: 0 };
  }

  tableByName(name: string): TableModel | undefined {
    const wanted = name.toLowerCase();
    return this.tables.find((table) => table.name.toLowerCase() === wanted || table.id === name);
  }
}
