import { createHmac, timingSafeEqual } from "node:crypto";

/** HS256 JSON Web Tokens with node:crypto, enough for the classification login flow. */

const b64url = (data: Buffer | string): string => Buffer.from(data).toString("base64url");

export interface JwtClaims {
  sub: string;
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

export type JwtCheck = { ok: true; claims: JwtClaims } | { ok: false; reason: "malformed" | "signature" | "expired" };

export function verifyJwt(token: string, secret: string, nowSeconds: number): JwtCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed" };
  const [head, body, sig] = parts as [string, string, string];
  const expected = Buffer.from(createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url"));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "signature" };
  let claims: JwtClaims;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as JwtClaims;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}

/** Looks like a JWT (three base64url segments), whatever its signature. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}
