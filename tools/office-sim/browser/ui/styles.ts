/** The simulated Excel window's styles (an injected style element; the page's CSP allows inline styles). */
const CSS = `
.osim-app { position: fixed; inset: 0; display: flex; flex-direction: column; font: 13px "Segoe UI", system-ui, sans-serif; color: #201f1e; background: #fff; }
.osim-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.osim-ribbon { display: flex; align-items: center; gap: 16px; padding: 6px 12px; background: #f3f2f1; border-bottom: 1px solid #c8c6c4; }
.osim-ribbon-title { font-weight: 600; color: #0e5c2f; }
.osim-ribbon-group { display: flex; align-items: center; gap: 6px; padding-left: 12px; border-left: 1px solid #c8c6c4; }
.osim-ribbon-group-label { color: #484644; font-size: 12px; }
.osim-ribbon button, .osim-tabs button, .osim-pane-title button { font: inherit; color: #201f1e; background: #fff; border: 1px solid #8a8886; border-radius: 2px; padding: 3px 10px; cursor: pointer; }
.osim-ribbon button[aria-busy="true"] { background: #edebe9; cursor: progress; }
.osim-ribbon button:focus-visible, .osim-tabs button:focus-visible, .osim-grid-scroll:focus-visible { outline: 2px solid #0f6cbd; outline-offset: 1px; }
.osim-main { flex: 1; display: flex; min-height: 0; }
.osim-workbook { flex: 1; display: flex; flex-direction: column; min-width: 0; }
.osim-bar { display: flex; align-items: center; gap: 6px; padding: 4px 8px; border-bottom: 1px solid #c8c6c4; }
.osim-bar input { font: 13px Consolas, "Courier New", monospace; border: 1px solid #8a8886; padding: 2px 4px; color: #201f1e; }
.osim-namebox { width: 110px; }
.osim-formula { flex: 1; }
.osim-fx { font-style: italic; color: #484644; }
.osim-preview { color: #484644; font-size: 12px; max-width: 30%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.osim-grid-scroll { flex: 1; overflow: auto; position: relative; }
.osim-grid { border-collapse: separate; border-spacing: 0; table-layout: fixed; }
.osim-grid th, .osim-grid td { height: 21px; padding: 0 4px; border-right: 1px solid #e1dfdd; border-bottom: 1px solid #e1dfdd; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; box-sizing: border-box; }
.osim-grid thead th { position: sticky; top: 0; z-index: 2; background: #f3f2f1; color: #323130; font-weight: 400; text-align: center; }
.osim-grid tbody th { position: sticky; left: 0; z-index: 1; background: #f3f2f1; color: #323130; font-weight: 400; text-align: center; width: 44px; }
.osim-grid thead th:first-child { left: 0; z-index: 3; width: 44px; }
.osim-grid td.osim-num { text-align: right; }
.osim-grid td.osim-error { color: #a4262c; text-align: center; }
.osim-grid td.osim-error.osim-has-message { background: linear-gradient(225deg, #a4262c 5px, transparent 5px); }
.osim-grid td.osim-busy { color: #605e5c; font-style: italic; }
.osim-grid td.osim-spilled { color: #323130; }
.osim-grid td.osim-bold { font-weight: 700; }
.osim-grid td.osim-selected { background: #cfe4fa; }
.osim-grid td.osim-active { outline: 2px solid #107c41; outline-offset: -2px; }
.osim-grid td.osim-table { border-bottom-color: #a9d08e; }
.osim-grid .osim-spacer td { padding: 0; border: 0; }
.osim-tabs { display: flex; gap: 2px; padding: 4px 8px; border-top: 1px solid #c8c6c4; background: #f3f2f1; }
.osim-tablist { display: flex; gap: 2px; }
.osim-tabs button[aria-selected="true"] { background: #fff; border-bottom: 2px solid #107c41; font-weight: 600; }
.osim-status { padding: 2px 8px; font-size: 12px; color: #323130; background: #f3f2f1; border-top: 1px solid #c8c6c4; min-height: 18px; }
.osim-pane { width: 350px; flex: none; display: flex; flex-direction: column; border-left: 1px solid #c8c6c4; min-height: 0; }
.osim-pane[hidden] { display: none; }
.osim-pane-title { display: flex; justify-content: space-between; align-items: center; padding: 4px 8px; background: #f3f2f1; border-bottom: 1px solid #c8c6c4; }
.osim-pane-body { flex: 1; overflow: auto; }
.osim-banner { padding: 6px 12px; background: #fde7e9; color: #a4262c; border-bottom: 1px solid #a4262c; }
`;

export function injectStyles(): void {
  const style = document.createElement("style");
  style.setAttribute("data-office-sim", "");
  style.textContent = CSS;
  document.head.append(style);
}
