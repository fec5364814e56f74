/**
 * The name box and the formula bar. Enter commits what was typed into the active cell (so the
 * formulas that read it recalculate) and moves down; Escape cancels. While a formula is typed,
 * it is previewed the way Excel's formula value preview calls functions (isInValuePreview true).
 */
import { type SimulatedExcel } from "../../app/simulated-excel";
import { formatAddress } from "../../model/address";
import { isError, shownValue } from "../../model/cell-values";
import { displayText } from "../../model/number-format";
import { h } from "./dom";

const PREVIEW_DELAY_MS = 400;

export class FormulaBar {
  readonly nameBox = h("input", {
    id: "osim-namebox",
    class: "osim-namebox",
    "aria-label": "Name box",
    spellcheck: "false",
    autocomplete: "off",
  });
  readonly input = h("input", {
    id: "osim-formula",
    class: "osim-formula",
    "aria-label": "Formula bar",
    spellcheck: "false",
    autocomplete: "off",
  });
  private readonly preview = h("output", { class: "osim-preview", "aria-live": "polite", for: "osim-formula" });
  private previewTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly app: SimulatedExcel,
    bar: HTMLElement,
    private readonly returnFocus: () => void,
  ) {
    bar.append(this.nameBox, h("span", { class: "osim-fx", "aria-hidden": "true" }, "fx"), this.input, this.preview);
    this.nameBox.addEventListener("keydown", (e) => e.key === "Enter" && this.goTo());
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") this.commit();
      if (e.key === "Escape") this.cancel();
    });
    this.input.addEventListener("input", () => this.schedulePreview());
  }

  private activeCell(): { sheetId: string; row: number; col: number } {
    const sheetId = this.app.workbook.activeSheetId;
    const sel = this.app.workbook.selectionOf(sheetId);
    return { sheetId, row: sel.r0, col: sel.c0 };
  }

  private activeAddress(): string {
    const { sheetId, row, col } = this.activeCell();
    return formatAddress(this.app.sheet(sheetId).name, { r0: row, c0: col, r1: row, c1: col });
  }

  /** Shows the selection; leaves the input alone while the user is typing in it. */
  refresh(selectionText: string): void {
    if (document.activeElement !== this.nameBox) this.nameBox.value = selectionText;
    if (document.activeElement === this.input) return;
    const { sheetId, row, col } = this.activeCell();
    const sheet = this.app.sheet(sheetId);
    const cell = sheet.get(row, col);
    const value = cell?.value ?? null;
    const format = sheet.numberFormatAt(row, col);
    this.input.value =
      cell?.formula ??
      (cell?.spillParent !== undefined
        ? ""
        : /[yd]/i.test(format)
          ? displayText(value, format)
          : String(shownValue(value)));
    this.preview.textContent = isError(value) && value.message ? `${value.code}: ${value.message}` : "";
  }

  edit(initial?: string): void {
    this.input.focus();
    if (initial !== undefined) this.input.value = initial;
    this.schedulePreview();
  }

  private commit(): void {
    const { sheetId, row, col } = this.activeCell();
    this.app.setCell(this.activeAddress(), this.input.value, "user");
    this.preview.textContent = "";
    this.app.select(sheetId, { r0: row + 1, c0: col, r1: row + 1, c1: col });
    this.returnFocus();
  }

  private cancel(): void {
    this.preview.textContent = "";
    this.returnFocus();
  }

  private goTo(): void {
    try {
      const { sheet, range } = this.app.resolve(this.nameBox.value);
      this.app.select(sheet.id, range);
      this.returnFocus();
    } catch {
      this.nameBox.setAttribute("aria-invalid", "true");
      setTimeout(() => this.nameBox.removeAttribute("aria-invalid"), 1500);
    }
  }

  private schedulePreview(): void {
    if (this.previewTimer) clearTimeout(this.previewTimer);
    const text = this.input.value;
    if (!text.startsWith("=")) return void (this.preview.textContent = "");
    this.previewTimer = setTimeout(() => {
      this.app.preview(this.activeAddress(), text).then(
        ({ result }) => {
          if (this.input.value !== text) return;
          const shown = result.kind === "value" ? result.value : result.rows[0]![0]!;
          const message = isError(shown) && shown.message ? `: ${shown.message}` : "";
          this.preview.textContent = `Preview: ${displayText(shown)}${message}${result.kind === "array" ? ` (${result.rows.length}×${result.rows[0]!.length})` : ""}`;
        },
        () => undefined,
      );
    }, PREVIEW_DELAY_MS);
  }
}
