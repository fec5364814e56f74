/**
 * What UKCO.CLASSIFY sends: a website when the input looks like one (`https://…`, `www.…`, or a
 * bare domain such as `example.co.uk/about`), otherwise a description. One cache key each.
 */
import {
  MAX_TEXT_LENGTH,
  MAX_WEBSITE_LENGTH,
  type InstantClassificationRequest,
} from "@ukco/api/classification/schemas";
import { InvalidArgumentError } from "./errors";

const URL_LIKE = /^(?:https?:\/\/\S+|www\.\S+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}(?:[/?#]\S*)?)$/i;

export type ClassifyInput = { kind: "website"; value: string } | { kind: "text"; value: string };

/** Undefined for an empty input (an empty answer, not a request). */
export function classifyInput(value: unknown): ClassifyInput | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") {
    throw new InvalidArgumentError(
      `UKCO.CLASSIFY needs a description or a website as text, not ${typeof value === "boolean" ? "TRUE/FALSE" : `a ${typeof value}`}.`,
    );
  }
  const trimmed = value.replace(/\s+/g, " ").trim();
  if (trimmed === "") return undefined;
  if (URL_LIKE.test(trimmed)) {
    if (trimmed.length > MAX_WEBSITE_LENGTH)
      throw new InvalidArgumentError(
        `The website is ${trimmed.length} characters long; at most ${MAX_WEBSITE_LENGTH} are allowed.`,
      );
    return { kind: "website", value: trimmed };
  }
  if (trimmed.length > MAX_TEXT_LENGTH) {
    throw new InvalidArgumentError(
      `The description is ${trimmed.length} characters long; at most ${MAX_TEXT_LENGTH} are allowed. Shorten it to its first sentences.`,
    );
  }
  return { kind: "text", value: trimmed };
}

export function classifyKey(input: ClassifyInput): string {
  return input.kind === "website" ? `W:${input.value.toLowerCase()}` : `T:${input.value}`;
}

export function classifyRequestOf(key: string): InstantClassificationRequest {
  return key.startsWith("W:") ? { Website: key.slice(2) } : { Text: key.slice(2) };
}
