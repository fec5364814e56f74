/** Excel.Table: name, ranges (whole, header row, data body), rows, columns, delete. */
import { dataRange, headerRange, removeTable, resizeTable } from "../app/tables";
import { parseAddress } from "../model/address";
import { invalidArgument, notSimulated } from "../model/host-error";
import { ClientObject, defineProperties } from "./client-object";
import { Range } from "./range";
import { type RequestContext } from "./request-context";
import { TableColumnCollection, TableRowCollection } from "./table-parts";
import { tableOf, type TableTarget } from "./targets";
import { Worksheet } from "./worksheet";

export class Table extends ClientObject<TableTarget> {
  constructor(context: RequestContext, resolver: () => TableTarget | null, found?: { target: TableTarget }) {
    super(context, "Table", resolver, found);
  }

  private _range(part: "all" | "header" | "data"): Range {
    return new Range(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      const table = tableOf(t);
      const range = part === "all" ? table.range : part === "data" ? dataRange(table) : headerRange(table);
      if (!range) throw invalidArgument(`The table ${table.name} has no header row.`);
      return { app: t.app, sheetId: table.sheetId, range };
    });
  }

  getRange(): Range {
    return this._range("all");
  }

  getHeaderRowRange(): Range {
    return this._range("header");
  }

  getDataBodyRange(): Range {
    return this._range("data");
  }

  get rows(): TableRowCollection {
    return this._child("rows", () => new TableRowCollection(this._context, () => this._t()));
  }

  get columns(): TableColumnCollection {
    return this._child("columns", () => new TableColumnCollection(this._context, () => this._t()));
  }

  get worksheet(): Worksheet {
    return this._child(
      "worksheet",
      () =>
        new Worksheet(this._context, () => {
          const t = this._t();
          return t === null ? null : { app: t.app, sheetId: tableOf(t).sheetId };
        }),
    );
  }

  /** ExcelApi 1.13: a Range or an address on the table's sheet. */
  resize(newRange: Range | string): void {
    this._enqueue("resize", typeof newRange === "string" ? newRange.length : 0, () => {
      const t = this._require();
      const table = tableOf(t);
      const parsed = typeof newRange === "string" ? parseAddress(newRange) : undefined;
      if (typeof newRange === "string" && !parsed) throw invalidArgument(`"${newRange}" is not a range address.`);
      const target =
        typeof newRange === "string" ? { sheetId: table.sheetId, range: parsed!.range } : newRange._require();
      if (target.sheetId !== table.sheetId) throw invalidArgument("A table can only be resized on its own worksheet.");
      resizeTable(t.app, table, target.range);
    });
  }

  delete(): void {
    this._enqueue("delete", 0, () => removeTable(this._require().app, tableOf(this._require()), false));
  }

  convertToRange(): Range {
    const range = this.getRange();
    this._enqueue("convertToRange", 0, () => removeTable(this._require().app, tableOf(this._require()), true));
    return range;
  }
}

defineProperties<TableTarget>(Table, {
  id: { get: (t) => t.tableId },
  name: {
    get: (t) => tableOf(t).name,
    set: (t, value) => {
      const name = String(value);
      if (!/^[A-Za-z_\\][A-Za-z0-9_.]{0,254}$/.test(name))
        throw invalidArgument(
          `"${name}" is not a valid table name (letters, digits, _ and ., starting with a letter or _).`,
        );
      const clash = t.app.workbook.tableByName(name);
      if (clash && clash.id !== t.tableId) throw invalidArgument(`A table named "${name}" already exists.`);
      tableOf(t).name = name;
      t.app.workbook.events.emit({ kind: "structure" });
    },
  },
  showHeaders: {
    get: (t) => tableOf(t).showHeaders,
    set: (_t, value) => {
      if (value !== true) throw notSimulated("Excel.Table.showHeaders = false");
    },
  },
  showTotals: { get: () => false },
  style: { get: (t) => tableOf(t).style, set: (t, value) => void (tableOf(t).style = String(value)) },
});
