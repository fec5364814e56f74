/**
 * The field catalogue of the company record, read off `ClassifiedCompanySchema` so the two
 * cannot drift. `UKCO.FIELD` autocompletion, "closest field" suggestions, `UKCO.FIELDS()` and
 * the pane's column chooser use it.
 */
import { z } from "zod";
import { ClassifiedCompanySchema } from "./company";
import { companyFieldMeta, type FieldKind } from "./field-builders";

export type { FieldKind } from "./field-builders";

export interface CompanyFieldInfo {
  name: string;
  kind: FieldKind;
  /** One line from the contract; empty where it gives none. */
  description: string;
  /** Token scope without which the service omits the field. */
  scope?: string;
  /** Item (or member) fields of `object` and `object[]` fields. */
  items?: CompanyFieldInfo[];
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodCatch)
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.out as z.ZodType;
    else return current;
  }
}

function itemShape(schema: z.ZodType, kind: FieldKind): z.ZodRawShape | undefined {
  const inner = unwrap(schema);
  if (kind === "object" && inner instanceof z.ZodObject) return inner.shape;
  if (kind === "object[]" && inner instanceof z.ZodArray) {
    const element = unwrap(inner.element as z.ZodType);
    if (element instanceof z.ZodObject) return element.shape;
  }
  return undefined;
}

/** Lists the fields of a shape built with `field-builders`; throws on a field built without them. */
export function describeShape(shape: z.ZodRawShape, where = ""): CompanyFieldInfo[] {
  return Object.entries(shape).map(([name, schema]) => {
    const meta = companyFieldMeta.get(schema as z.ZodType);
    if (!meta) throw new Error(`Company field ${where}${name} has no catalogue entry: build it with field-builders.`);
    const info: CompanyFieldInfo = { name, kind: meta.kind, description: meta.description };
    if (meta.scope) info.scope = meta.scope;
    if (meta.kind === "object" || meta.kind === "object[]") {
      const items = itemShape(schema as z.ZodType, meta.kind);
      if (!items)
        throw new Error(`Company field ${where}${name} is ${meta.kind} but its schema holds no object shape.`);
      info.items = describeShape(items, `${where}${name}.`);
    }
    return info;
  });
}

/** Every top-level field of the company record, in contract order. */
export const COMPANY_FIELDS: readonly CompanyFieldInfo[] = Object.freeze(describeShape(ClassifiedCompanySchema.shape));

const byLowerName = new Map(COMPANY_FIELDS.map((f) => [f.name.toLowerCase(), f]));

/** The field with this name, ignoring case (`bestestimateturnover` finds `BestEstimateTurnover`). */
export function findCompanyField(name: string): CompanyFieldInfo | undefined {
  return byLowerName.get(name.trim().toLowerCase());
}
