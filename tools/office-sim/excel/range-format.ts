/** Excel.RangeFormat, RangeFont and RangeFill: the formatting the add-in uses (bold headers, widths, fills). */
import { applyFormat } from "../app/cell-writes";
import { intersection } from "../model/address";
import { displayText } from "../model/number-format";
import { type CellFormat } from "../model/sheet";
import { ClientObject, defineProperties } from "./client-object";
import { type RequestContext } from "./request-context";
import { grid, sheetOf, type RangeTarget } from "./targets";

// INFERRED: Excel's default column width in points (8.43 characters of Calibri 11).
export const DEFAULT_COLUMN_WIDTH = 48;
const MAX_CELLS_INSPECTED = 10_000;

/** A format property read over a range: its value when every cell agrees, else null (as Excel reports mixed formats). */
function uniform<K extends keyof CellFormat>(t: RangeTarget, key: K, fallback: CellFormat[K]): CellFormat[K] | null {
  const sheet = sheetOf(t);
  let seen: CellFormat[K] | undefined;
  let inspected = 0;
  for (let r = t.range.r0; r <= t.range.r1 && inspected < MAX_CELLS_INSPECTED; r++) {
    for (let c = t.range.c0; c <= t.range.c1 && inspected < MAX_CELLS_INSPECTED; c++, inspected++) {
      const value = sheet.formatAt(r, c)[key] ?? fallback;
      if (seen === undefined) seen = value;
      else if (seen !== value) return null;
    }
  }
  return seen ?? fallback;
}

const formatProperty = <K extends keyof CellFormat>(key: K, fallback: CellFormat[K]) => ({
  get: (t: RangeTarget) => uniform(t, key, fallback),
  set: (t: RangeTarget, value: unknown) => applyFormat(t.app, t.sheetId, t.range, { [key]: value } as CellFormat),
});

export class RangeFont extends ClientObject<RangeTarget> {
  constructor(context: RequestContext, resolver: () => RangeTarget | null) {
    super(context, "RangeFont", resolver);
  }
}

defineProperties<RangeTarget>(RangeFont, {
  bold: formatProperty("bold", false),
  italic: formatProperty("italic", false),
  color: formatProperty("color", "#000000"),
});

export class RangeFill extends ClientObject<RangeTarget> {
  constructor(context: RequestContext, resolver: () => RangeTarget | null) {
    super(context, "RangeFill", resolver);
  }

  clear(): void {
    this._enqueue("clear", 0, () => {
      const t = this._require();
      applyFormat(t.app, t.sheetId, t.range, { fill: undefined });
    });
  }
}

defineProperties<RangeTarget>(RangeFill, { color: formatProperty("fill", "#FFFFFF") });

export class RangeFormat extends ClientObject<RangeTarget> {
  constructor(context: RequestContext, resolver: () => RangeTarget | null) {
    super(context, "RangeFormat", resolver);
  }

  get font(): RangeFont {
    return this._child("font", () => new RangeFont(this._context, () => this._t()));
  }

  get fill(): RangeFill {
    return this._child("fill", () => new RangeFill(this._context, () => this._t()));
  }

  /** Widens each column to its longest text, roughly as Excel measures it. */
  autofitColumns(): void {
    this._enqueue("autofitColumns", 0, () => {
      const t = this._require();
      const sheet = sheetOf(t);
      const used = sheet.usedRange();
      const area = used && intersection(used, t.range);
      if (!area) return;
      const texts = grid({ ...t, range: area }, (v, r, c) => displayText(v, sheet.numberFormatAt(r, c)));
      for (let c = t.range.c0; c <= t.range.c1; c++) {
        const longest = texts.reduce((most, row) => Math.max(most, row[c - area.c0]?.length ?? 0), 0);
        sheet.columnWidths.set(c, Math.max(DEFAULT_COLUMN_WIDTH, Math.round(longest * 5.6 + 8)));
      }
      t.app.workbook.events.emit({ kind: "cells", sheetId: t.sheetId, range: t.range, origin: "api" });
    });
  }

  autofitRows(): void {
    // Row heights are not modelled; the request still makes its round trip.
    this._enqueue("autofitRows", 0, () => this._require());
  }
}

defineProperties<RangeTarget>(RangeFormat, {
  columnWidth: {
    get: (t) => sheetOf(t).columnWidths.get(t.range.c0) ?? DEFAULT_COLUMN_WIDTH,
    set: (t, value) => {
      for (let c = t.range.c0; c <= t.range.c1; c++) sheetOf(t).columnWidths.set(c, Number(value));
      t.app.workbook.events.emit({ kind: "cells", sheetId: t.sheetId, range: t.range, origin: "api" });
    },
  },
  horizontalAlignment: formatProperty("horizontalAlignment", "General"),
  wrapText: formatProperty("wrapText", false),
});
