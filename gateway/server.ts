/**
 * The team gateway: serves the built add-in, signs users in (gateway keys or Entra ID tokens), and
 * forwards the services' own operations (operations.ts) with the team's credentials, under one
 * fair quota per service shared by every replica, answering company records and matches from a
 * cache kept per credential so ten analysts' refreshes cost one.
 *
 * Limits of the front: header and whole-request timeouts (a slow sender is cut off), a body
 * limit, sign-in before any body is read (api.ts), `/metrics` only with its own token.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import cors from "@fastify/cors";
import fastifyStatic from "@fastify/static";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import pino, { type DestinationStream } from "pino";
import { errorBody, registerApi } from "./api";
import { createIdentifier } from "./auth";
import { digest, TieredCache } from "./cache";
import { CompanyRecords } from "./companies";
import { besideKeys, SERVICES, type GatewayConfig, type Service } from "./config";
import { companyCheck } from "./decisions/company-check";
import { FileDecisionStore } from "./decisions/file-store";
import { RedisDecisionStore } from "./decisions/redis-store";
import { TeamDecisions } from "./decisions/team-decisions";
import { WriteLimit } from "./decisions/write-limit";
import { registerFrontPage } from "./front-page";
import { GovernedCalls } from "./governed";
import { JobOwners } from "./jobs";
import { KeyStore } from "./keys";
import { FairLimiter } from "./limiter";
import { Matches } from "./match";
import { operationCall } from "./operations";
import { GatewayMetrics } from "./metrics";
import { Quota } from "./quota";
import { Readiness } from "./readiness";
import { closeRedisClient, createRedisClient } from "./redis-client";
import { Upstreams } from "./upstream";

export interface GatewayDeps {
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: DestinationStream;
}

export interface RunningGateway {
  app: ReturnType<typeof Fastify>;
  origin: string;
  metrics: GatewayMetrics;
  close(): Promise<void>;
}

/**
 * Content Security Policy of the served pages: our own scripts and Office's, nothing else. With
 * single sign-on, also the directory's sign-in (ENTRA_ISSUER's origin) as MSAL.js meets it in Excel
 * on the web: its token requests, and its silent sign-in in a hidden frame, which ends on the
 * add-in's own sign-in page, framed by the pane ('self' among the ancestors).
 */
export function pagesPolicy(entraIssuer?: string): string {
  const entra = entraIssuer ? ` ${new URL(entraIssuer).origin}` : "";
  return [
    "default-src 'self'",
    "script-src 'self' https://appsforoffice.microsoft.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${entra}`,
    `frame-src 'self' https://*.officeapps.live.com https://*.office.com${entra}`,
    "frame-ancestors 'self' https://*.office.com https://*.officeapps.live.com https://*.microsoft.com",
  ].join("; ");
}
/** Webpack's content hashes: such a file never changes under its name. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|svg)$/;
/** The job owners' own tier: never pushed out by company records. */
const JOB_CACHE_BYTES = 16 * 1024 * 1024;

