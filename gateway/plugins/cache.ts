/**
 * The team's answers, kept so ten analysts' refreshes cost one: company records and matches in a
 * tiered cache (cache.ts: lru-cache in process, Redis across replicas), each kept per upstream
 * credential (another token, another team or scope, never reads them), and who submitted each
 * batch job in a tier of its own. Routes read them as `app.companies`, `app.matches`, `app.jobs`.
 */
import fp from "fastify-plugin";
import { digest, TieredCache } from "../cache";
import { CompanyRecords } from "../companies";
import type { GatewayConfig } from "../config";
import { JobOwners } from "../jobs";
import { Matches } from "../match";
import type { GatewayMetrics } from "../metrics";
import type { RedisClient } from "../redis-client";

declare module "fastify" {
  interface FastifyInstance {
    cache: TieredCache;
    companies: CompanyRecords;
    matches: Matches;
    jobs: JobOwners;
    /** The cache scope of the product credential (companyCheck reads records under it). */
    productScope: string;
  }
}

/** The job owners' own tier: never pushed out by company records. */
const JOB_CACHE_BYTES = 16 * 1024 * 1024;

export interface CacheOptions {
  config: GatewayConfig;
  redis: RedisClient | undefined;
  metrics: GatewayMetrics;
}

export const answerCache = fp<CacheOptions>(
  async (app, { config, redis, metrics }) => {
    const cache = new TieredCache(config.memoryCacheBytes, config.cacheTtlSeconds, redis);
    metrics.watchCache(() => cache.memoryBytes);
    const c = config.credentials;
    const productScope = digest(`product\n${c.productToken}`);
    const matchingScope = digest(`matching\n${c.matchingKey}`);
    app.decorate("cache", cache);
    app.decorate("productScope", productScope);
    app.decorate(
      "companies",
      new CompanyRecords(app.calls, cache, productScope, config.productScopes, config.memoryCacheBytes / 2),
    );
    app.decorate("matches", new Matches(app.calls, cache, matchingScope));
    app.decorate("jobs", new JobOwners(new TieredCache(JOB_CACHE_BYTES, config.cacheTtlSeconds, redis), matchingScope));
  },
  { name: "ukco-answer-cache", dependencies: ["ukco-quota"] },
);
