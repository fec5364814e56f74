/** Excel.TableRowCollection / TableRow and TableColumnCollection / TableColumn. */
import { writeInputs } from "../app/cell-writes";
import { dataRange, dataRowCount, headerNames, insertTableRows } from "../app/tables";
import { type RangeRef } from "../model/address";
import { apiValue } from "../model/cell-values";
import { invalidArgument, itemNotFound } from "../model/host-error";
import { ClientObject, bytesOf, defineProperties, resultOf, type ClientResult } from "./client-object";
import { ClientCollection } from "./collection";
import { Range } from "./range";
import { type RequestContext } from "./request-context";
import { fillFor, grid, tableOf, type TableTarget } from "./targets";

export interface TablePartTarget extends TableTarget {
  index: number;
}

function rowRange(t: TablePartTarget): RangeRef {
  const data = dataRange(tableOf(t));
  if (t.index < 0 || data.r0 + t.index > data.r1) throw itemNotFound(`The table has no row ${t.index}.`);
  return { ...data, r0: data.r0 + t.index, r1: data.r0 + t.index };
}

function columnRange(t: TablePartTarget, part: "all" | "data" | "header"): RangeRef {
  const table = tableOf(t);
  const c = table.range.c0 + t.index;
  if (c > table.range.c1 || t.index < 0) throw itemNotFound(`The table has no column ${t.index}.`);
  const whole = { ...table.range, c0: c, c1: c };
  return part === "all"
    ? whole
    : part === "header"
      ? { ...whole, r1: whole.r0 }
      : { ...dataRange(table), c0: c, c1: c };
}

const onSheet = (t: TablePartTarget, range: RangeRef) => ({ app: t.app, sheetId: tableOf(t).sheetId, range });

function partRange(
  context: RequestContext,
  owner: ClientObject<TablePartTarget>,
  place: (t: TablePartTarget) => RangeRef,
): Range {
  return new Range(context, () => {
    const t = owner._t();
    return t === null ? null : onSheet(t, place(t));
  });
}

export class TableRow extends ClientObject<TablePartTarget> {
  constructor(context: RequestContext, resolver: () => TablePartTarget | null, found?: { target: TablePartTarget }) {
    super(context, "TableRow", resolver, found);
  }

  getRange(): Range {
    return partRange(this._context, this, rowRange);
  }
}

const partValues = (place: (t: TablePartTarget) => RangeRef) => ({
  get: (t: TablePartTarget) => grid(onSheet(t, place(t)), apiValue),
  set: (t: TablePartTarget, value: unknown) => {
    const range = place(t);
    writeInputs(t.app, tableOf(t).sheetId, range, fillFor(value, range), "api");
  },
});

defineProperties<TablePartTarget>(TableRow, { index: { get: (t) => t.index }, values: partValues(rowRange) });

export class TableRowCollection extends ClientCollection<TableTarget, TablePartTarget, TableRow> {
  constructor(context: RequestContext, resolver: () => TableTarget | null) {
    super(context, "TableRowCollection", resolver);
  }

  _itemTargets(t: TableTarget): TablePartTarget[] {
    return Array.from({ length: dataRowCount(tableOf(t)) }, (_, index) => ({ ...t, index }));
  }

  _makeItem(target: TablePartTarget): TableRow {
    return new TableRow(this._context, () => target, { target });
  }

  /** index null, undefined or -1 appends; values is a 2-D array (one row per entry) or one value. */
  add(index?: number | null, values?: unknown, _alwaysInsert?: boolean): TableRow {
    const at: { index?: number } = {};
    this._enqueue("add", bytesOf(values), () => {
      const t = this._require();
      const table = tableOf(t);
      const width = table.range.c1 - table.range.c0 + 1;
      const rows =
        values === undefined
          ? []
          : Array.isArray(values)
            ? (values as unknown[][])
            : [Array.from({ length: width }, () => values)];
      if (rows.some((row) => !Array.isArray(row)))
        throw invalidArgument("values must be a two-dimensional array: one array per row.");
      at.index = insertTableRows(t.app, table, index, rows);
    });
    return new TableRow(this._context, () => ({ ...this._require(), index: at.index! }));
  }

  getItemAt(index: number): TableRow {
    return new TableRow(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      if (index < 0 || index >= dataRowCount(tableOf(t))) throw itemNotFound(`The table has no row ${index}.`);
      return { ...t, index };
    });
  }

  getCount(): ClientResult<number> {
    return resultOf(this, "getCount", () => dataRowCount(tableOf(this._require())));
  }
}

defineProperties<TableTarget>(TableRowCollection, { count: { get: (t) => dataRowCount(tableOf(t)) } });

export class TableColumn extends ClientObject<TablePartTarget> {
  constructor(context: RequestContext, resolver: () => TablePartTarget | null, found?: { target: TablePartTarget }) {
    super(context, "TableColumn", resolver, found);
  }

  getRange(): Range {
    return partRange(this._context, this, (t) => columnRange(t, "all"));
  }

  getDataBodyRange(): Range {
    return partRange(this._context, this, (t) => columnRange(t, "data"));
  }

  getHeaderRowRange(): Range {
    return partRange(this._context, this, (t) => columnRange(t, "header"));
  }
}

defineProperties<TablePartTarget>(TableColumn, {
  id: { get: (t) => String(t.index + 1) },
  index: { get: (t) => t.index },
  name: { get: (t) => headerNames(t.app, tableOf(t))[t.index] },
  values: partValues((t) => columnRange(t, "all")),
});

export class TableColumnCollection extends ClientCollection<TableTarget, TablePartTarget, TableColumn> {
  constructor(context: RequestContext, resolver: () => TableTarget | null) {
    super(context, "TableColumnCollection", resolver);
  }

  _itemTargets(t: TableTarget): TablePartTarget[] {
    return headerNames(t.app, tableOf(t)).map((_, index) => ({ ...t, index }));
  }

  _makeItem(target: TablePartTarget): TableColumn {
    return new TableColumn(this._context, () => target, { target });
  }

  private _find(key: string | number, orNull: boolean): TableColumn {
    return new TableColumn(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      const names = headerNames(t.app, tableOf(t));
      const index =
        typeof key === "number"
          ? key
          : names.findIndex((name, i) => name.toLowerCase() === key.toLowerCase() || String(i + 1) === key);
      if (index >= 0 && index < names.length) return { ...t, index };
      if (orNull) return null;
      throw itemNotFound(`The table has no column "${key}".`);
    });
  }

  getItem(key: string): TableColumn {
    return this._find(key, false);
  }

  getItemOrNullObject(key: string): TableColumn {
    return this._find(key, true);
  }

  getItemAt(index: number): TableColumn {
    return this._find(index, false);
  }

  getCount(): ClientResult<number> {
    return resultOf(this, "getCount", () => headerNames(this._require().app, tableOf(this._require())).length);
  }
}

defineProperties<TableTarget>(TableColumnCollection, { count: { get: (t) => headerNames(t.app, tableOf(t)).length } });
