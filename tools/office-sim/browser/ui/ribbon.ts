/** The simulated ribbon: the add-in's tab, read from its manifest, with a button per control. */
import { type CommandRunner } from "../commands";
import { type ManifestInfo, type RibbonButton } from "../manifest";
import { h } from "./dom";

export function renderRibbon(host: HTMLElement, manifest: ManifestInfo, runner: CommandRunner): void {
  host.append(h("span", { class: "osim-ribbon-title" }, manifest.tabLabel || "Add-in"));
  for (const group of manifest.groups) {
    const groupEl = h("div", { class: "osim-ribbon-group", role: "toolbar", "aria-label": group.label || group.id });
    if (group.label)
      groupEl.append(h("span", { class: "osim-ribbon-group-label", "aria-hidden": "true" }, group.label));
    for (const button of group.buttons) groupEl.append(ribbonButton(button, runner));
    host.append(groupEl);
  }
}

function ribbonButton(button: RibbonButton, runner: CommandRunner): HTMLButtonElement {
  const el = h(
    "button",
    { type: "button", title: button.tooltip || undefined, "data-control-id": button.id },
    button.label || button.id,
  );
  el.addEventListener("click", () => {
    if (el.getAttribute("aria-busy") === "true") return;
    el.setAttribute("aria-busy", "true");
    void runner.run(button).finally(() => el.setAttribute("aria-busy", "false"));
  });
  return el;
}
