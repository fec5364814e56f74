/** Excel.Worksheet, WorksheetCollection and WorksheetFreezePanes. */
import { addSheet, deleteSheet, moveSheet, renameSheet } from "../app/sheets";
import { MAX_COLUMNS, MAX_ROWS, parseAddress, type RangeRef } from "../model/address";
import { HostError, invalidArgument, itemNotFound } from "../model/host-error";
import { type SheetVisibility } from "../model/sheet";
import { ClientObject, defineProperties, resultOf, type ClientResult } from "./client-object";
import { ChartCollection } from "./chart";
import { ClientCollection } from "./collection";
import { EventHandlers, onActivated, onCellsChanged, onSelection } from "./events";
import { Range } from "./range";
import { type RequestContext } from "./request-context";
import { checkBounds, sheetOf, type AppTarget, type SheetTarget } from "./targets";
import { TableCollection } from "./table-collection";

export class Worksheet extends ClientObject<SheetTarget> {
  constructor(context: RequestContext, resolver: () => SheetTarget | null, found?: { target: SheetTarget }) {
    super(context, "Worksheet", resolver, found);
  }

  private _range(shape: (t: SheetTarget) => RangeRef): Range {
    return new Range(this._context, () => {
      const t = this._t();
      return t === null ? null : { app: t.app, sheetId: t.sheetId, range: checkBounds(shape(t)) };
    });
  }

  getRange(address?: string): Range {
    return this._range((t) => {
      if (address === undefined || address === "") return { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLUMNS - 1 };
      const parsed = parseAddress(address);
      if (!parsed) throw invalidArgument(`"${address}" is not a cell or range address.`);
      if (parsed.sheet !== undefined && parsed.sheet.toLowerCase() !== sheetOf(t).name.toLowerCase()) {
        throw invalidArgument(`"${address}" names another worksheet.`);
      }
      return parsed.range;
    });
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): Range {
    return this._range(() => ({
      r0: startRow,
      c0: startColumn,
      r1: startRow + rowCount - 1,
      c1: startColumn + columnCount - 1,
    }));
  }

  getCell(row: number, column: number): Range {
    return this._range(() => ({ r0: row, c0: column, r1: row, c1: column }));
  }

  getUsedRange(valuesOnly = false): Range {
    // An empty sheet's used range is A1, as in Excel.
    return this._range((t) => sheetOf(t).usedRange(valuesOnly) ?? { r0: 0, c0: 0, r1: 0, c1: 0 });
  }

  getUsedRangeOrNullObject(valuesOnly = false): Range {
    return new Range(this._context, () => {
      const t = this._t();
      const used = t && sheetOf(t).usedRange(valuesOnly);
      return t && used ? { app: t.app, sheetId: t.sheetId, range: used } : null;
    });
  }

  get tables(): TableCollection {
    return this._child("tables", () => new TableCollection(this._context, () => this._t()));
  }

  get charts(): ChartCollection {
    return this._child("charts", () => new ChartCollection(this._context, () => this._t()));
  }

  get freezePanes(): WorksheetFreezePanes {
    return this._child("freezePanes", () => new WorksheetFreezePanes(this._context, () => this._t()));
  }

  get onChanged(): EventHandlers<Record<string, unknown>> {
    return this._child(
      "onChanged",
      () =>
        new EventHandlers(
          this._context,
          onCellsChanged(this._context.app, (id) => id === this._require().sheetId),
        ),
    );
  }

  get onSelectionChanged(): EventHandlers<Record<string, unknown>> {
    return this._child(
      "onSelectionChanged",
      () =>
        new EventHandlers(
          this._context,
          onSelection(this._context.app, (id) => id === this._require().sheetId, "WorksheetSelectionChanged"),
        ),
    );
  }

  get onActivated(): EventHandlers<Record<string, unknown>> {
    return this._child(
      "onActivated",
      () =>
        new EventHandlers(
          this._context,
          onActivated(this._context.app, (id) => id === this._require().sheetId),
        ),
    );
  }

  activate(): void {
    this._enqueue("activate", 0, () => {
      const t = this._require();
      t.app.activate(t.sheetId);
    });
  }

  delete(): void {
    this._enqueue("delete", 0, () => {
      const t = this._require();
      deleteSheet(t.app, sheetOf(t));
    });
  }

  calculate(_markAllDirty = false): void {
    this._enqueue("calculate", 0, () => {
      const t = this._require();
      t.app.engine.calculateRange(t.sheetId, { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLUMNS - 1 });
    });
  }
}

