/**
 * Reads an error response body into the few facts callers need. Classification is by status
 * and content type; the wording of `detail`/`message` is only ever shown, never matched.
 */
import { z } from "zod";
import { isObject, valueOf } from "../read";
import type { FieldError, ProblemDetails } from "./errors";

const ProblemDetailsSchema = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.number().optional(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  trace: z
    .looseObject({
      timestamp: z.string().optional(),
      requestId: z.string().optional(),
      buildId: z.string().optional(),
      rayId: z.string().optional(),
    })
    .optional(),
});

/** The 422 body of matching-style and classification endpoints. */
export const ValidationDetailSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  input: z.unknown().optional(),
  ctx: z.looseObject({}).optional(),
});
export const ValidationErrorBodySchema = z.looseObject({ detail: z.array(ValidationDetailSchema) });

/** Product API (INFERRED, CONTRACT-CHOICES): `{message}`, 422 adds `errors: {field: [string]}`. */
const ProductErrorSchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const DetailStringSchema = z.looseObject({ detail: z.string() });
/** Matching 429s may carry `error` instead of `detail`. */
const ErrorStringSchema = z.looseObject({ error: z.string() });

export interface ParsedErrorBody {
  body: unknown;
  serverMessage?: string;
  fieldErrors?: FieldError[];
  problem?: ProblemDetails;
  origin: "gateway" | "service";
}

const MAX_TEXT = 300;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function parseErrorBody(contentType: string | undefined, text: string): ParsedErrorBody {
  const isProblem = /application\/problem\+json/i.test(contentType ?? "");
  const origin = isProblem ? "gateway" : "service";
  if (text.trim() === "") return { body: undefined, origin };
  const json = parseJson(text);
  if (json === undefined)
    return { body: text.slice(0, MAX_TEXT), serverMessage: text.trim().slice(0, MAX_TEXT), origin };

  if (isProblem) {
    const problem = ProblemDetailsSchema.safeParse(json);
    if (problem.success)
      return { body: json, problem: problem.data, serverMessage: problem.data.detail ?? problem.data.title, origin };
  }
  const validation = ValidationErrorBodySchema.safeParse(json);
  if (validation.success) {
    const fieldErrors = validation.data.detail.map((d) => ({
      field: d.loc.filter((p) => p !== "body").join("."),
      message: d.msg,
    }));
    return {
      body: json,
      fieldErrors,
      serverMessage: fieldErrors.map((f) => `${f.field}: ${f.message}`).join("; "),
      origin,
    };
  }
  const product = ProductErrorSchema.safeParse(json);
  if (product.success) {
    const fieldErrors = Object.entries(product.data.errors ?? {}).flatMap(([field, msgs]) =>
      msgs.map((message) => ({ field, message })),
    );
    return { body: json, serverMessage: product.data.message, fieldErrors, origin };
  }
  const detail = DetailStringSchema.safeParse(json);
  if (detail.success) {
    // A problem-details body from the data service (application/json, no trace) also lands here.
    const problem = ProblemDetailsSchema.safeParse(json);
    return {
      body: json,
      serverMessage: detail.data.detail,
      problem: problem.success ? problem.data : undefined,
      origin,
    };
  }
  const error = ErrorStringSchema.safeParse(json);
  if (error.success) return { body: json, serverMessage: error.data.error, origin };
  const problem = ProblemDetailsSchema.safeParse(json);
  if (problem.success && (problem.data.title || problem.data.status)) {
    return { body: json, problem: problem.data, serverMessage: problem.data.title, origin };
  }
  const nested = nestedMessage(json);
  return nested ? { body: json, serverMessage: nested.slice(0, MAX_TEXT), origin } : { body: json, origin };
}

const MESSAGE_KEYS = ["message", "detail", "error_description", "description", "title"] as const;

/** Other plausible error bodies: `{error: {message}}`, `{errors: [{detail}]}`, `{Message}`. */
function nestedMessage(json: unknown): string | undefined {
  if (!isObject(json)) return undefined;
  const direct = valueOf(json, ...MESSAGE_KEYS);
  if (typeof direct === "string") return direct;
  const error = valueOf(json, "error");
  if (isObject(error)) return nestedMessage(error);
  const errors = valueOf(json, "errors");
  if (Array.isArray(errors)) {
    const messages = errors.map(nestedMessage).filter((m): m is string => m !== undefined);
    return messages.length ? messages.join("; ") : undefined;
  }
  return undefined;
}
