/**
 * The worksheet grid: a real <table> (column letters and row numbers as headers) that renders only
 * the rows in view, shows values as Excel would (errors in red, with their message as the cell's
 * tooltip), and lets the user select cells with the mouse or the keyboard.
 */
import { type SimulatedExcel } from "../../app/simulated-excel";
import { clearRange } from "../../app/cell-writes";
import { columnLetters, contains, formatRange, type RangeRef } from "../../model/address";
import { isError } from "../../model/cell-values";
import { displayText } from "../../model/number-format";
import { escapeHtml } from "./dom";

const ROW_HEIGHT = 21;
const MIN_COLUMNS = 12;
const MAX_COLUMNS_SHOWN = 60;
const EXTRA_ROWS = 30;
const POINTS_TO_PX = 4 / 3;
const DEFAULT_WIDTH_PX = 64;

export interface GridCallbacks {
  /** The user wants to edit the active cell, optionally starting with a typed character. */
  edit(initial?: string): void;
}

export class GridView {
  private readonly table = document.createElement("table");
  private anchor = { row: 0, col: 0 };
  private dragging = false;
  private frame = 0;

  constructor(
    private readonly app: SimulatedExcel,
    private readonly host: HTMLElement,
    private readonly callbacks: GridCallbacks,
  ) {
    this.table.className = "osim-grid";
    host.append(this.table);
    host.addEventListener("scroll", () => this.schedule());
    this.table.addEventListener("mousedown", (e) => this.onMouseDown(e));
    this.table.addEventListener("mouseover", (e) => this.dragging && this.extendTo(e));
    window.addEventListener("mouseup", () => (this.dragging = false));
    this.table.addEventListener("dblclick", () => this.callbacks.edit());
    host.addEventListener("keydown", (e) => this.onKey(e));
  }

  schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.render());
  }

  render(): void {
    this.frame = 0;
    const sheet = this.app.workbook.activeSheet;
    const selection = this.app.workbook.selectionOf(sheet.id);
    const used = sheet.usedRange();
    const fitColumns = Math.ceil((this.host.clientWidth || 1000) / DEFAULT_WIDTH_PX);
    const columns = Math.min(
      MAX_COLUMNS_SHOWN,
      Math.max(MIN_COLUMNS, fitColumns, (used?.c1 ?? 0) + 3, selection.c1 + 2),
    );
    // The sheet grows as the user scrolls, as Excel's does.
    const inView = Math.ceil((this.host.scrollTop + (this.host.clientHeight || 700)) / ROW_HEIGHT);
    const totalRows = Math.max((used?.r1 ?? 0) + EXTRA_ROWS, selection.r1 + EXTRA_ROWS, inView + EXTRA_ROWS);
    const first = Math.max(0, Math.floor(this.host.scrollTop / ROW_HEIGHT) - 5);
    const last = Math.min(totalRows - 1, first + Math.ceil((this.host.clientHeight || 700) / ROW_HEIGHT) + 10);
    const tables = this.app.workbook.tables.filter((t) => t.sheetId === sheet.id);
    const widths = Array.from(
      { length: columns },
      (_, c) => Math.round((sheet.columnWidths.get(c) ?? 0) * POINTS_TO_PX) || DEFAULT_WIDTH_PX,
    );
    const html: string[] = [
      `<caption class="osim-visually-hidden">${escapeHtml(sheet.name)}</caption><colgroup><col style="width:44px">`,
    ];
    widths.forEach((w) => html.push(`<col style="width:${w}px">`));
    html.push(`</colgroup><thead><tr><th scope="col"><span class="osim-visually-hidden">Row</span></th>`);
    for (let c = 0; c < columns; c++) html.push(`<th scope="col">${columnLetters(c)}</th>`);
    html.push(`</tr></thead><tbody>`);
    const spacer = (rows: number) =>
      rows > 0 &&
      html.push(
        `<tr class="osim-spacer" aria-hidden="true"><td colspan="${columns + 1}" style="height:${rows * ROW_HEIGHT}px"></td></tr>`,
      );
    spacer(first);
    for (let r = first; r <= last; r++) {
      html.push(`<tr><th scope="row">${r + 1}</th>`);
      for (let c = 0; c < columns; c++) {
        const cell = sheet.get(r, c);
        const value = cell?.value ?? null;
        const classes: string[] = [];
        let title = "";
        if (typeof value === "number") classes.push("osim-num");
        if (isError(value)) {
          classes.push(value.code === "#BUSY!" ? "osim-busy" : "osim-error");
          if (value.message) classes.push("osim-has-message");
          title =
            value.code === "#BUSY!" ? "Calculating…" : value.message ? `${value.code}: ${value.message}` : value.code;
        }
        if (cell?.spillParent !== undefined) classes.push("osim-spilled");
        if (sheet.formatAt(r, c).bold) classes.push("osim-bold");
        if (tables.some((t) => contains(t.range, r, c))) classes.push("osim-table");
        if (contains(selection, r, c))
          classes.push(r === selection.r0 && c === selection.c0 ? "osim-active" : "osim-selected");
        const text = displayText(value, sheet.numberFormatAt(r, c));
        html.push(
          `<td data-r="${r}" data-c="${c}" class="${classes.join(" ")}"${title ? ` title="${escapeHtml(title)}"` : ""}>${escapeHtml(text)}</td>`,
        );
      }
      html.push(`</tr>`);
    }
    spacer(totalRows - 1 - last);
    html.push(`</tbody>`);
    this.table.innerHTML = html.join("");
  }

  private cellAt(event: Event): { row: number; col: number } | undefined {
    const td = (event.target as HTMLElement).closest("td[data-r]");
    return td ? { row: Number(td.getAttribute("data-r")), col: Number(td.getAttribute("data-c")) } : undefined;
  }

  private selectFrom(to: { row: number; col: number }, extend: boolean): void {
    if (!extend) this.anchor = to;
    const range: RangeRef = {
      r0: Math.min(this.anchor.row, to.row),
      c0: Math.min(this.anchor.col, to.col),
      r1: Math.max(this.anchor.row, to.row),
      c1: Math.max(this.anchor.col, to.col),
    };
    this.app.select(
      this.app.workbook.activeSheetId,
      extend ? range : { r0: to.row, c0: to.col, r1: to.row, c1: to.col },
    );
  }

  private onMouseDown(event: MouseEvent): void {
    const cell = this.cellAt(event);
    if (!cell) return;
    this.dragging = true;
    this.selectFrom(cell, event.shiftKey);
    this.host.focus();
  }

  private extendTo(event: MouseEvent): void {
    const cell = this.cellAt(event);
    if (cell) this.selectFrom(cell, true);
  }

  private onKey(event: KeyboardEvent): void {
    const sel = this.app.workbook.selectionOf(this.app.workbook.activeSheetId);
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const from = event.shiftKey
        ? { row: this.anchor.row === sel.r0 ? sel.r1 : sel.r0, col: this.anchor.col === sel.c0 ? sel.c1 : sel.c0 }
        : { row: sel.r0, col: sel.c0 };
      const to = { row: Math.max(0, from.row + move[0]), col: Math.max(0, from.col + move[1]) };
      this.selectFrom(to, event.shiftKey);
      this.scrollIntoView(to.row);
    } else if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      this.callbacks.edit();
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      clearRange(this.app, this.app.workbook.activeSheetId, sel, "Contents", "user");
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      this.callbacks.edit(event.key);
    }
  }

  scrollIntoView(row: number): void {
    const top = row * ROW_HEIGHT;
    const header = ROW_HEIGHT;
    if (top < this.host.scrollTop) this.host.scrollTop = top;
    else if (top + 2 * header > this.host.scrollTop + this.host.clientHeight)
      this.host.scrollTop = top + 2 * header - this.host.clientHeight;
  }

  /** "B2" or "B2:C4", for the name box. */
  selectionText(): string {
    return formatRange(this.app.workbook.selectionOf(this.app.workbook.activeSheetId));
  }
}
