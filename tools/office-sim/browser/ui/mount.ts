/** Puts the simulated Excel window on the page and keeps it in step with the workbook. */
import { type SimulatedExcel } from "../../app/simulated-excel";
import { type CommandRunner } from "../commands";
import { type ManifestInfo } from "../manifest";
import { FormulaBar } from "./formula-bar";
import { GridView } from "./grid";
import { buildLayout, type BrowserShell } from "./layout";
import { renderRibbon } from "./ribbon";
import { renderSheetTabs } from "./sheet-tabs";
import { renderStatus } from "./status";
import { injectStyles } from "./styles";

const STATUS_REFRESH_MS = 500;

export function mountUi(
  app: SimulatedExcel,
  shell: BrowserShell,
  runner: CommandRunner,
  manifest: ManifestInfo | undefined,
  problems: string[],
  /** false: the grid is not drawn (Excel minimised). */
  drawGrid = true,
): void {
  injectStyles();
  const layout = buildLayout(manifest?.tabLabel || "Add-in", shell);
  if (manifest) renderRibbon(layout.ribbon, manifest, runner);
  problems.forEach((problem) => layout.showBanner(problem));
  const bar = new FormulaBar(app, layout.bar, () => layout.gridHost.focus());
  const grid = new GridView(app, layout.gridHost, { edit: (initial) => bar.edit(initial) });
  let frame = 0;
  const update = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const drawing = performance.now();
      if (drawGrid) grid.render();
      bar.refresh(grid.selectionText());
      renderStatus(app, layout.status);
      app.syncStats.drawMs += performance.now() - drawing;
    });
  };
  app.workbook.events.on((event) => {
    if (event.kind === "structure" || event.kind === "reopened") renderSheetTabs(app, layout.tabs);
    update();
  });
  renderSheetTabs(app, layout.tabs);
  update();
  setInterval(() => renderStatus(app, layout.status), STATUS_REFRESH_MS);
}
