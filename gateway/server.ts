/**
 * The team gateway: serves the built add-in, signs users in (gateway keys or Entra ID tokens), and
 * forwards the services' own operations (operations.ts) with the team's credentials, under one
 * fair quota per service shared by every replica, answering company records and matches from a
 * cache kept per credential so ten analysts' refreshes cost one.
 *
 * Limits of the front: header and whole-request timeouts (a slow sender is cut off), a body
 * limit per route, sign-in before any body is read (routes/api.ts), `/metrics` only with its own
 * token. The `/api` routes, their plugins and hooks are routes/api.ts.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import cors from "@fastify/cors";
import fastifyStatic from "@fastify/static";
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from "fastify";
import pino, { type DestinationStream } from "pino";
import { createIdentifier } from "./auth";
import { besideKeys, type GatewayConfig } from "./config";
import { FileDecisionStore } from "./decisions/file-store";
import { RedisDecisionStore } from "./decisions/redis-store";
import { TeamDecisions } from "./decisions/team-decisions";
import { WriteLimit } from "./decisions/write-limit";
import { frontPage } from "./front-page";
import { KeyStore } from "./keys";
import { GatewayMetrics } from "./metrics";
import { API_PREFIX, MAX_PARAM_LENGTH } from "./operations";
import { Readiness } from "./readiness";
import { closeRedisClient, createRedisClient } from "./redis-client";
import { api } from "./routes/api";
import { errorBody, refusalOf } from "./routes/errors";
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
  const upstreams = new Upstreams(config);
  const readiness = new Readiness(upstreams, log);

  /** Fastify's own refusals and the routes' alike, in the gateway's one error shape (routes/errors.ts). */
  const onError = (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const refusal = refusalOf(error, req);
    if (!refusal) {
      log.error({ err: error.message }, "gateway error");
      return errorBody(reply, error.statusCode ?? 500, "gateway-error", "The gateway could not handle this request.");
    }
    if (req.identity) req.served ??= "refused";
    if (refusal.retryAfterSeconds !== undefined) void reply.header("retry-after", String(refusal.retryAfterSeconds));
    return errorBody(reply, refusal.status, refusal.error, refusal.message);
  };

  const app = Fastify({
    loggerInstance: log,
    bodyLimit: config.bodyLimitBytes,
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A schema refuses what it does not name (an unknown query name is 400), and changes nothing.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } },
    // A path that is not valid percent-encoding, or a parameter past its length, never reaches a route.
    frameworkErrors: (error, req, reply) => onError(error, req, reply),
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
  app.setErrorHandler(onError);
  app.setNotFoundHandler((req, reply) =>
    errorBody(reply, 404, "not-found", `No gateway route for ${req.method} ${req.url.split("?")[0]}.`),
  );
  app.addHook("onResponse", async (req, reply) => metrics.request(req.routeOptions.url ?? "unknown", reply.statusCode));
  if (config.allowedOrigin)
    await app.register(cors, {
      origin: config.allowedOrigin,
      exposedHeaders: ["Retry-After", "x-ukco-scopes", "x-ukco-left-out", "x-ukco-fields"],
    });

  const keys = new KeyStore(config.keysFile);
  const decisionStore = redis
    ? new RedisDecisionStore(redis)
    : new FileDecisionStore(config.decisionsFile ?? besideKeys(config, "gateway-decisions.json"), (m) => log.warn(m));
  await app.register(api, {
    prefix: API_PREFIX,
    config,
    log,
    redis,
    metrics,
    upstreams,
    identify: createIdentifier(config, keys),
    decisions: (check) =>
      new TeamDecisions(
        decisionStore,
        check,
        new WriteLimit(config.decisionWritesPerMinute, redis),
        config.decisionWritesPerMinute,
        log,
      ),
  });

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
  await app.register(frontPage, { distDir: config.distDir, built, csp });
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
