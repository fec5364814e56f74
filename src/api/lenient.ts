/**
 * Schemas for INFERRED shapes (CONTRACT-CHOICES.md: "schemas for inferred shapes are lenient"):
 * a field the service omits or sends with another type degrades to a missing value instead of
 * failing the whole response. Shapes the contracts show stay strict about types.
 */
import { z } from "zod";
import { codeItem, isObject, nameKey, valueOf, withNames } from "./read";

/** An optional field; null, or any value of another type, reads as undefined. */
export const lenient = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .catch(undefined)
    .transform((value) => value ?? undefined);

/** A list of loose items; a missing or malformed list reads as empty, a malformed item is dropped. */
export const lenientArray = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((rows) =>
      (rows ?? []).flatMap((row) => {
        const parsed = item.safeParse(row);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );

/**
 * A list of loose items that may be absent: absent reads as undefined (unknown, shown as such),
 * never as an empty list; a malformed item is dropped.
 */
export const optionalList = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((rows) =>
      rows === null || rows === undefined
        ? undefined
        : rows.flatMap((row) => {
            const parsed = item.safeParse(row);
            return parsed.success ? [parsed.data as z.output<T>] : [];
          }),
    );

/** Loose items under a name the body must carry; a malformed item is dropped. */
export const requiredList = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).transform((rows) =>
    rows.flatMap((row) => {
      const parsed = item.safeParse(row);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    }),
  );

/**
 * Reads an object's fields under their canonical names before `schema` checks them: every field
 * of the schema in any case (read.ts), and the other names `aliases` gives for some of them.
 */
export const named = <T extends z.ZodObject>(aliases: Readonly<Record<string, readonly string[]>>, schema: T) => {
  const names = { ...Object.fromEntries(Object.keys(schema.shape).map((key) => [key, []])), ...aliases };
  return z.preprocess((value) => (isObject(value) ? withNames(value, names) : value), schema);
};

/** `{Code, Description}` pairs, the vocabulary of every filter catalogue. */
export const CodeDescriptionSchema = z.looseObject({ Code: lenient(z.string()), Description: lenient(z.string()) });

/** INFERRED: one group of a filter catalogue, the same shape for the product and multi-market `filters` operations. */
export const FilterGroupSchema = z.looseObject({
  Field: lenient(z.string()),
  Name: lenient(z.string()),
  Values: lenientArray(CodeDescriptionSchema),
});
export type FilterGroup = z.infer<typeof FilterGroupSchema>;

/** Names a service may give a filter group, by the request field the group feeds. */
export type FilterFieldAliases = Readonly<Record<string, readonly string[]>>;

/** The request field a group name stands for, or the name itself when it is none we know. */
function fieldFor(name: string, fields: FilterFieldAliases): string {
  const key = nameKey(name);
  for (const [field, aliases] of Object.entries(fields))
    if ([field, ...aliases].some((alias) => nameKey(alias) === key)) return field;
  return name;
}

function readGroup(group: unknown, fields: FilterFieldAliases): unknown {
  if (!isObject(group)) return group;
  const named = withNames(group, {
    Field: ["Key", "Id", "Filter", "Name"],
    Name: ["Label", "Title"],
    Values: ["Options", "Codes", "Items", "Entries"],
  });
  const values = named.Values;
  return {
    ...named,
    ...(typeof named.Field === "string" ? { Field: fieldFor(named.Field, fields) } : {}),
    ...(Array.isArray(values) ? { Values: values.map(codeItem) } : {}),
  };
}

/**
 * INFERRED, read tolerantly: a filter catalogue as a list of groups (`{Filters: [...]}`, a bare
 * array, `{data: [...]}`) or as an object keyed by group (`{"RTICs": [...], "Nations": [...]}`),
 * with values as `{Code, Description|Name|Label}` objects or bare strings, in any case. Keys that
 * are not lists (`Market`, `GeneratedAt`) and the lists named in `notGroups` stay beside `Filters`.
 * A body with neither shape is left alone, so the schema refuses it by name.
 */
export function readFilterCatalogue(body: unknown, fields: FilterFieldAliases, notGroups: readonly string[] = []) {
  const listed = Array.isArray(body)
    ? body
    : isObject(body)
      ? valueOf(body, "Filters", "FilterGroups", "Groups")
      : undefined;
  const rest = isObject(body) ? body : {};
  if (Array.isArray(listed)) return { ...rest, Filters: listed.map((group) => readGroup(group, fields)) };
  const keyed = isObject(listed) ? listed : rest;
  const skip = new Set(notGroups.map(nameKey));
  const groups = Object.entries(keyed)
    .filter(([key, values]) => Array.isArray(values) && !skip.has(nameKey(key)))
    .map(([key, values]) => ({ Field: fieldFor(key, fields), Name: key, Values: (values as unknown[]).map(codeItem) }));
  return groups.length > 0 ? { ...rest, Filters: groups } : body;
}
