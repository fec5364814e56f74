/**
 * A collection of API objects (worksheets, tables, rows, settings, …): `items` after
 * load("items") or load("items/name") (or load("name"), which Office.js treats the same), and sync.
 */
import { ClientObject, parseLoadOption, type LoadOption } from "./client-object";
import { officeErrors } from "./errors";

export abstract class ClientCollection<S, IT, I extends ClientObject<IT>> extends ClientObject<S> {
  abstract _itemTargets(target: S): IT[];
  abstract _makeItem(target: IT): I;

  get items(): I[] {
    if (!("items" in this._loaded)) throw officeErrors.propertyNotLoaded(this._type, "items");
    return this._loaded.items as I[];
  }

  override load(option?: LoadOption): this {
    const own = this._definitions();
    const { scalars, nested } = parseLoadOption(option);
    const ownNames = scalars.filter((name) => name in own);
    const itemNames = [...scalars.filter((name) => !(name in own) && name !== "items"), ...(nested.get("items") ?? [])];
    const wantsItems = itemNames.length > 0 || scalars.includes("items") || (!scalars.length && !nested.size);
    this._enqueue("load", 0, () => {
      const target = this._t();
      if (target === null) return null;
      const data: Record<string, unknown> = ownNames.length
        ? (this._readInto(ownNames, own) as Record<string, unknown>)
        : {};
      if (!wantsItems) return data;
      const items = this._itemTargets(target).map((t) => this._makeItem(t));
      data.items = items.map((item) => {
        const defs = item._definitions();
        const names = itemNames.length ? itemNames : Object.keys(defs);
        for (const name of names)
          if (!(name in defs)) throw officeErrors.notSimulated(`Excel.${item._type}.load("${name}")`);
        return item._readInto(names, defs);
      });
      this._loaded.items = items;
      return data;
    });
    return this;
  }

  override toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { ...this._loaded };
    if (Array.isArray(this._loaded.items)) json.items = (this._loaded.items as I[]).map((item) => item.toJSON());
    return json;
  }
}