defineProperties<SheetTarget>(Worksheet, {
  id: { get: (t) => t.sheetId },
  name: { get: (t) => sheetOf(t).name, set: (t, value) => renameSheet(t.app, sheetOf(t), String(value)) },
  position: {
    get: (t) => t.app.workbook.sheets.indexOf(sheetOf(t)),
    set: (t, value) => moveSheet(t.app, sheetOf(t), Number(value)),
  },
  visibility: {
    get: (t) => sheetOf(t).visibility,
    set: (t, value) => {
      const sheet = sheetOf(t);
      const others = t.app.workbook.sheets.filter((s) => s !== sheet && s.visibility === "Visible");
      if (value !== "Visible" && !others.length)
        throw new HostError("InvalidOperation", "A workbook must contain at least one visible worksheet.");
      sheet.visibility = value as SheetVisibility;
      t.app.workbook.events.emit({ kind: "structure" });
    },
  },
  tabColor: { get: (t) => sheetOf(t).tabColor, set: (t, value) => void (sheetOf(t).tabColor = String(value)) },
});

export class WorksheetFreezePanes extends ClientObject<SheetTarget> {
  constructor(context: RequestContext, resolver: () => SheetTarget | null) {
    super(context, "WorksheetFreezePanes", resolver);
  }

  private _freeze(rows: number | undefined, columns: number | undefined): void {
    this._enqueue("freeze", 0, () => {
      const sheet = sheetOf(this._require());
      if (rows !== undefined) sheet.frozenRows = rows;
      if (columns !== undefined) sheet.frozenColumns = columns;
      this._require().app.workbook.events.emit({ kind: "structure" });
    });
  }

  freezeRows(count = 1): void {
    this._freeze(count, undefined);
  }

  freezeColumns(count = 1): void {
    this._freeze(undefined, count);
  }

  unfreeze(): void {
    this._freeze(0, 0);
  }
}

export class WorksheetCollection extends ClientCollection<AppTarget, SheetTarget, Worksheet> {
  constructor(context: RequestContext, resolver: () => AppTarget | null) {
    super(context, "WorksheetCollection", resolver);
  }

  _itemTargets(t: AppTarget): SheetTarget[] {
    return t.app.workbook.sheets.map((sheet) => ({ app: t.app, sheetId: sheet.id }));
  }

  _makeItem(target: SheetTarget): Worksheet {
    return new Worksheet(this._context, () => target, { target });
  }

  private _lookup(find: (t: AppTarget) => SheetTarget | null): Worksheet {
    return new Worksheet(this._context, () => {
      const t = this._t();
      return t === null ? null : find(t);
    });
  }

  getActiveWorksheet(): Worksheet {
    return this._lookup((t) => ({ app: t.app, sheetId: t.app.workbook.activeSheetId }));
  }

  getItem(key: string): Worksheet {
    return this._lookup((t) => {
      const sheet = t.app.workbook.sheetById(key) ?? t.app.workbook.sheetByName(key);
      if (!sheet) throw itemNotFound(`The requested resource doesn't exist: no worksheet "${key}".`);
      return { app: t.app, sheetId: sheet.id };
    });
  }

  getItemOrNullObject(key: string): Worksheet {
    return this._lookup((t) => {
      const sheet = t.app.workbook.sheetById(key) ?? t.app.workbook.sheetByName(key);
      return sheet ? { app: t.app, sheetId: sheet.id } : null;
    });
  }

  getFirst(): Worksheet {
    return this._lookup((t) => ({ app: t.app, sheetId: t.app.workbook.sheets[0]!.id }));
  }

  getLast(): Worksheet {
    return this._lookup((t) => ({ app: t.app, sheetId: t.app.workbook.sheets[t.app.workbook.sheets.length - 1]!.id }));
  }

  add(name?: string): Worksheet {
    const created: { sheetId?: string } = {};
    this._enqueue("add", name?.length ?? 0, () => {
      created.sheetId = addSheet(this._require().app, name).id;
    });
    return this._lookup((t) => ({ app: t.app, sheetId: created.sheetId! }));
  }

  getCount(): ClientResult<number> {
    return resultOf(this, "getCount", () => this._require().app.workbook.sheets.length);
  }

  get onChanged(): EventHandlers<Record<string, unknown>> {
    return this._child(
      "onChanged",
      () =>
        new EventHandlers(
          this._context,
          onCellsChanged(this._context.app, () => true),
        ),
    );
  }

  get onSelectionChanged(): EventHandlers<Record<string, unknown>> {
    return this._child(
      "onSelectionChanged",
      () =>
        new EventHandlers(
          this._context,
          onSelection(this._context.app, () => true, "WorksheetSelectionChanged"),
        ),
    );
  }

  get onActivated(): EventHandlers<Record<string, unknown>> {
    return this._child(
      "onActivated",
      () =>
        new EventHandlers(
          this._context,
          onActivated(this._context.app, () => true),
        ),
    );
  }
}
