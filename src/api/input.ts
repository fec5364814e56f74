/** Client-side checks before anything is sent: request schemas whose first failure becomes a ValidationError. */
import { z } from "zod";
import type { ServiceName } from "./credentials";
import { ValidationError } from "./http/errors";
import { formatIssuePath } from "./http/issue-path";

/** Parses `value` with a request schema; the first issue names the field (or `name`, for a lone value) and the rule broken. */
export function checkInput<S extends z.ZodType>(
  service: ServiceName,
  schema: S,
  value: unknown,
  name = "",
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ValidationError(service, "", "is not valid");
  if (issue.code === "unrecognized_keys")
    throw new ValidationError(service, issue.keys.join(", "), "is not a field of this request");
  throw new ValidationError(service, formatIssuePath(issue.path) || name, issue.message);
}

export const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER): z.ZodNumber =>
  z
    .number("must be a number")
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** Length in UTF-16 units, which is never less than the code-point count the services measure: we refuse early, never late. */
export const text = (min: number, max: number): z.ZodString =>
  z
    .string("must be text")
    .min(min, min === 1 ? "must not be empty" : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`);

export const nonEmptyText = z.string("must be text").trim().min(1, "must not be empty");
