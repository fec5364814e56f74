/** The instant classification client: the login (password flow) and the classification itself. */
import { AuthRequiredError, ValidationError } from "../http/errors";
import type { Transport } from "../http/transport";
import type { CallOptions } from "../http/types";
import { checkInput, nonEmptyText } from "../input";
import { readJwtExpiry } from "../jwt";
import { MATCHING_KEY_PREFIX } from "../matching/credential";
import {
  InstantClassificationRequestSchema,
  InstantClassificationResultSchema,
  TokenResponseSchema,
  type InstantClassificationRequest,
  type InstantClassificationResult,
  type LoginOptions,
  type LoginResult,
} from "./schemas";

export const CLASSIFICATION_TIMEOUTS = { classifyMs: 60_000, loginMs: 30_000 };

export interface ClassificationClient {
  /** Exchanges a username and password for a token. The password is sent once and kept nowhere. */
  login(username: string, password: string, options?: CallOptions & LoginOptions): Promise<LoginResult>;
  classify(request: InstantClassificationRequest, options?: CallOptions): Promise<InstantClassificationResult>;
}

/** Refuses a matching key, and a login token whose `exp` has passed, before anything is sent. */
export function checkClassificationToken(token: string, nowMs: number): "wrong-kind" | "expired" | undefined {
  if (token.startsWith(MATCHING_KEY_PREFIX)) return "wrong-kind";
  const expiresAt = readJwtExpiry(token);
  return expiresAt !== undefined && expiresAt <= nowMs ? "expired" : undefined;
}

export function createClassificationClient(
  transport: Transport,
  timeouts = CLASSIFICATION_TIMEOUTS,
): ClassificationClient {
  return {
    async login(username, password, options = {}) {
      checkInput("classification", nonEmptyText, username, "username");
      if (!password) throw new ValidationError("classification", "password", "must not be empty");
      const form = {
        username,
        password,
        grant_type: "password",
        scope: options.scope ?? "",
        ...(options.clientId !== undefined ? { client_id: options.clientId } : {}),
        ...(options.clientSecret !== undefined ? { client_secret: options.clientSecret } : {}),
      };
      const token = await transport.send(
        {
          operation: "classification.login",
          method: "POST",
          path: "/api/v1/login/access-token",
          form,
          schema: TokenResponseSchema,
          timeoutMs: timeouts.loginMs,
          idempotent: false,
          anonymous: true,
          // INFERRED: the 5-a-minute cap is on classifications; signing in does not use a slot.
          rateExempt: true,
          secrets: [password, options.clientSecret ?? ""],
          // INFERRED (CONTRACT-CHOICES.md "Login failure"): 400 (and 401) mean the username or password was refused.
          onStatus: (status, parsed) =>
            status === 400 || status === 401
              ? new AuthRequiredError("classification", "login-failed", { status, serverMessage: parsed.serverMessage })
              : undefined,
        },
        options,
      );
      return {
        accessToken: token.access_token,
        tokenType: token.token_type,
        expiresAt: readJwtExpiry(token.access_token),
      };
    },
    async classify(request, options) {
      const json = checkInput("classification", InstantClassificationRequestSchema, request);
      // Not resent after a network failure: each request may count against the free tier of 20.
      const spec = {
        operation: "classification.classify",
        method: "POST",
        path: "/api/v1/instantClassification",
        json,
        schema: InstantClassificationResultSchema,
      } as const;
      return transport.send({ ...spec, timeoutMs: timeouts.classifyMs, idempotent: false }, options);
    },
  };
}
