/** Excel.CustomXmlPartCollection, CustomXmlPartScopedCollection and CustomXmlPart: XML saved inside the workbook. */
import { HostError, invalidArgument, itemNotFound } from "../model/host-error";
import { type CustomXmlPartModel } from "../model/workbook";
import { ClientObject, bytesOf, defineProperties, resultOf, type ClientResult } from "./client-object";
import { ClientCollection } from "./collection";
import { type RequestContext } from "./request-context";
import { type AppTarget } from "./targets";

interface PartTarget extends AppTarget {
  id: string;
}

interface ScopeTarget extends AppTarget {
  namespaceUri?: string;
}

/** The namespace of the root element: its default xmlns, or the xmlns of its prefix. */
export function rootNamespace(xml: string): string {
  const body = xml
    .replace(/^\s*<\?xml[^>]*\?>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .trim();
  const root = /^<([A-Za-z_][\w.-]*)(?::([A-Za-z_][\w.-]*))?([^>]*)>/.exec(body);
  if (!root) throw invalidArgument("The XML is not well-formed: it has no root element.");
  const prefix = root[2] === undefined ? undefined : root[1];
  const attr = prefix ? new RegExp(`xmlns:${prefix}\\s*=\\s*["']([^"']*)["']`) : /xmlns\s*=\s*["']([^"']*)["']/;
  return attr.exec(root[3] ?? "")?.[1] ?? "";
}

function partOf(t: PartTarget): CustomXmlPartModel {
  const part = t.app.workbook.customXmlParts.find((p) => p.id === t.id);
  if (!part) throw itemNotFound(`There is no custom XML part "${t.id}".`);
  return part;
}

const partsIn = (t: ScopeTarget) =>
  t.app.workbook.customXmlParts.filter(
    (part) => t.namespaceUri === undefined || rootNamespace(part.xml) === t.namespaceUri,
  );

export class CustomXmlPart extends ClientObject<PartTarget> {
  constructor(context: RequestContext, resolver: () => PartTarget | null, found?: { target: PartTarget }) {
    super(context, "CustomXmlPart", resolver, found);
  }

  getXml(): ClientResult<string> {
    return resultOf(this, "getXml", () => partOf(this._require()).xml);
  }

  setXml(xml: string): void {
    this._enqueue("setXml", bytesOf(xml), () => {
      rootNamespace(xml);
      partOf(this._require()).xml = xml;
    });
  }

  delete(): void {
    this._enqueue("delete", 0, () => {
      const t = this._require();
      const parts = t.app.workbook.customXmlParts;
      parts.splice(parts.indexOf(partOf(t)), 1);
    });
  }
}

defineProperties<PartTarget>(CustomXmlPart, {
  id: { get: (t) => t.id },
  namespaceUri: { get: (t) => rootNamespace(partOf(t).xml) },
});

abstract class PartCollection extends ClientCollection<ScopeTarget, PartTarget, CustomXmlPart> {
  _itemTargets(t: ScopeTarget): PartTarget[] {
    return partsIn(t).map((part) => ({ app: t.app, id: part.id }));
  }

  _makeItem(target: PartTarget): CustomXmlPart {
    return new CustomXmlPart(this._context, () => target, { target });
  }

  protected _part(
    find: (parts: CustomXmlPartModel[]) => CustomXmlPartModel | null | undefined,
    missing?: () => Error,
  ): CustomXmlPart {
    return new CustomXmlPart(this._context, () => {
      const t = this._t();
      if (t === null) return null;
      const part = find(partsIn(t));
      if (!part && missing) throw missing();
      return part ? { app: t.app, id: part.id } : null;
    });
  }

  getItem(id: string): CustomXmlPart {
    return this._part(
      (parts) => parts.find((p) => p.id === id),
      () => itemNotFound(`There is no custom XML part "${id}".`),
    );
  }

  getItemOrNullObject(id: string): CustomXmlPart {
    return this._part((parts) => parts.find((p) => p.id === id));
  }

  getCount(): ClientResult<number> {
    return resultOf(this, "getCount", () => partsIn(this._require()).length);
  }
}

export class CustomXmlPartScopedCollection extends PartCollection {
  constructor(context: RequestContext, resolver: () => ScopeTarget | null) {
    super(context, "CustomXmlPartScopedCollection", resolver);
  }

  getOnlyItem(): CustomXmlPart {
    return this._part(
      (parts) => (parts.length === 1 ? parts[0] : undefined),
      () => new HostError("ItemNotFound", "The namespace does not hold exactly one custom XML part."),
    );
  }

  getOnlyItemOrNullObject(): CustomXmlPart {
    return this._part((parts) => (parts.length === 1 ? parts[0] : null));
  }
}

export class CustomXmlPartCollection extends PartCollection {
  constructor(context: RequestContext, resolver: () => ScopeTarget | null) {
    super(context, "CustomXmlPartCollection", resolver);
  }

  add(xml: string): CustomXmlPart {
    const created: { id?: string } = {};
    this._enqueue("add", bytesOf(xml), () => {
      rootNamespace(xml);
      const t = this._require();
      const id = `{${t.app.workbook.newId("xmlpart").toUpperCase()}}`;
      t.app.workbook.customXmlParts.push({ id, xml });
      created.id = id;
    });
    return new CustomXmlPart(this._context, () => ({ app: this._require().app, id: created.id! }));
  }

  getByNamespace(namespaceUri: string): CustomXmlPartScopedCollection {
    return new CustomXmlPartScopedCollection(this._context, () => {
      const t = this._t();
      return t === null ? null : { app: t.app, namespaceUri };
    });
  }
}
