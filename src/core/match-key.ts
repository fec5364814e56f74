/**
 * What UKCO.MATCH asks, as one cache key: the name (trimmed, spaces collapsed, upper-cased, since
 * matching ignores case) and the optional postcode and website hints, normalised the same way.
 */
import { INPUT_NAME_MAX, MATCH_HINT_LIMITS, type MatchRequest } from "@ukco/api/matching/schemas";
import { InvalidArgumentError } from "./errors";

const SEPARATOR = "\u0001";

function text(value: unknown, label: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string")
    throw new InvalidArgumentError(
      `The ${label} must be text, not ${typeof value === "boolean" ? "TRUE/FALSE" : typeof value}.`,
    );
  return value.replace(/\s+/g, " ").trim();
}

function bounded(value: string, max: number, label: string): string {
  if (value.length > max)
    throw new InvalidArgumentError(`The ${label} is ${value.length} characters long; at most ${max} are allowed.`);
  return value;
}

/** Builds the key; an empty name gives undefined (an empty answer, not a request). */
export function matchKey(name: unknown, postcode: unknown, website: unknown): string | undefined {
  const cleanName = bounded(text(name, "company name"), INPUT_NAME_MAX, "company name").toUpperCase();
  if (cleanName === "") return undefined;
  const cleanPostcode = bounded(text(postcode, "postcode"), MATCH_HINT_LIMITS.postcode, "postcode").toUpperCase();
  const cleanWebsite = bounded(text(website, "website"), MATCH_HINT_LIMITS.website, "website").toLowerCase();
  return [cleanName, cleanPostcode, cleanWebsite].join(SEPARATOR);
}

export function matchRequestOf(key: string, id?: string): MatchRequest {
  const [input_name = "", postcode = "", website = ""] = key.split(SEPARATOR);
  return {
    input_name,
    ...(id !== undefined ? { id } : {}),
    ...(postcode ? { postcode } : {}),
    ...(website ? { website } : {}),
  };
}

/** The name part of a key, for messages ("No match for …"). */
export function matchKeyName(key: string): string {
  return key.split(SEPARATOR)[0] ?? "";
}
