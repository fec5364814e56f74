/** The status bar: whether calculation is running, how many custom function calls it made, and the selected cell's error message. */
import { type SimulatedExcel } from "../../app/simulated-excel";
import { isError } from "../../model/cell-values";

export function renderStatus(app: SimulatedExcel, host: HTMLElement): void {
  const busy = app.engine.busyCount;
  const parts = [
    busy ? `Calculating: ${busy} formula${busy === 1 ? "" : "s"}` : "Ready",
    `${app.engine.counters.invocations} custom function calls`,
  ];
  const sheet = app.workbook.activeSheet;
  const sel = app.workbook.selectionOf(sheet.id);
  const value = sheet.get(sel.r0, sel.c0)?.value ?? null;
  if (isError(value) && value.message) parts.push(`${value.code} ${value.message}`);
  const text = parts.join(" · ");
  if (host.textContent !== text) host.textContent = text;
}
