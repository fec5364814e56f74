/**
 * The proxy-object model of Office.js: an API object stands for something in the workbook that is
 * found when the request reaches Excel (at context.sync()). Methods and property writes are
 * queued and applied at sync; property reads need load() and a sync first, else they throw
 * PropertyNotLoaded; *OrNullObject lookups give objects whose isNullObject is known after sync.
 */
import { HostError } from "../model/host-error";
import { officeErrors } from "./errors";
import { guard } from "./guard";
import { type RequestContext } from "./request-context";

export interface PropertyDef<T> {
  get: (target: T) => unknown;
  set?: (target: T, value: unknown) => void;
}

type Defs = Record<string, PropertyDef<never>>;
const DEFINITIONS = new WeakMap<object, Defs>();

export function bytesOf(value: unknown): number {
  return value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0);
}

export type LoadOption = string | string[] | { select?: string | string[]; expand?: string | string[] };

/** "a, b/c" → scalar names and, per navigation property, what to load on it. */
export function parseLoadOption(option: LoadOption | undefined): { scalars: string[]; nested: Map<string, string[]> } {
  const raw =
    option === undefined
      ? []
      : typeof option === "string"
        ? option.split(",")
        : Array.isArray(option)
          ? option
          : [option.select ?? [], option.expand ?? []].flat().flatMap((s) => s.split(","));
  const scalars: string[] = [];
  const nested = new Map<string, string[]>();
  for (const name of raw.map((s) => s.trim()).filter(Boolean)) {
    const slash = name.indexOf("/");
    if (slash < 0) scalars.push(name);
    else nested.set(name.slice(0, slash), [...(nested.get(name.slice(0, slash)) ?? []), name.slice(slash + 1)]);
  }
  return { scalars, nested };
}

export abstract class ClientObject<T> {
  _context: RequestContext;
  _type: string;
  _target: T | null | undefined = undefined;
  _resolver: () => T | null;
  _loaded: Record<string, unknown> = {};
  _children = new Map<string, unknown>();
  _valid = true;
  _tracked = false;

  /** found: the target is already known (items of a loaded collection), so nothing is queued to find it. */
  constructor(context: RequestContext, type: string, resolver: () => T | null, found?: { target: T }) {
    this._context = context;
    this._type = type;
    this._resolver = resolver;
    const self = guard(this, `Excel.${type}`);
    context._register(self);
    if (found) this._target = found.target;
    else context._enqueue({ label: `${type}: find`, bytes: 0, run: () => void self._t() });
    return self;
  }

  get context(): RequestContext {
    return this._context;
  }

  get isNullObject(): boolean {
    if (this._target === undefined) throw officeErrors.propertyNotLoaded(this._type, "isNullObject");
    return this._target === null;
  }

  /** The target, found on first use during a sync. */
  _t(): T | null {
    if (this._target === undefined) this._target = this._resolver();
    return this._target;
  }

  /** The target, for operations that cannot apply to a null object. */
  _require(): T {
    const target = this._t();
    if (target === null)
      throw new HostError(
        "ItemNotFound",
        `The ${this._type} does not exist (it came from an *OrNullObject lookup that found nothing).`,
      );
    return target;
  }

  _enqueue(label: string, bytes: number, run: () => unknown): void {
    if (!this._valid) throw officeErrors.invalidObjectPath(this._type);
    this._context._enqueue({ label: `${this._type}.${label}`, bytes, run });
  }

  _child<C>(key: string, make: () => C): C {
    if (!this._children.has(key)) this._children.set(key, make());
    return this._children.get(key) as C;
  }

  _definitions(): Defs {
    return DEFINITIONS.get(Object.getPrototypeOf(this) as object) ?? {};
  }

  load(option?: LoadOption): this {
    const defs = this._definitions();
    const { scalars, nested } = parseLoadOption(option);
    const names = scalars.length || nested.size ? scalars : Object.keys(defs);
    const own: string[] = [];
    for (const name of names) {
      if (name in defs) own.push(name);
      else if (name in this && this._navigation(name)) this._navigation(name)!.load();
      else throw officeErrors.notSimulated(`Excel.${this._type}.load("${name}")`);
    }
    for (const [name, sub] of nested) {
      const child = name in this ? this._navigation(name) : undefined;
      if (!child) throw officeErrors.notSimulated(`Excel.${this._type}.load("${name}/…")`);
      child.load(sub.join(","));
    }
    if (own.length) this._enqueue("load", 0, () => this._readInto(own, defs));
    return this;
  }

  _navigation(name: string): ClientObject<unknown> | undefined {
    const value = (this as unknown as Record<string, unknown>)[name];
    return value instanceof ClientObject ? value : undefined;
  }

  _readInto(names: string[], defs: Defs): unknown {
    const target = this._t();
    if (target === null) return null;
    const data: Record<string, unknown> = {};
    for (const name of names) data[name] = (defs[name] as PropertyDef<T>).get(target);
    Object.assign(this._loaded, data);
    return data;
  }

  set(properties: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(properties)) {
      const current = (this as unknown as Record<string, unknown>)[name];
      if (current instanceof ClientObject && value && typeof value === "object")
        current.set(value as Record<string, unknown>);
      else (this as unknown as Record<string, unknown>)[name] = value;
    }
  }

  toJSON(): Record<string, unknown> {
    return { ...this._loaded };
  }

  track(): this {
    this._context.trackedObjects.add(this);
    return this;
  }

  untrack(): this {
    this._context.trackedObjects.remove(this);
    return this;
  }
}

/** Declares scalar properties: reads need load+sync; writes are queued and applied at sync. */
export function defineProperties<T>(cls: { prototype: object }, defs: Record<string, PropertyDef<T>>): void {
  DEFINITIONS.set(cls.prototype, {
    ...(DEFINITIONS.get(Object.getPrototypeOf(cls.prototype) as object) ?? {}),
    ...(defs as Defs),
  });
  for (const [name, def] of Object.entries(defs)) {
    Object.defineProperty(cls.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: ClientObject<T>) {
        if (name in this._loaded) return this._loaded[name];
        if (this._target === null) return undefined;
        throw officeErrors.propertyNotLoaded(this._type, name);
      },
      set(this: ClientObject<T>, value: unknown) {
        if (!def.set) throw officeErrors.readOnly(this._type, name);
        this._loaded[name] = value;
        this._enqueue(`${name} = …`, bytesOf(value), () => def.set!(this._require(), value));
      },
    });
  }
}

/** OfficeExtension.ClientResult: a value that exists after the sync that computes it. */
export class ClientResult<V> {
  private done = false;
  private result: V | undefined;

  get value(): V {
    if (!this.done) throw officeErrors.valueNotLoaded();
    return this.result as V;
  }

  _set(value: V): void {
    this.result = value;
    this.done = true;
  }
}

/** Queues a method whose answer arrives at sync as a ClientResult. */
export function resultOf<V>(object: ClientObject<unknown>, label: string, compute: () => V): ClientResult<V> {
  const result = new ClientResult<V>();
  object._enqueue(label, 0, () => {
    const value = compute();
    result._set(value);
    return value;
  });
  return result;
}
