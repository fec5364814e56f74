/**
 * The gateway's configuration, from the environment (and an optional JSON secrets file for the
 * team's service credentials). Upstream addresses come only from here, never from a request.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

export const SERVICES = ["product", "matching", "classification", "market"] as const;
export type Service = (typeof SERVICES)[number];

const url = z.string().url();
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
  /** Without it, the limiter and cache live in this process only. */
  redisUrl: z.string().optional(),
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
  /** Requests waiting for one upstream beyond which a new one gets 429 with Retry-After. */
  queueBound: z.coerce.number().int().positive().default(5000),
  bodyLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** The add-in's origin: the only one CORS allows. */
  allowedOrigin: z.string().optional(),
  distDir: z.string().default("dist"),
  /** Microsoft Entra ID single sign-on: tokens verified against this JWKS. */
  entra: z
    .object({
      jwksUrl: url,
      issuer: z.string().min(1),
      audience: z.string().min(1),
      tenants: z.array(z.string().min(1)).min(1),
    })
    .optional(),
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;
export type GatewayConfigInput = z.input<typeof GatewayConfigSchema>;

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
        tenants: (env.ENTRA_TENANTS ?? "").split(",").filter(Boolean),
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
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    allowedOrigin: env.ALLOWED_ORIGIN,
    distDir: env.DIST_DIR,
    entra,
  });
}
