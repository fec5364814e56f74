/**
 * Reading the shapes the contracts leave open ("not shown"). A careful service may send the same
 * facts as PascalCase or camelCase or snake_case, as a bare array or inside an envelope, and list
 * items as `{Code, Name}` objects or bare strings. These helpers turn such variants into the one
 * shape our schemas name, before validation, and keep every field they do not know.
 *
 * They never invent a value: a field that is absent stays absent (the caller shows it as unknown),
 * and a body in which no known shape can be found is left as it is, so its schema refuses it and
 * the caller reports the operation it could not read.
 */

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `CompanyNumber`, `companyNumber`, `company_number` and `COMPANYNUMBER` are one name. */
export const nameKey = (name: string): string => name.replace(/[^a-z0-9]/gi, "").toLowerCase();

/** The key under which the object carries the first of `names` (matched as nameKey does); undefined when none. */
function keyOf(object: Json, names: readonly string[]): string | undefined {
  const keys = Object.keys(object).filter((key) => object[key] !== undefined);
  for (const name of names) {
    if (object[name] !== undefined) return name;
    const wanted = nameKey(name);
    const found = keys.find((key) => nameKey(key) === wanted);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first of `names` the object carries, matched as nameKey does; undefined when none. */
export function valueOf(object: Json, ...names: readonly string[]): unknown {
  const key = keyOf(object, names);
  return key === undefined ? undefined : object[key];
}

/**
 * The object with each of `canonical`'s names read from its first alias the object carries
 * (`{Count: ["TotalHits", "Total"]}`); the name itself in any case counts as an alias. A field
 * found under another name is renamed, not copied; fields it does not name are kept as they are.
 */
export function withNames(object: Json, canonical: Readonly<Record<string, readonly string[]>>): Json {
  const out: Json = { ...object };
  for (const [name, aliases] of Object.entries(canonical)) {
    if (out[name] !== undefined) continue;
    const key = keyOf(out, [name, ...aliases]);
    if (key === undefined) continue;
    out[name] = out[key];
    delete out[key];
  }
  return out;
}

/** `withNames` with no aliases: only case and separators differ. */
export const withCanonicalCase = (object: Json, names: readonly string[]): Json =>
  withNames(object, Object.fromEntries(names.map((name) => [name, []])));

/** Envelope keys seen around lists, after the ones an operation names itself. */
export const COMMON_LIST_KEYS = ["data", "items", "results", "records", "companies"] as const;

/**
 * The list a body carries: the body itself when it is an array, else the first array under one of
 * `names` or the common envelope keys (one level of `data: {…}` nesting is looked through too).
 * Undefined when there is none: the body is not a list of that kind.
 */
export function listIn(body: unknown, ...names: readonly string[]): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  const found = valueOf(body, ...names, ...COMMON_LIST_KEYS);
  if (Array.isArray(found)) return found;
  if (isObject(found)) return listIn(found, ...names);
  return undefined;
}

/** Item names for a code's words, in the order we prefer them. */
const DESCRIPTION_ALIASES = ["Description", "Name", "Label", "Title", "Text", "Value"] as const;

/** A code list item as `{Code, Description}`: from a bare string or number, or an object in any case. */
export function codeItem(item: unknown): Json | undefined {
  if (typeof item === "string" || typeof item === "number") return { Code: String(item) };
  if (!isObject(item)) return undefined;
  return withNames(item, { Code: ["Id", "Key", "Value"], Description: DESCRIPTION_ALIASES.slice(1) });
}
