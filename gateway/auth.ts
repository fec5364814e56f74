/**
 * Who is asking: a personal gateway key, or a Microsoft Entra ID token from Office single sign-on
 * (verified against the tenant's JWKS: signature, issuer, audience, a required expiry read with
 * 60 s of clock tolerance, and a tenant on the allow-list). A user is tenant + object id. Users sign in to the gateway, never to the services.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { GatewayConfig } from "./config";
import { KEY_PREFIX, type KeyStore } from "./keys";

export class AuthError extends Error {
  constructor(readonly reason: "missing" | "unknown-key" | "bad-token" | "wrong-tenant" | "no-sso") {
    super(AUTH_WORDS[reason]);
  }
}

const AUTH_WORDS: Record<AuthError["reason"], string> = {
  missing: "Sign in to the gateway: send your gateway key or single sign-on token as a bearer token.",
  "unknown-key": "That gateway key is not known, or it was revoked.",
  "bad-token": "The sign-on token is not valid for this gateway (signature, issuer, audience or expiry).",
  "wrong-tenant": "Your organisation's tenant is not allowed on this gateway.",
  "no-sso": "This gateway does not take single sign-on tokens; use a gateway key.",
};

/** Clocks of Entra and the gateway differ a little: expiry and not-before are read with this slack. */
const CLOCK_TOLERANCE_SECONDS = 60;

export type Authenticate = (authorization: string | undefined) => Promise<string>;

/**
 * Who a signed-in user is: their id, the team whose decisions they share, and the name shown
 * beside what they decide. The team is the gateway's key holders (`keys`), or the Entra tenant of
 * a single sign-on user (`entra:{tenant}`): never both, so decisions never cross a tenant.
 */
export interface Identity {
  user: string;
  team: string;
  name: string;
}
export type Identify = (authorization: string | undefined) => Promise<Identity>;

/** The team of the gateway's key holders; each Entra tenant is a team of its own (`entra:{tenant}`). */
export const KEY_HOLDERS_TEAM = "keys";

export function createAuthenticator(config: GatewayConfig, keys: KeyStore): Authenticate {
  const identify = createIdentifier(config, keys);
  return async (authorization) => (await identify(authorization)).user;
}

export function createIdentifier(config: GatewayConfig, keys: KeyStore): Identify {
  const entra = config.entra;
  const jwks = entra ? createRemoteJWKSet(new URL(entra.jwksUrl)) : undefined;
  return async (authorization) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
    if (!token) throw new AuthError("missing");
    if (token.startsWith(KEY_PREFIX)) {
      const user = keys.userOf(token);
      if (!user) throw new AuthError("unknown-key");
      // Told by how they signed in, never read from the name: a key named like a tenant's user is still a key holder.
      return { user, team: KEY_HOLDERS_TEAM, name: user };
    }
    if (!entra || !jwks) throw new AuthError("no-sso");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: entra.issuer,
        audience: entra.audience,
        requiredClaims: ["exp", "tid", "oid"],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch {
      throw new AuthError("bad-token");
    }
    if (typeof payload.tid !== "string" || !entra.tenants.includes(payload.tid)) throw new AuthError("wrong-tenant");
    // A display name can be reused or changed; tenant and object id are who the user is.
    if (typeof payload.oid !== "string" || payload.oid === "") throw new AuthError("bad-token");
    const user = `sso:${payload.tid}:${payload.oid}`;
    // The name is only shown (who decided); it never identifies anyone.
    const shown = [payload.name, payload.preferred_username].find((n) => typeof n === "string" && n.trim() !== "");
    return {
      user,
      team: `entra:${payload.tid}`,
      name: typeof shown === "string" ? shown.trim().slice(0, 128) : user,
    };
  };
}
