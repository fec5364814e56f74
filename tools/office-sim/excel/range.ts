/** Excel.Range: addresses, values, formulas, number formats, text, value types, navigation, clear, select, calculate. */
import { clearRange, writeInputs, writeNumberFormats, type ClearApplyTo } from "../app/cell-writes";
import {
  MAX_COLUMNS,
  MAX_ROWS,
  formatAddress,
  formatRange,
  intersection,
  parseAddress,
  type RangeRef,
} from "../model/address";
import { apiValue, jsonValue, valueType } from "../model/cell-values";
import { invalidArgument, itemNotFound } from "../model/host-error";
import { displayText } from "../model/number-format";
import { ClientObject, defineProperties } from "./client-object";
import { RangeFormat } from "./range-format";
import { type RequestContext } from "./request-context";
import { checkBounds, fillFor, grid, sheetOf, type RangeTarget } from "./targets";
import { Worksheet } from "./worksheet";

const writeInputsOf = (t: RangeTarget, value: unknown) =>
  writeInputs(t.app, t.sheetId, t.range, fillFor(value, t.range), "api");

export class Range extends ClientObject<RangeTarget> {
  constructor(context: RequestContext, resolver: () => RangeTarget | null, found?: { target: RangeTarget }) {
    super(context, "Range", resolver, found);
  }

  /** A range derived from this one when the request reaches Excel. */
  _derive(derive: (t: RangeTarget) => RangeTarget | null): Range {
    return new Range(this._context, () => {
      const t = this._t();
      return t === null ? null : derive(t);
    });
  }

  private _shape(shape: (r: RangeRef) => RangeRef): Range {
    return this._derive((t) => ({ ...t, range: checkBounds(shape(t.range)) }));
  }

  get format(): RangeFormat {
    return this._child("format", () => new RangeFormat(this._context, () => this._t()));
  }

  get worksheet(): Worksheet {
    return this._child("worksheet", () => new Worksheet(this._context, () => this._t()));
  }

  getCell(row: number, column: number): Range {
    return this._shape((r) => ({ r0: r.r0 + row, c0: r.c0 + column, r1: r.r0 + row, c1: r.c0 + column }));
  }

  getResizedRange(deltaRows: number, deltaColumns: number): Range {
    return this._shape((r) => ({ ...r, r1: r.r1 + deltaRows, c1: r.c1 + deltaColumns }));
  }

  getAbsoluteResizedRange(numRows: number, numColumns: number): Range {
    return this._shape((r) => ({ ...r, r1: r.r0 + numRows - 1, c1: r.c0 + numColumns - 1 }));
  }

  getOffsetRange(rowOffset: number, columnOffset: number): Range {
    return this._shape((r) => ({
      r0: r.r0 + rowOffset,
      c0: r.c0 + columnOffset,
      r1: r.r1 + rowOffset,
      c1: r.c1 + columnOffset,
    }));
  }

  getEntireColumn(): Range {
    return this._shape((r) => ({ ...r, r0: 0, r1: MAX_ROWS - 1 }));
  }

  getEntireRow(): Range {
    return this._shape((r) => ({ ...r, c0: 0, c1: MAX_COLUMNS - 1 }));
  }

  getRow(row: number): Range {
    return this._shape((r) => ({ ...r, r0: r.r0 + row, r1: r.r0 + row }));
  }

  getColumn(column: number): Range {
    return this._shape((r) => ({ ...r, c0: r.c0 + column, c1: r.c0 + column }));
  }

  getLastRow(): Range {
    return this._shape((r) => ({ ...r, r0: r.r1 }));
  }

  getLastColumn(): Range {
    return this._shape((r) => ({ ...r, c0: r.c1 }));
  }

  getLastCell(): Range {
    return this._shape((r) => ({ ...r, r0: r.r1, c0: r.c1 }));
  }

  getUsedRange(valuesOnly = false): Range {
    return this._derive((t) => {
      const used = usedWithin(t, valuesOnly);
      if (!used) throw itemNotFound("The range has no used cells.");
      return { ...t, range: used };
    });
  }

  getUsedRangeOrNullObject(valuesOnly = false): Range {
    return this._derive((t) => {
      const used = usedWithin(t, valuesOnly);
      return used ? { ...t, range: used } : null;
    });
  }

  /** The overlap with another range (a Range or an address on this sheet); ItemNotFound when there is none. */
  getIntersection(anotherRange: Range | string): Range {
    return this._intersect(anotherRange, false);
  }

  getIntersectionOrNullObject(anotherRange: Range | string): Range {
    return this._intersect(anotherRange, true);
  }

