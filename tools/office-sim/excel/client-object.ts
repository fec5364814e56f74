/**
 * The proxy-object model of Office.js: an API object stands for something in the workbook that is
 * found when the request reaches Excel (at context.sync()). Methods and property writes are
 * queued and applied at sync; property reads need load() and a sync first, else they throw
 * PropertyNotLoaded; *OrNullObject lookups give objects whose isNullObject is known after sync.
 */
import { HostError } from "../model/host-error";
import { apiNotFound, missingSet } from "./api-sets";
import { officeErrors } from "./errors";
import { guard } from "./guard";
import { type RequestContext } from "./request-context";

export interface PropertyDef<T> {
  get: (target: T) => unknown;
  set?: (target: T, value: unknown) => void;
}

type Defs = Record<string, PropertyDef<never>>;
const DEFINITIONS = new WeakMap<object, Defs>();

/** UTF-8 bytes of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 2; // a surrogate pair: 4 bytes for 2 code units
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** What a value costs on the wire: the UTF-8 bytes of its JSON, as Office.js sends and Excel answers. */
export function bytesOf(value: unknown): number {
  if (value === undefined) return 0;
  const json = JSON.stringify(value);
  return json === undefined ? 0 : utf8Length(json);
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
    const self = guard(this, `Excel.${type}`, undefined, (receiver, member, value) => receiver._gate(member, value));
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

  /**
   * A member above the host's ExcelApi set: the call is made (office.js has it), but the request
   * fails at sync with ApiNotFound, as Excel answers. Scalar properties are refused where they are
   * loaded or set.
   */
  _gate(member: string, value: unknown): unknown {
    if (member in this._definitions()) return value;
    const sets = this._context.app.requirements;
    const needs = missingSet(this._type, member, sets);
    if (needs === undefined) return value;
    const refuse = () => this._refuse(member, needs);
    if (typeof value !== "function") {
      refuse();
      return value;
    }
    return (...args: unknown[]) => {
      refuse();
      return (value as (...a: unknown[]) => unknown).apply(this, args);
    };
  }

  _refuse(member: string, needs: string): void {
    const sets = this._context.app.requirements;
    this._context._enqueue({
      label: `${this._type}.${member}`,
      bytes: 0,
      run: () => {
        throw apiNotFound(this._type, member, needs, sets);
      },
    });
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
    const sets = this._context.app.requirements;
    for (const name of names) {
      const needs = missingSet(this._type, name, sets);
      // load() of everything asks only for what the host has; a member named outright is refused.
      if (needs !== undefined) {
        if (scalars.length) this._refuse(name, needs);
        continue;
      }
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
        const needs = missingSet(this._type, name, this._context.app.requirements);
        if (needs !== undefined) this._refuse(name, needs);
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
