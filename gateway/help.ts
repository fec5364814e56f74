/**
 * What `npm run gateway -- --help` prints: the commands, and every environment variable the
 * configuration reads (config.ts) with its meaning and default. config.ts reads the environment
 * by name, so this table is kept beside it by hand; a test checks that every variable it reads
 * is here and that the defaults shown are the ones it applies.
 */

export interface HelpVariable {
  name: string;
  meaning: string;
  /** What applies when it is not set, in words an operator reads. */
  fallback: string;
}

export const HELP_VARIABLES: readonly HelpVariable[] = [
  { name: "GATEWAY_HOST", meaning: "the address to listen on", fallback: "127.0.0.1" },
  { name: "GATEWAY_PORT", meaning: "the port to listen on", fallback: "8080" },
  {
    name: "UPSTREAM_PRODUCT",
    meaning: "the product API's base URL (ends in /api)",
    fallback: "required",
  },
  { name: "UPSTREAM_MATCHING", meaning: "the matching service's base URL", fallback: "required" },
  {
    name: "UPSTREAM_CLASSIFICATION",
    meaning: "the instant classification service's base URL",
    fallback: "required",
  },
  { name: "UPSTREAM_MARKET", meaning: "the multi-market service's base URL", fallback: "required" },
  {
    name: "PRODUCT_TOKEN",
    meaning: "the team's product API bearer token",
    fallback: "required (or in the secrets file)",
  },
  { name: "MATCHING_KEY", meaning: "the team's matching API key", fallback: "required (or in the secrets file)" },
  { name: "MARKET_KEY", meaning: "the team's multi-market API key", fallback: "required (or in the secrets file)" },
  {
    name: "CLASSIFICATION_USERNAME",
    meaning: "the team's classification login name",
    fallback: "required (or in the secrets file)",
  },
  {
    name: "CLASSIFICATION_PASSWORD",
    meaning: "the team's classification password",
    fallback: "required (or in the secrets file)",
  },
  {
    name: "GATEWAY_SECRETS_FILE",
    meaning:
      "a JSON file with productToken, matchingKey, marketKey, classificationUsername, classificationPassword (its values win over the variables above)",
    fallback: "none",
  },
  {
    name: "REDIS_URL",
    meaning:
      "Redis holding the quota and cache every replica shares: redis://[:password@]host:6379, or Sentinel redis-sentinel://[:password@]h1:26379,h2:26379/mymaster[?sentinelPassword=…], or Cluster redis-cluster://[:password@]h1:6379,h2:6379",
    fallback: "none: the quota and cache live in this process only",
  },
  {
    name: "GATEWAY_KEYS_FILE",
    meaning: "the hashed personal keys (kept 0600, replaced atomically, reread when it changes)",
    fallback: "gateway-keys.json",
  },
  { name: "LIMIT_PRODUCT", meaning: "product API requests a minute, for the whole team", fallback: "200" },
  { name: "LIMIT_MATCHING", meaning: "matching requests a minute, for the whole team", fallback: "60" },
  { name: "LIMIT_CLASSIFICATION", meaning: "classification requests a minute, for the whole team", fallback: "5" },
  { name: "LIMIT_MARKET", meaning: "multi-market requests a minute, for the whole team", fallback: "60" },
  {
    name: "QUEUE_BOUND",
    meaning:
      "requests waiting for one service (beyond the sends free now), across users, beyond which a user who already has one waiting gets 429 with Retry-After",
    fallback: "5000",
  },
  {
    name: "QUEUE_WAIT_SECONDS",
    meaning:
      "the longest a request waits for its turn: one whose turn is expected later gets 429 with Retry-After at once, and one still waiting then gets it too",
    fallback: "60",
  },
  { name: "CACHE_TTL_SECONDS", meaning: "how long a company record or match stays cached", fallback: "86400" },
  { name: "BODY_LIMIT_BYTES", meaning: "the largest request body (50,000 numbers fit)", fallback: "1048576" },
  {
    name: "USER_QUEUE_BOUND",
    meaning: "requests one user may have waiting for one service",
    fallback: "500",
  },
  {
    name: "GATEWAY_REPLICAS",
    meaning: "how many replicas share the quota: while Redis is unreachable each sends at most limit / replicas",
    fallback: "1",
  },
  {
    name: "GATEWAY_QUOTA_FILE",
    meaning: "without Redis: where the quota's send log is kept, so a restart knows the last minute",
    fallback: "gateway-quota.json beside the keys file",
  },
  {
    name: "DECISIONS_FILE",
    meaning: "without Redis: where the team's decisions are kept (0600, replaced atomically, reread when it changes)",
    fallback: "gateway-decisions.json beside the keys file",
  },
  {
    name: "DECISION_WRITES_PER_MINUTE",
    meaning: "team decisions one user may record a minute (429 with Retry-After past it)",
    fallback: "60",
  },
  {
    name: "HEADERS_TIMEOUT_MS",
    meaning: "until a request's headers must have arrived (408 otherwise)",
    fallback: "10000",
  },
  {
    name: "REQUEST_TIMEOUT_MS",
    meaning: "until the whole request with its body must have arrived (408 otherwise)",
    fallback: "30000",
  },
  {
    name: "UPSTREAM_TIMEOUT_MS",
    meaning:
      "a cap on how long one service call may take (504 otherwise); each operation has its own limit: a single match 120 s, every other operation 60 s",
    fallback: "none: each operation's own limit",
  },
  {
    name: "MEMORY_CACHE_BYTES",
    meaning: "the in-process cache tier in front of Redis (least recently used first out)",
    fallback: "268435456",
  },
  {
    name: "METRICS_TOKEN",
    meaning: "bearer token for /metrics (16+ characters)",
    fallback: "none: /metrics is off",
  },
  {
    name: "PRODUCT_SCOPES",
    meaning: "the product token's scopes, stated (e.g. companies:read jobdata:read)",
    fallback: "none: learned from the service's own whole answers",
  },
  { name: "ALLOWED_ORIGIN", meaning: "the add-in's origin, the only one CORS allows", fallback: "none: no CORS" },
  { name: "DIST_DIR", meaning: "the built add-in to serve", fallback: "dist" },
  {
    name: "ENTRA_JWKS_URL",
    meaning: "Office single sign-on: the tenant's signing keys (https; setting it turns single sign-on on)",
    fallback: "none: single sign-on off, gateway keys only",
  },
  {
    name: "ENTRA_ISSUER",
    meaning: "single sign-on: the tokens' issuer (https://login.microsoftonline.com/<tenant>/v2.0)",
    fallback: "required with ENTRA_JWKS_URL",
  },
  {
    name: "ENTRA_AUDIENCE",
    meaning: "single sign-on: the gateway API's application id URI or client id",
    fallback: "required with ENTRA_JWKS_URL",
  },
  {
    name: "ENTRA_TENANTS",
    meaning: "single sign-on: comma-separated tenant ids allowed in",
    fallback: "required with ENTRA_JWKS_URL",
  },
];

