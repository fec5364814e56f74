/** Reads what the simulated ribbon needs from the add-in's manifest.xml: tab, groups, buttons and their actions, and the functions' namespace. */

export type RibbonAction =
  { type: "ExecuteFunction"; functionName: string } | { type: "ShowTaskpane"; taskpaneId: string };

export interface RibbonButton {
  id: string;
  label: string;
  tooltip: string;
  action: RibbonAction;
}

export interface RibbonGroup {
  id: string;
  label: string;
  buttons: RibbonButton[];
}

export interface ManifestInfo {
  tabLabel: string;
  groups: RibbonGroup[];
  namespace?: string;
}

const XSI = "http://www.w3.org/2001/XMLSchema-instance";

const xsiType = (el: Element) => el.getAttributeNS(XSI, "type") ?? el.getAttribute("xsi:type") ?? "";
const children = (el: Element | Document, name: string) => [...el.getElementsByTagNameNS("*", name)];
const firstChild = (el: Element, name: string) => [...el.children].find((c) => c.localName === name);

export function parseManifest(xml: string): ManifestInfo {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (doc.getElementsByTagName("parsererror").length)
    throw new Error("office-sim: manifest.xml is not well-formed XML");
  const strings = new Map<string, string>();
  for (const container of [...children(doc, "ShortStrings"), ...children(doc, "LongStrings")]) {
    for (const s of children(container, "String"))
      strings.set(s.getAttribute("id") ?? "", s.getAttribute("DefaultValue") ?? "");
  }
  const text = (el: Element | undefined) => (el ? (strings.get(el.getAttribute("resid") ?? "") ?? "") : "");
  const surface = children(doc, "ExtensionPoint").find((ep) => xsiType(ep) === "PrimaryCommandSurface");
  const tab = surface ? (children(surface, "CustomTab")[0] ?? children(surface, "OfficeTab")[0]) : undefined;
  const groups: RibbonGroup[] = (tab ? children(tab, "Group") : []).map((group) => ({
    id: group.getAttribute("id") ?? "",
    label: text(firstChild(group, "Label")),
    buttons: children(group, "Control")
      .filter((control) => xsiType(control) === "Button")
      .map((control) => {
        const action = firstChild(control, "Action");
        const supertip = firstChild(control, "Supertip");
        const kind = action ? xsiType(action) : "";
        return {
          id: control.getAttribute("id") ?? "",
          label: text(firstChild(control, "Label")),
          tooltip: supertip ? text(firstChild(supertip, "Description")) : "",
          action:
            kind === "ExecuteFunction"
              ? {
                  type: "ExecuteFunction" as const,
                  functionName: firstChild(action!, "FunctionName")?.textContent?.trim() ?? "",
                }
              : {
                  type: "ShowTaskpane" as const,
                  taskpaneId: (action && firstChild(action, "TaskpaneId")?.textContent?.trim()) ?? "",
                },
        };
      }),
  }));
  const functionsPoint = children(doc, "ExtensionPoint").find((ep) => xsiType(ep) === "CustomFunctions");
  const namespace = functionsPoint ? text(children(functionsPoint, "Namespace")[0]) : undefined;
  const tabLabel = tab ? text(firstChild(tab, "Label")) : "";
  return namespace ? { tabLabel, groups, namespace } : { tabLabel, groups };
}
