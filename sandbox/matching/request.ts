import { isObject } from "../http/types";
import type { MatchHints } from "./hints";

/**
 * Match-request validation with FastAPI-style 422 details (`{loc, msg, type, input, ctx}`), as the
 * contract's validation error body shows. `loc` items are strings (the contract's type), so list
 * positions appear as "3".
 */

export interface ValidationDetail {
  loc: string[];
  msg: string;
  type: string;
  input: unknown;
  ctx: Record<string, unknown>;
}

export interface MatchRequest extends MatchHints {
  input_name: string;
  id?: string;
}

/** Field → max length (CONTRACT-CHOICES hint fields; `input_name` 1–512 from the contract). */
export const FIELD_LIMITS: Readonly<Record<string, number>> = {
  input_name: 512,
  id: 256,
  website: 500,
  postcode: 16,
  address: 1000,
  sic_code: 10,
  date_hint: 32,
};
const HINTS = ["website", "postcode", "address", "sic_code", "date_hint"] as const;

export function detail(
  loc: string[],
  type: string,
  msg: string,
  input: unknown,
  ctx: Record<string, unknown> = {},
): ValidationDetail {
  return { loc, msg, type, input, ctx };
}

function checkString(value: unknown, loc: string[], required: boolean, max: number, min: number): ValidationDetail[] {
  if (value === undefined || value === null)
    return required ? [detail(loc, "missing", "Field required", value ?? null)] : [];
  if (typeof value !== "string") return [detail(loc, "string_type", "Input should be a valid string", value)];
  if (value.length < min)
    return [
      detail(loc, "string_too_short", `String should have at least ${min} character`, value, { min_length: min }),
    ];
  if (value.length > max)
    return [detail(loc, "string_too_long", `String should have at most ${max} characters`, value, { max_length: max })];
  return [];
}

/** Validates one match request; `loc` is where it sits in the body (["body"] or ["body","companies","3"]). */
export function validateMatchRequest(
  value: unknown,
  loc: string[],
): { request?: MatchRequest; errors: ValidationDetail[] } {
  if (!isObject(value))
    return {
      errors: [
        detail(
          loc,
          "model_attributes_type",
          "Input should be a valid dictionary or object to extract fields from",
          value,
        ),
      ],
    };
  const errors = [
    ...checkString(value.input_name, [...loc, "input_name"], true, FIELD_LIMITS.input_name ?? 512, 1),
    ...checkString(value.id, [...loc, "id"], false, FIELD_LIMITS.id ?? 256, 0),
    ...HINTS.flatMap((h) => checkString(value[h], [...loc, h], false, FIELD_LIMITS[h] ?? 500, 0)),
  ];
  if (errors.length > 0) return { errors };
  const request: MatchRequest = { input_name: value.input_name as string };
  if (typeof value.id === "string") request.id = value.id;
  for (const h of HINTS) if (typeof value[h] === "string") request[h] = value[h] as string;
  return { request, errors };
}

/** Echo of the optional request fields, as the contract asks. */
export function echoHints(request: MatchRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of HINTS) if (request[h] !== undefined) out[h] = request[h] as string;
  return out;
}
