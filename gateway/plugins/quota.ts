/**
 * The services' quotas: one fair queue per service (limiter.ts) over its sliding window, shared by
 * every replica through Redis (quota.ts), and the governed call every route makes through them
 * (`app.calls`, governed.ts). A request the queue cannot take is a 429 with Retry-After
 * (routes/errors.ts says it).
 */
import fp from "fastify-plugin";
import type { Logger } from "pino";
import { besideKeys, SERVICES, type GatewayConfig, type Service } from "../config";
import { GovernedCalls } from "../governed";
import { FairLimiter } from "../limiter";
import type { GatewayMetrics } from "../metrics";
import { Quota } from "../quota";
import type { RedisClient } from "../redis-client";
import type { Upstreams } from "../upstream";

declare module "fastify" {
  interface FastifyInstance {
    calls: GovernedCalls;
  }
}

export interface QuotaOptions {
  config: GatewayConfig;
  redis: RedisClient | undefined;
  upstreams: Upstreams;
  metrics: GatewayMetrics;
  log: Logger;
}

export const quota = fp<QuotaOptions>(
  async (app, { config, redis, upstreams, metrics, log }) => {
    const bounds = {
      global: config.queueBound,
      perUser: config.userQueueBound,
      maxWaitMs: config.queueWaitSeconds * 1000,
    };
    const limiters = Object.fromEntries(
      SERVICES.map((s) => {
        const window = new Quota({
          service: s,
          limit: config.limits[s],
          windowSeconds: config.windowSeconds,
          replicas: config.replicas,
          ...(redis ? { redis } : {}),
          file: config.quotaFile ?? besideKeys(config, "gateway-quota.json"),
        });
        return [s, new FairLimiter(window, bounds)];
      }),
    ) as Record<Service, FairLimiter>;
    metrics.watchQueues(limiters);
    app.decorate("calls", new GovernedCalls(upstreams, limiters, metrics, log));
  },
  { name: "ukco-quota" },
);
