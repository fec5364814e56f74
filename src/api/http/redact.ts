/** Keeps credentials out of everything an error carries. */

const REDACTED = "[redacted]";
const SECRET_QUERY_NAME = /token|key|secret|password|passwd|auth|signature|sig$/i;

/** Drops user-info and masks credential-like query values, e.g. `?api_key=...`. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/\/\/[^/@]*@/, "//");
  }
  parsed.username = "";
  parsed.password = "";
  for (const name of [...parsed.searchParams.keys()]) {
    if (SECRET_QUERY_NAME.test(name)) parsed.searchParams.set(name, REDACTED);
  }
  return parsed.toString();
}

/**
 * Replaces every occurrence of any secret inside strings of `value` (deeply), returning a copy.
 * Even a short password is replaced: a mangled message is better than a leaked credential.
 */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  const usable = secrets.filter((s) => s.length > 0);
  if (usable.length === 0) return value;
  const scrub = (v: unknown): unknown => {
    if (typeof v === "string") return usable.reduce((s, secret) => s.split(secret).join(REDACTED), v);
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, scrub(inner)]));
    }
    return v;
  };
  return scrub(value) as T;
}