const USAGE = `UK Companies team gateway: serves the add-in, holds the team's service keys, shares each
service's quota and a cache across users and replicas.

Usage:
  npm run gateway                         start it (configuration from the environment, below)
  npm run gateway -- keys add <name>      issue a personal key for <name> (shown once)
  npm run gateway -- keys list            who holds a key, and since when
  npm run gateway -- keys revoke <name>   revoke <name>'s key (counts at the next request)
  npm run gateway -- decisions list [--team T]
                                          the team's match decisions, the newest of each name
  npm run gateway -- decisions export [--team T] [--out FILE]
                                          as CSV: name, hints, company number, who, when
  npm run gateway -- decisions import FILE [--team T]
                                          each row a new decision (the history is kept)
  npm run gateway -- decisions delete NAME [--postcode P] [--website W] [--team T]
                                          a decision and its history
  (A team is "keys", the gateway's key holders, or "entra:<tenant id>". Redis when REDIS_URL is
  set, else DECISIONS_FILE.)
  npm run gateway -- --help               this text
(In the image: node gateway/dist/main.js with the same arguments.)`;

export function helpText(): string {
  const width = Math.max(...HELP_VARIABLES.map((v) => v.name.length));
  const rows = HELP_VARIABLES.map((v) => {
    const fallback = v.fallback.startsWith("required") ? v.fallback : `default: ${v.fallback}`;
    return `  ${v.name.padEnd(width)}  ${v.meaning}\n  ${" ".repeat(width)}  ${fallback}`;
  });
  return `${USAGE}\n\nConfiguration (environment variables):\n${rows.join("\n")}\n`;
}
