/** The sheet tabs under the grid: one tab per visible worksheet, and a button to add one. */
import { addSheet } from "../../app/sheets";
import { type SimulatedExcel } from "../../app/simulated-excel";
import { h } from "./dom";

export function renderSheetTabs(app: SimulatedExcel, host: HTMLElement): void {
  const list = h("div", { role: "tablist", "aria-label": "Worksheets", class: "osim-tablist" });
  for (const sheet of app.workbook.sheets.filter((s) => s.visibility === "Visible")) {
    const active = sheet.id === app.workbook.activeSheetId;
    const tab = h(
      "button",
      { type: "button", role: "tab", "aria-selected": active ? "true" : "false", "data-sheet-id": sheet.id },
      sheet.name,
    );
    tab.addEventListener("click", () => app.activate(sheet.id));
    list.append(tab);
  }
  const add = h("button", { type: "button", "aria-label": "New sheet" }, "+");
  add.addEventListener("click", () => app.activate(addSheet(app).id));
  host.replaceChildren(list, add);
}