export async function startGateway(config: GatewayConfig, deps: GatewayDeps = {}): Promise<RunningGateway> {
  const log = pino({ level: "info", base: { app: "ukco-gateway" } }, deps.logStream ?? process.stdout);
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : undefined;
  let redisShared = Boolean(redis);
  redis?.on("ready", () => {
    if (!redisShared) log.warn({ redis: "ok" }, "Redis is back: quota and cache are shared again");
    redisShared = true;
  });
  let closing = false;
  const lost = () => {
    if (redisShared && !closing)
      log.warn({ redis: "down" }, "Redis is unreachable: per-process limits, no shared cache");
    redisShared = false;
  };
  redis?.on("error", lost);
  // A dead primary, or a client that gave up on a Redis that stopped answering, closes with no error.
  redis?.on("close", lost);

  // Start in shared mode: until Redis is ready each replica would count against its own limit.
  if (redis && redis.status !== "ready")
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      redis.once("ready", () => (clearTimeout(timer), resolve()));
    });

  const metrics = new GatewayMetrics();
  const keys = new KeyStore(config.keysFile);
  const identify = createIdentifier(config, keys);
  const upstreams = new Upstreams(config);
  const cache = new TieredCache(config.memoryCacheBytes, config.cacheTtlSeconds, redis);
  const limiters = Object.fromEntries(
    SERVICES.map((s) => {
      const quota = new Quota({
        service: s,
        limit: config.limits[s],
        windowSeconds: config.windowSeconds,
        replicas: config.replicas,
        ...(redis ? { redis } : {}),
        file: config.quotaFile ?? besideKeys(config, "gateway-quota.json"),
      });
      const bounds = {
        global: config.queueBound,
        perUser: config.userQueueBound,
        maxWaitMs: config.queueWaitSeconds * 1000,
      };
      return [s, new FairLimiter(quota, bounds)];
    }),
  ) as Record<Service, FairLimiter>;
  metrics.watchQueues(limiters);
  metrics.watchCache(() => cache.memoryBytes);
  const calls = new GovernedCalls(upstreams, limiters, metrics, log);
  // Answers are kept per upstream credential: another token (another team, another scope) never reads them.
  const c = config.credentials;
  const productScope = digest(`product\n${c.productToken}`);
  const matchingScope = digest(`matching\n${c.matchingKey}`);
  const readiness = new Readiness(upstreams, log);

  const app = Fastify({
    loggerInstance: log,
    bodyLimit: config.bodyLimitBytes,
    logController: new LogController({ disableRequestLogging: true }),
    serverFactory: (handler) =>
      createServer(
        {
          headersTimeout: config.headersTimeoutMs,
          requestTimeout: config.requestTimeoutMs,
          // How often Node checks the two timeouts above (its default, 30 s, would let a slow sender stay).
          connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
        },
        handler,
      ),
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  if (config.allowedOrigin)
    await app.register(cors, {
      origin: config.allowedOrigin,
      exposedHeaders: ["Retry-After", "x-ukco-scopes", "x-ukco-left-out", "x-ukco-fields"],
    });

  // Before the not-found handler: its hooks are only those registered before it.
  // Fastify's instance type carries pino's logger type; the API needs only the base instance.
  const companies = new CompanyRecords(calls, cache, productScope, config.productScopes, config.memoryCacheBytes / 2);
  const decisions = new TeamDecisions(
    redis
      ? new RedisDecisionStore(redis)
      : new FileDecisionStore(config.decisionsFile ?? besideKeys(config, "gateway-decisions.json"), (m) => log.warn(m)),
    companyCheck(companies, operationCall(config, "product", "listCompanies"), cache, productScope),
    new WriteLimit(config.decisionWritesPerMinute, redis),
    config.decisionWritesPerMinute,
    log,
  );
  registerApi(app as unknown as FastifyInstance, {
    config,
    log,
    identify,
    calls,
    companies,
    matches: new Matches(calls, cache, matchingScope),
    jobs: new JobOwners(new TieredCache(JOB_CACHE_BYTES, config.cacheTtlSeconds, redis), matchingScope),
    decisions,
  });

  app.addHook("onResponse", async (req, reply) => metrics.request(req.routeOptions.url ?? "unknown", reply.statusCode));
  app.setErrorHandler((error: { statusCode?: number; message: string }, _req, reply) => {
    if (error.statusCode === 413) return errorBody(reply, 413, "body-too-large", "The request body is too large.");
    log.error({ err: error.message }, "gateway error");
    return errorBody(reply, error.statusCode ?? 500, "gateway-error", "The gateway could not handle this request.");
  });
  app.setNotFoundHandler((req, reply) =>
    errorBody(reply, 404, "not-found", `No gateway route for ${req.method} ${req.url.split("?")[0]}.`),
  );

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    const upstream = await readiness.states();
    const redisState = !redis ? "memory" : redis.status === "ready" ? "ok" : "down";
    const upstreamsOk = Object.values(upstream).every((s) => s === "ok");
    const status = !upstreamsOk ? "not-ready" : redisState === "down" ? "degraded" : "ready";
    return reply.code(upstreamsOk ? 200 : 503).send({ status, redis: redisState, upstreams: upstream });
  });
  app.get("/metrics", async (req, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!config.metricsToken) return errorBody(reply, 404, "not-found", "Metrics are off: set METRICS_TOKEN.");
    if (token !== config.metricsToken)
      return errorBody(reply, 401, "metrics-token", "/metrics needs the metrics token.");
    return reply.type(metrics.contentType).send(await metrics.text());
  });

  const built = existsSync(path.resolve(config.distDir));
  const csp = pagesPolicy(config.entra?.issuer);
  registerFrontPage(app as unknown as FastifyInstance, { distDir: config.distDir, built, csp });
  if (built) {
    await app.register(fastifyStatic, {
      root: path.resolve(config.distDir),
      cacheControl: false,
      setHeaders: (res, file) => {
        const raw = res as unknown as { setHeader(name: string, value: string): void };
        raw.setHeader("cache-control", HASHED.test(file) ? "public, max-age=31536000, immutable" : "no-cache");
        if (file.endsWith(".html")) raw.setHeader("content-security-policy", csp);
      },
    });
  }

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const origin = `http://${config.host}:${typeof address === "object" && address ? address.port : config.port}`;
  log.info({ origin, redis: redis ? "shared" : "memory" }, "gateway listening");
  return {
    app,
    origin,
    metrics,
    close: async () => {
      closing = true;
      await app.close();
      if (redis) closeRedisClient(redis);
    },
  };
}
