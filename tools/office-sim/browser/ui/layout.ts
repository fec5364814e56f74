/**
 * The simulated Excel window around the add-in's page: ribbon on top, the workbook (formula bar,
 * grid, sheet tabs, status) on the left, and the page's own body — the task pane — in a 350 px
 * column on the right.
 */
import { type TaskpaneShell } from "../../office/office-namespace";
import { h } from "./dom";

export interface Layout {
  ribbon: HTMLElement;
  bar: HTMLElement;
  gridHost: HTMLElement;
  tabs: HTMLElement;
  status: HTMLElement;
  showBanner(message: string): void;
}

export interface BrowserShell extends TaskpaneShell {
  visible: boolean;
  attach(pane: HTMLElement): void;
}

export function browserShell(initiallyVisible: boolean): BrowserShell {
  const listeners = new Set<(visible: boolean) => void>();
  let pane: HTMLElement | undefined;
  const apply = (visible: boolean) => {
    shell.visible = visible;
    if (pane) pane.hidden = !visible;
    listeners.forEach((listener) => listener(visible));
  };
  const shell: BrowserShell = {
    visible: initiallyVisible,
    show: () => apply(true),
    hide: () => apply(false),
    onVisibilityChanged: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    attach: (element) => {
      pane = element;
      pane.hidden = !shell.visible;
    },
  };
  return shell;
}

export function buildLayout(paneTitle: string, shell: BrowserShell): Layout {
  const paneBody = h("div", { class: "osim-pane-body" });
  paneBody.append(...[...document.body.childNodes]);
  const close = h("button", { type: "button", "aria-label": "Close the task pane" }, "×");
  close.addEventListener("click", () => shell.hide());
  const pane = h(
    "div",
    { class: "osim-pane", "data-office-sim": "pane" },
    h(
      "div",
      { class: "osim-pane-title", role: "region", "aria-label": "Task pane title bar" },
      h("span", {}, paneTitle),
      close,
    ),
    paneBody,
  );
  shell.attach(pane);

  const ribbon = h("header", { class: "osim-ribbon", "data-office-sim": "ribbon" });
  const bar = h("div", { class: "osim-bar" });
  const gridHost = h("div", {
    class: "osim-grid-scroll",
    tabindex: 0,
    role: "region",
    "aria-label": "Worksheet cells",
  });
  const tabs = h("div", { class: "osim-tabs" });
  const status = h("div", { class: "osim-status", role: "status", "aria-live": "polite" });
  const workbook = h(
    "section",
    { class: "osim-workbook", "aria-label": "Simulated Excel workbook", "data-office-sim": "workbook" },
    bar,
    gridHost,
    tabs,
    status,
  );
  const app = h(
    "div",
    { class: "osim-app", "data-office-sim": "app" },
    ribbon,
    h("div", { class: "osim-main" }, workbook, pane),
  );
  document.body.append(app);
  return {
    ribbon,
    bar,
    gridHost,
    tabs,
    status,
    showBanner: (message) =>
      app.insertBefore(h("div", { class: "osim-banner", role: "alert" }, message), app.children[1] ?? null),
  };
}
