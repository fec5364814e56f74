/** Recognising login JWTs (three base64url segments) and reading their `exp` claim, without verifying them. */

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token.trim());
}

function decodeSegment(segment: string): unknown {
  const base64 = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Expiry of a JWT in epoch milliseconds, or undefined when it is not a JWT or carries no numeric `exp`. */
export function readJwtExpiry(token: string): number | undefined {
  if (!looksLikeJwt(token)) return undefined;
  try {
    const payload = decodeSegment(token.trim().split(".")[1] as string);
    if (payload && typeof payload === "object" && "exp" in payload && typeof payload.exp === "number")
      return payload.exp * 1000;
  } catch {
    // Not base64url JSON: treat as a token without a readable expiry.
  }
  return undefined;
}
