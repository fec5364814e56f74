/** Excel.TableCollection: the workbook's tables, or one worksheet's. */
import { addTable } from "../app/tables";
import { parseAddress, type RangeRef } from "../model/address";
import { invalidArgument, itemNotFound } from "../model/host-error";
import { type TableModel } from "../model/workbook";
import { defineProperties, resultOf, type ClientResult } from "./client-object";
import { ClientCollection } from "./collection";
import { type Range } from "./range";
import { type RequestContext } from "./request-context";
import { Table } from "./table";
import { type AppTarget, type SheetTarget, type TableTarget } from "./targets";

/** The scope of a table collection: the whole workbook, or one sheet (sheetId set). */
type TablesScope = AppTarget & Partial<SheetTarget>;

function tablesIn(t: TablesScope): TableModel[] {
  return t.app.workbook.tables.filter((table) => t.sheetId === undefined || table.sheetId === t.sheetId);
}

export class TableCollection extends ClientCollection<TablesScope, TableTarget, Table> {
  constructor(context: RequestContext, resolver: () => TablesScope | null) {
    super(context, "TableCollection", resolver);
  }

  _itemTargets(t: TablesScope): TableTarget[] {
    return tablesIn(t).map((table) => ({ app: t.app, tableId: table.id }));
  }

  _makeItem(target: TableTarget): Table {
    return new Table(this._context, () => target, { target });
  }

  private _lookup(find: (t: TablesScope) => TableModel | undefined, orNull: boolean, what: string): Table {
    return new Table(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      const table = find(t);
      if (!table && !orNull) throw itemNotFound(`The requested resource doesn't exist: no table ${what}.`);
      return table ? { app: t.app, tableId: table.id } : null;
    });
  }

  getItem(key: string): Table {
    return this._lookup(
      (t) => tablesIn(t).find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase()),
      false,
      `"${key}"`,
    );
  }

  getItemOrNullObject(key: string): Table {
    return this._lookup(
      (t) => tablesIn(t).find((table) => table.id === key || table.name.toLowerCase() === key.toLowerCase()),
      true,
      `"${key}"`,
    );
  }

  getItemAt(index: number): Table {
    return this._lookup((t) => tablesIn(t)[index], false, `at ${index}`);
  }

  getCount(): ClientResult<number> {
    return resultOf(this, "getCount", () => tablesIn(this._require()).length);
  }

  /** address: "Sheet1!A1:D1", "A1:D1" (on the collection's sheet or the active one), or a Range. */
  add(address: string | Range, hasHeaders: boolean): Table {
    const created: { tableId?: string } = {};
    this._enqueue("add", typeof address === "string" ? address.length : 0, () => {
      const t = this._require();
      let sheetId: string;
      let range: RangeRef;
      if (typeof address === "string") {
        const parsed = parseAddress(address);
        if (!parsed) throw invalidArgument(`"${address}" is not a range address.`);
        const sheet =
          parsed.sheet !== undefined
            ? t.app.workbook.sheetByName(parsed.sheet)
            : t.app.workbook.sheetById(t.sheetId ?? t.app.workbook.activeSheetId);
        if (!sheet) throw itemNotFound(`There is no worksheet named "${parsed.sheet}".`);
        sheetId = sheet.id;
        range = parsed.range;
      } else {
        const target = address._require();
        sheetId = target.sheetId;
        range = target.range;
      }
      created.tableId = addTable(t.app, sheetId, range, hasHeaders).id;
    });
    return new Table(this._context, () => ({ app: this._require().app, tableId: created.tableId! }));
  }
}

defineProperties<TablesScope>(TableCollection, { count: { get: (t) => tablesIn(t).length } });
