import { type Reply, json } from "../http/types";
import { JOB_FIELDS } from "../data/record-jobs";
import type { CompanyRecord } from "../data/record";

/**
 * Product API conventions (docs/CONTRACT-CHOICES.md): error bodies `{message}` (422 adds
 * `errors: {field: [message]}`), paging by `returnCount` (1–1000, default 40) and `skip` (>= 0).
 */

export type Scopes = ReadonlySet<string>;

export function productError(
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  headers?: Record<string, string>,
): Reply {
  return json(status, errors ? { message, errors } : { message }, headers);
}

export function validationError(field: string, message: string): Reply {
  return productError(422, message, { [field]: [message] });
}

export const DEFAULT_RETURN_COUNT = 40;
export const MAX_RETURN_COUNT = 1000;

export type Paging = { ok: true; returnCount: number; skip: number } | { ok: false; reply: Reply };

/** Paging from body fields or query strings; out-of-range or non-integer values are 400 (contract). */
export function readPaging(returnCount: unknown, skip: unknown, defaultCount = DEFAULT_RETURN_COUNT): Paging {
  const count = toInteger(returnCount, defaultCount);
  const offset = toInteger(skip, 0);
  if (count === null || count < 1 || count > MAX_RETURN_COUNT) {
    return { ok: false, reply: productError(400, `returnCount must be an integer from 1 to ${MAX_RETURN_COUNT}.`) };
  }
  if (offset === null || offset < 0)
    return { ok: false, reply: productError(400, "skip must be an integer of 0 or more.") };
  return { ok: true, returnCount: count, skip: offset };
}

function toInteger(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null || value === "") return fallback;
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
}

/** An optional array-of-strings body field: undefined when absent, a Reply when of the wrong type. */
export function stringArray(body: Record<string, unknown>, field: string): string[] | undefined | Reply {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string"))
    return validationError(field, `The ${field} field must be an array of strings.`);
  return v as string[];
}

export function isReply(v: unknown): v is Reply {
  return (
    typeof v === "object" && v !== null && "status" in v && typeof (v as Reply).status === "number" && !Array.isArray(v)
  );
}

/** Record fields behind optional scopes are left out when the token lacks the scope. */
export function forScopes(record: CompanyRecord, scopes: Scopes): CompanyRecord {
  if (scopes.has("jobdata:read")) return record;
  const copy = { ...record };
  for (const f of JOB_FIELDS) delete copy[f];
  return copy;
}

export function queryFlag(value: string | null): boolean {
  return value === "true" || value === "1";
}
