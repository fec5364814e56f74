/**
 * A single sign-on token for the team gateway lasts about an hour; a workbook stays open longer.
 * Before a request, a sign-on token that runs out within five minutes is renewed without a prompt
 * (the host's silent paths) and saved, so the user's formulas keep answering; many requests at once
 * share one renewal. A gateway key (not a JWT) is never touched. When renewal fails the old token
 * still goes out, the gateway's 401 invalidates it as before, and no new silent attempt is made for
 * a minute (nor after a renewal that brought nothing newer).
 */
import type { CredentialSource } from "@ukco/api/credentials";
import { readJwtExpiry } from "@ukco/api/jwt";
import type { CredentialStore } from "./credentials";

export const RENEW_BEFORE_MS = 5 * 60_000;
const RETRY_AFTER_FAILURE_MS = 60_000;

export interface RenewedToken {
  token: string;
  username?: string;
}

export function renewingSignOn(
  store: CredentialStore,
  renew: () => Promise<RenewedToken>,
  now: () => number = Date.now,
): CredentialSource {
  let renewing: Promise<string | undefined> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  return {
    async getToken(service) {
      const token = await store.getToken(service);
      const expiresAt = token === undefined ? undefined : readJwtExpiry(token);
      if (expiresAt === undefined || expiresAt - now() > RENEW_BEFORE_MS) return token;
      if (!renewing && now() - failedAt < RETRY_AFTER_FAILURE_MS) return token;
      renewing ??= renew()
        .then(async (fresh) => {
          await store.save(service, fresh.token, fresh.username ? { username: fresh.username } : {});
          // The host had nothing newer (its own cache): not again at every request.
          if ((readJwtExpiry(fresh.token) ?? 0) - now() <= RENEW_BEFORE_MS) failedAt = now();
          return fresh.token;
        })
        .catch(() => {
          failedAt = now();
          return undefined;
        })
        .finally(() => {
          renewing = undefined;
        });
      return (await renewing) ?? token;
    },
    invalidate: (service, reason) => store.invalidate(service, reason),
  };
}
