/**
 * Text from a service, cleaned before anyone sees it: every credential the gateway holds is cut
 * out, and so is anything shaped like one (a bearer value, a JWT, a long token-like run), because
 * an upstream that echoes a header into its error would otherwise hand the team's key to a user.
 */
const REMOVED = "[removed]";
const SHAPES = [/bearer\s+\S+/gi, /eyJ[\w-]*\.[\w-]*\.[\w-]*/g, /[A-Za-z0-9_\-+/=]{24,}/g];
const MAX_MESSAGE = 300;

export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(REMOVED);
  for (const shape of SHAPES) out = out.replace(shape, REMOVED);
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}…` : out;
}

/** The service's own words in an error body, whichever of its shapes it used. */
export function serviceMessage(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ["message", "detail", "error", "title"]) if (typeof b[key] === "string") return b[key];
  if (Array.isArray(b.detail)) return "The service refused the request's fields (validation error).";
  return undefined;
}