  private _intersect(other: Range | string, orNull: boolean): Range {
    return this._derive((t) => {
      const parsed = typeof other === "string" ? parseAddress(other) : undefined;
      if (typeof other === "string" && !parsed) throw invalidArgument(`"${other}" is not a range address.`);
      const o = typeof other === "string" ? { sheetId: t.sheetId, range: parsed!.range } : other._t();
      const overlap = o && o.sheetId === t.sheetId ? intersection(t.range, o.range) : undefined;
      if (overlap) return { ...t, range: overlap };
      if (orNull) return null;
      throw itemNotFound("The ranges do not intersect.");
    });
  }

  /** ExcelApi 1.12: where the dynamic-array formula in this range's first cell spills, anchor included. */
  getSpillingToRange(): Range {
    return this._spilling(false);
  }

  getSpillingToRangeOrNullObject(): Range {
    return this._spilling(true);
  }

  /** ExcelApi 1.12: the anchor of the dynamic-array formula that spilled into this range's first cell. */
  getSpillParent(): Range {
    return this._spillParent(false);
  }

  getSpillParentOrNullObject(): Range {
    return this._spillParent(true);
  }

  private _spillParent(orNull: boolean): Range {
    return this._derive((t) => {
      const id = sheetOf(t).get(t.range.r0, t.range.c0)?.spillParent;
      const anchor = id === undefined ? undefined : t.app.engine.store.byId.get(id);
      if (anchor) return { ...t, range: { r0: anchor.row, c0: anchor.col, r1: anchor.row, c1: anchor.col } };
      if (orNull) return null;
      throw itemNotFound("The range is not part of a spill.");
    });
  }

  private _spilling(orNull: boolean): Range {
    return this._derive((t) => {
      const spill = t.app.engine.store.at(t.sheetId, t.range.r0, t.range.c0)?.spill;
      if (spill) return { ...t, range: spill };
      if (orNull) return null;
      throw itemNotFound("The range does not spill.");
    });
  }

  clear(applyTo: ClearApplyTo = "All"): void {
    this._enqueue("clear", 0, () => {
      const t = this._require();
      clearRange(t.app, t.sheetId, t.range, applyTo, "api");
    });
  }

  select(): void {
    this._enqueue("select", 0, () => {
      const t = this._require();
      t.app.select(t.sheetId, t.range);
    });
  }

  calculate(): void {
    this._enqueue("calculate", 0, () => {
      const t = this._require();
      t.app.engine.calculateRange(t.sheetId, t.range);
    });
  }
}

function usedWithin(t: RangeTarget, valuesOnly: boolean): RangeRef | undefined {
  const used = sheetOf(t).usedRange(valuesOnly);
  return used && intersection(used, t.range);
}

defineProperties<RangeTarget>(Range, {
  address: { get: (t) => formatAddress(sheetOf(t).name, t.range) },
  addressLocal: { get: (t) => formatAddress(sheetOf(t).name, t.range) },
  rowCount: { get: (t) => t.range.r1 - t.range.r0 + 1 },
  columnCount: { get: (t) => t.range.c1 - t.range.c0 + 1 },
  cellCount: { get: (t) => (t.range.r1 - t.range.r0 + 1) * (t.range.c1 - t.range.c0 + 1) },
  rowIndex: { get: (t) => t.range.r0 },
  columnIndex: { get: (t) => t.range.c0 },
  isEntireColumn: { get: (t) => t.range.r0 === 0 && t.range.r1 === MAX_ROWS - 1 },
  isEntireRow: { get: (t) => t.range.c0 === 0 && t.range.c1 === MAX_COLUMNS - 1 },
  values: { get: (t) => grid(t, apiValue), set: writeInputsOf },
  formulas: { get: (t) => grid(t, (v, r, c) => sheetOf(t).get(r, c)?.formula ?? apiValue(v)), set: writeInputsOf },
  formulasLocal: { get: (t) => grid(t, (v, r, c) => sheetOf(t).get(r, c)?.formula ?? apiValue(v)), set: writeInputsOf },
  numberFormat: {
    get: (t) => grid(t, (_v, r, c) => sheetOf(t).numberFormatAt(r, c)),
    set: (t, value) => writeNumberFormats(t.app, t.sheetId, t.range, fillFor(value, t.range)),
  },
  text: { get: (t) => grid(t, (v, r, c) => displayText(v, sheetOf(t).numberFormatAt(r, c))) },
  valueTypes: { get: (t) => grid(t, valueType) },
  /** ExcelApi 1.16 (refused below it: api-sets.ts). */
  valuesAsJson: {
    get: (t) => {
      const doubleFormats = t.app.requirements.isSetSupported("ExcelApi", "1.19");
      return grid(t, (v, r, c) => {
        const cell = sheetOf(t).get(r, c);
        const fromFormula = cell?.formula !== undefined || cell?.spillParent !== undefined;
        return jsonValue(v, fromFormula ? cell?.valueFormat : undefined, doubleFormats);
      });
    },
  },
});

/** "A1:B2" on this sheet, for event arguments. */
export const localAddress = (range: RangeRef) => formatRange(range);
