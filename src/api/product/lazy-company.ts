/**
 * Company records checked field by field, when a field is first read. A page of 1,000 full
 * records is about 10 MB, and checking every field of every record against the schema costs
 * about 0.4 ms a record, nearly all of it in fields no cell reads. So the hot paths (the FIELD
 * loader and imports) take each record as sent after a shallow check — an object with a readable
 * `CompanyNumber` — and check a field against `ClassifiedCompanySchema` the first time it is read.
 * The value read is exactly what the full schema would give for that field. A field that fails is
 * that field's problem alone: the record's other fields and its neighbours are untouched.
 */
import { z } from "zod";
import { isObject } from "../read";
import { ClassifiedCompanySchema } from "./company";
import { companyFieldMeta, type FieldKind } from "./field-builders";
import { companyList, ListEnvelopeSchema, type InvalidCompany } from "./responses";

/** A record as the service sent it; only `CompanyNumber` has been checked. Read fields with `readCompanyField`. */
export type RawCompany = Readonly<Record<string, unknown>> & { readonly CompanyNumber?: string | null };

export type FieldRead = { ok: true; value: unknown } | { ok: false; problem: string };

const FIELD_SCHEMAS: Readonly<Record<string, z.ZodType>> = ClassifiedCompanySchema.shape;

/** Each record's fields checked by the schema so far: a cell reads the same field of the same record many times. */
const readFields = new WeakMap<object, Map<string, FieldRead>>();

/** Each field's kind (field-builders.ts), for the quick check of plain values. */
const FIELD_KINDS: ReadonlyMap<string, FieldKind> = new Map(
  Object.entries(FIELD_SCHEMAS).flatMap(([name, schema]) => {
    const kind = companyFieldMeta.get(schema)?.kind;
    return kind ? [[name, kind] as const] : [];
  }),
);

/**
 * A plain value the schema would pass unchanged, told without the schema: an import reads 50,000
 * records × its columns once each, and most columns are text and numbers. Undefined when the schema
 * must decide (dates, lists, objects, and any value of another type).
 */
function quickRead(kind: FieldKind | undefined, value: unknown): FieldRead | undefined {
  if (value === null || value === undefined) return { ok: true, value };
  const plain =
    (kind === "string" && typeof value === "string") ||
    (kind === "boolean" && typeof value === "boolean") ||
    (kind === "number" && typeof value === "number" && Number.isFinite(value)) ||
    (kind === "integer" && Number.isSafeInteger(value));
  return plain ? { ok: true, value } : undefined;
}

/** A top-level field of a record, checked as the record schema checks it; fields the schema does not name pass as sent. */
export function readCompanyField(record: RawCompany, name: string): FieldRead {
  const schema = FIELD_SCHEMAS[name];
  if (!schema) return { ok: true, value: record[name] };
  const quick = quickRead(FIELD_KINDS.get(name), record[name]);
  if (quick) return quick;
  let fields = readFields.get(record);
  if (!fields) readFields.set(record, (fields = new Map()));
  let read = fields.get(name);
  if (!read) {
    const parsed = schema.safeParse(record[name]);
    read = parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: describe(name, parsed.error) };
    fields.set(name, read);
  }
  return read;
}

function describe(name: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const where = [name, ...(issue?.path ?? []).map(String)].join(".");
  return `${where}: ${issue?.message ?? "invalid"}`;
}

/**
 * The shallow check of one list item: an object with a company number. INFERRED (ours): a number
 * sent as a JSON number (`2`, leading zeros lost) is read as its digits, so the ask it answers can
 * still be found; the loader restores the zeros.
 */
const shallowCompany = z.unknown().transform((raw, context): RawCompany => {
  if (isObject(raw)) {
    const number = raw.CompanyNumber;
    if (typeof number === "number" && Number.isSafeInteger(number) && number >= 0)
      return { ...raw, CompanyNumber: String(number) };
    if (typeof number === "string" && number.trim() !== "") return raw as RawCompany;
  }
  context.addIssue({ code: "custom", message: "expected a company record with a readable CompanyNumber" });
  return z.NEVER;
});

export type LazyCompanyItem = RawCompany | InvalidCompany;

/** The list envelope of `POST /v2/companies` with each record checked shallowly; one that fails is an InvalidCompany in its place. */
export const LazyListEnvelopeSchema = ListEnvelopeSchema.extend({ companies: companyList(shallowCompany) });
export type LazyListEnvelope = z.infer<typeof LazyListEnvelopeSchema>;
