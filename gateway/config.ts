/**
 * The gateway's configuration, from the environment (and an optional JSON secrets file for the
 * team's service credentials). Upstream addresses come only from here, never from a request.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseRedisUrl } from "./redis-url";

export const SERVICES = ["product", "matching", "classification", "market"] as const;
export type Service = (typeof SERVICES)[number];

const url = z.string().url();

/** Keys fetched over plain http could be swapped on the way; loopback is allowed for tests. */
function httpsOrLoopback(value: string): boolean {
  const u = new URL(value);
  return (
    u.protocol === "https:" || (u.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname))
  );
}
const perMinute = z.coerce.number().int().positive();

export const GatewayConfigSchema = z.object({
  host: z.string().default("127.0.0.1"),
  port: z.coerce.number().int().min(0).default(8080),
  upstreams: z.object({ product: url, matching: url, classification: url, market: url }),
  credentials: z.object({
    productToken: z.string().min(1),
    matchingKey: z.string().min(1),
    marketKey: z.string().min(1),
    classificationUsername: z.string().min(1),
    classificationPassword: z.string().min(1),
  }),
  /** Without it, the limiter and cache live in this process only. One server, Sentinel or Cluster (redis-url.ts). */
  redisUrl: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseRedisUrl(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .optional(),
  keysFile: z.string().default("gateway-keys.json"),
  cacheTtlSeconds: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3600),
  /** Requests per window and upstream, shared by every replica and user. */
  limits: z.object({ product: perMinute, matching: perMinute, classification: perMinute, market: perMinute }),
  /** The limits' window; a minute, as the services count. */
  windowSeconds: z.coerce.number().positive().default(60),
  /** Requests waiting (beyond the sends free now) for one upstream, across users, beyond which a new one gets 429. */
  queueBound: z.coerce.number().int().positive().default(5000),
  /** Requests one user may have waiting for one upstream. */
  userQueueBound: z.coerce.number().int().positive().default(500),
  /** The longest a request waits for its turn (expected or real) before it is answered 429. */
  queueWaitSeconds: z.coerce.number().positive().default(60),
  /** Replicas sharing the quota: while Redis is unreachable each sends at most its share. */
  replicas: z.coerce.number().int().positive().default(1),
  /** Memory mode: the file where the quota's send log is kept across restarts (beside the keys file by default). */
  quotaFile: z.string().optional(),
  /** Without Redis: the file the team's decisions are kept in (beside the keys file by default). */
  decisionsFile: z.string().optional(),
  /** Decisions one user may record a minute. */
  decisionWritesPerMinute: z.coerce.number().int().positive().default(60),
  /** 50,000 numbers (the contract's inline bound) and their JSON fit with room to spare. */
  bodyLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Until the request's headers have arrived, and until the whole request (body included) has. */
  headersTimeoutMs: z.coerce.number().int().positive().default(10_000),
  requestTimeoutMs: z.coerce.number().int().positive().default(30_000),
  /** A cap on every operation's own upstream time limit (operations.ts: match 120 s, the others 60 s). */
  upstreamTimeoutMs: z.coerce.number().int().positive().optional(),
  /** The in-process cache tier's bound. */
  memoryCacheBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  /** Bearer token for /metrics; without one, /metrics is not served. */
  metricsToken: z.string().min(16).optional(),
  /** The product token's optional scopes, stated by the operator; otherwise learned from the service's answers. */
  productScopes: z.array(z.string().min(1)).optional(),
  /** The add-in's origin: the only one CORS allows. */
  allowedOrigin: z.string().optional(),
  distDir: z.string().default("dist"),
  /** Microsoft Entra ID single sign-on: tokens verified against this JWKS. */
  entra: z
    .object({
      jwksUrl: url.refine(httpsOrLoopback, "ENTRA_JWKS_URL must be https: (plain http only on a loopback address)"),
      issuer: z.string().min(1),
      audience: z.string().min(1),
      tenants: z.array(z.string().regex(/^[\w.-]+$/, "a tenant is an id or domain, without spaces")).min(1),
    })
    .optional(),
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;
export type GatewayConfigInput = z.input<typeof GatewayConfigSchema>;

/** A file the gateway keeps beside the keys file unless told otherwise (the quota log, the decisions). */
export const besideKeys = (config: Pick<GatewayConfig, "keysFile">, name: string) =>
  path.join(path.dirname(path.resolve(config.keysFile)), name);

const DEFAULT_LIMITS = { product: 200, matching: 60, classification: 5, market: 60 };

/** The configuration from the environment; team credentials may come from `GATEWAY_SECRETS_FILE` instead. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const secrets = env.GATEWAY_SECRETS_FILE
    ? (JSON.parse(readFileSync(env.GATEWAY_SECRETS_FILE, "utf8")) as object)
    : {};
  const entra = env.ENTRA_JWKS_URL
    ? {
        jwksUrl: env.ENTRA_JWKS_URL,
        issuer: env.ENTRA_ISSUER,
        audience: env.ENTRA_AUDIENCE,
        tenants: (env.ENTRA_TENANTS ?? "")
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      }
    : undefined;
  return GatewayConfigSchema.parse({
    host: env.GATEWAY_HOST,
    port: env.GATEWAY_PORT,
    upstreams: {
      product: env.UPSTREAM_PRODUCT,
      matching: env.UPSTREAM_MATCHING,
      classification: env.UPSTREAM_CLASSIFICATION,
      market: env.UPSTREAM_MARKET,
    },
    credentials: {
      productToken: env.PRODUCT_TOKEN,
      matchingKey: env.MATCHING_KEY,
      marketKey: env.MARKET_KEY,
      classificationUsername: env.CLASSIFICATION_USERNAME,
      classificationPassword: env.CLASSIFICATION_PASSWORD,
      ...secrets,
    },
    redisUrl: env.REDIS_URL,
    keysFile: env.GATEWAY_KEYS_FILE,
    cacheTtlSeconds: env.CACHE_TTL_SECONDS,
    limits: {
      product: env.LIMIT_PRODUCT ?? DEFAULT_LIMITS.product,
      matching: env.LIMIT_MATCHING ?? DEFAULT_LIMITS.matching,
      classification: env.LIMIT_CLASSIFICATION ?? DEFAULT_LIMITS.classification,
      market: env.LIMIT_MARKET ?? DEFAULT_LIMITS.market,
    },
    queueBound: env.QUEUE_BOUND,
    userQueueBound: env.USER_QUEUE_BOUND,
    queueWaitSeconds: env.QUEUE_WAIT_SECONDS,
    replicas: env.GATEWAY_REPLICAS,
    quotaFile: env.GATEWAY_QUOTA_FILE,
    decisionsFile: env.DECISIONS_FILE,
    decisionWritesPerMinute: env.DECISION_WRITES_PER_MINUTE,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    memoryCacheBytes: env.MEMORY_CACHE_BYTES,
    metricsToken: env.METRICS_TOKEN,
    productScopes: env.PRODUCT_SCOPES?.split(/[\s,]+/).filter(Boolean),
    allowedOrigin: env.ALLOWED_ORIGIN,
    distDir: env.DIST_DIR,
    entra,
  });
}
