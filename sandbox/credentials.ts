/**
 * Fixed, documented sandbox credentials. They open only the sandbox, so printing them is fine.
 */

export const PRODUCT_SCOPES_FULL = [
  "companies:read",
  "companies:classify",
  "companies:changes",
  "jobdata:read",
] as const;

export const SANDBOX_CREDENTIALS = {
  /** Product API token with every scope. */
  productToken: "sbx_product_full_3f9c2a7d41b8e605",
  /** Product API token without the optional scopes `companies:changes` and `jobdata:read`. */
  productTokenBasic: "sbx_product_basic_8e1d4b7a9c2f3056",
  /** Product API token without `companies:read` (only `companies:classify`): list operations answer 403. */
  productTokenNoRead: "sbx_product_noread_5a7c9e1b3d2f4068",
  matchingKey: "dm_live_sbx_4c8e2a6f1b9d3075e2c4",
  /** Superuser matching key: results carry `reasons`, `degraded` and `error`. */
  matchingSuperuserKey: "dm_live_sbx_su_7b1d5f9a3c8e2064d1",
  classificationUsername: "analyst@sandbox.local",
  classificationPassword: "sandbox-password",
  /** A free-tier user: instant classification answers 402 once its quota is used up. */
  classificationFreeUsername: "free@sandbox.local",
  classificationFreePassword: "sandbox-free",
  marketKey: "sbx_market_2d6f0a4c8e1b5937",
} as const;

export type SandboxCredentials = typeof SANDBOX_CREDENTIALS;

export const PRODUCT_TOKEN_SCOPES: Readonly<Record<string, readonly string[]>> = {
  [SANDBOX_CREDENTIALS.productToken]: PRODUCT_SCOPES_FULL,
  [SANDBOX_CREDENTIALS.productTokenBasic]: ["companies:read", "companies:classify"],
  [SANDBOX_CREDENTIALS.productTokenNoRead]: ["companies:classify"],
};

export const CLASSIFICATION_USERS: Readonly<Record<string, { password: string; freeTier: boolean }>> = {
  [SANDBOX_CREDENTIALS.classificationUsername]: {
    password: SANDBOX_CREDENTIALS.classificationPassword,
    freeTier: false,
  },
  [SANDBOX_CREDENTIALS.classificationFreeUsername]: {
    password: SANDBOX_CREDENTIALS.classificationFreePassword,
    freeTier: true,
  },
};

/** Signs the sandbox's login JWTs; a sandbox secret, not a real one. */
export const JWT_SECRET = "sandbox-jwt-signing-secret-not-for-production";

/** The six credentials of the start-up line, in its order. */
export function startupCredentials(): Record<string, string> {
  const c = SANDBOX_CREDENTIALS;
  return {
    productToken: c.productToken,
    productTokenBasic: c.productTokenBasic,
    matchingKey: c.matchingKey,
    classificationUsername: c.classificationUsername,
    classificationPassword: c.classificationPassword,
    marketKey: c.marketKey,
  };
}
