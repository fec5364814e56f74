/**
 * The runtime's web view as Excel on Windows and Mac is said to keep it: hidden while the task pane
 * is (the runtime started for a formula, a ribbon command or on open), visible from when the pane
 * shows. The simulated host draws Excel and the pane in one page that is always visible, so a session
 * that asks for it gets `document.visibilityState`, `document.hidden` and `visibilitychange`
 * following the simulated pane. Inferred from how hidden web views report visibility; not checked
 * against Excel.
 */
interface PaneWindow {
  __officeSim?: { taskpaneVisible(): boolean };
  __officeSimConfig?: { pane?: string };
}

/** An init script (Playwright's addInitScript); like stampRegistration, it names no inner function. */
export function followPaneVisibility(): void {
  const w = window as unknown as PaneWindow;
  Object.defineProperty(Document.prototype, "hidden", {
    configurable: true,
    get() {
      return w.__officeSim ? !w.__officeSim.taskpaneVisible() : w.__officeSimConfig?.pane === "hidden";
    },
  });
  Object.defineProperty(Document.prototype, "visibilityState", {
    configurable: true,
    get() {
      return document.hidden ? "hidden" : "visible";
    },
  });
  // Office is installed by the host's script in the page's head, so it is there once the DOM is.
  document.addEventListener(
    "DOMContentLoaded",
    () => void Office.addin.onVisibilityModeChanged(() => document.dispatchEvent(new Event("visibilitychange"))),
    { once: true },
  );
}
