/**
 * Builders for the fields of the company record. Each field schema is tagged with its kind,
 * its one-line description from the contract and its guarding scope, so the field catalogue
 * (`fields.ts`) is read off the schema and the two cannot drift.
 */
import { z } from "zod";
import { isObject, withNames } from "../read";

export type FieldKind =
  "string" | "number" | "integer" | "boolean" | "date" | "datetime" | "string[]" | "object" | "object[]";

export interface FieldMeta {
  kind: FieldKind;
  description: string;
  /** The token scope without which the service omits the field. */
  scope?: string;
}

export const companyFieldMeta = z.registry<FieldMeta>();

/** Dates stay strings; `2020-01-01`, `2020-01` and `2020-01-01T00:00:00Z` (with or without zone or fraction) all pass. */
const LOOSE_ISO = /^\d{4}(-\d{2}(-\d{2})?)?([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;
export const looseIsoDate = (): z.ZodString => z.string().regex(LOOSE_ISO, "expected an ISO date");

function tag<T extends z.ZodType>(schema: T, kind: FieldKind, description = "", scope?: string): T {
  companyFieldMeta.add(schema, scope ? { kind, description, scope } : { kind, description });
  return schema;
}

export const field = {
  string: (d?: string) => tag(z.string().nullish(), "string", d),
  number: (d?: string) => tag(z.number().nullish(), "number", d),
  integer: (d?: string) => tag(z.number().int().nullish(), "integer", d),
  boolean: (d?: string) => tag(z.boolean().nullish(), "boolean", d),
  date: (d?: string) => tag(looseIsoDate().nullish(), "date", d),
  datetime: (d?: string) => tag(looseIsoDate().nullish(), "datetime", d),
  strings: (d?: string) => tag(z.array(z.string()).nullish(), "string[]", d),
  object: <S extends z.ZodRawShape>(shape: S, d?: string, scope?: string) =>
    tag(z.looseObject(shape).nullish(), "object", d, scope),
  objects: <S extends z.ZodRawShape>(shape: S, d?: string, scope?: string) =>
    tag(z.array(z.looseObject(shape)).nullish(), "object[]", d, scope),
  /**
   * An array whose item shape is INFERRED, read tolerantly: items in any case, a code item sent as
   * a bare string read as its `Code`, `Name`/`Label` read as `Description`; an item that is not
   * an object is dropped, and a value that is not an array degrades to undefined.
   */
  inferredObjects: <S extends z.ZodRawShape>(shape: S, d?: string) => {
    const names = inferredItemNames(Object.keys(shape));
    const readItems = (items: unknown) =>
      Array.isArray(items) ? items.map((raw) => readInferredItem(raw, names)).filter(isObject) : items;
    return tag(
      z
        .preprocess(readItems, z.array(z.looseObject(lenientShape(shape))))
        .nullish()
        .catch(undefined),
      "object[]",
      d,
    );
  },
};

/** Each field of an inferred item, with the other names a service may give it. */
function inferredItemNames(keys: readonly string[]): Record<string, readonly string[]> {
  const aliases: Record<string, readonly string[]> = { Description: ["Name", "Label", "Title"] };
  return Object.fromEntries(keys.map((key) => [key, aliases[key] ?? []]));
}

function readInferredItem(raw: unknown, names: Record<string, readonly string[]>): unknown {
  if ((typeof raw === "string" || typeof raw === "number") && "Code" in names) return { Code: String(raw) };
  return isObject(raw) ? withNames(raw, names) : raw;
}

type Lenient<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodCatch<S[K]> };

/** Item fields of an INFERRED shape: each degrades to undefined when the service sends another type. */
export function lenientShape<S extends z.ZodRawShape>(shape: S): Lenient<S> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const caught = (schema as z.ZodType).catch(undefined as never);
    const meta = companyFieldMeta.get(schema);
    if (meta) companyFieldMeta.add(caught, meta);
    out[name] = caught;
  }
  return out as Lenient<S>;
}
