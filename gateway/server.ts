/**
 * The team gateway: serves the built add-in, signs users in (gateway keys or Entra ID tokens), and
 * forwards `/api/{product,matching,classification,market}/…` to the upstreams with the team's
 * credentials, under one quota per upstream shared by every replica, answering company records
 * and matches from a shared cache so ten analysts' refreshes cost one.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import cors from "@fastify/cors";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import pino, { type DestinationStream } from "pino";
import { AuthError, createAuthenticator } from "./auth";
import { InFlight, memoryCache, redisCache, type SharedCache } from "./cache";
import { SERVICES, type GatewayConfig, type Service } from "./config";
import { KeyStore } from "./keys";
import { FairLimiter, QueueFullError } from "./limiter";
import { GatewayMetrics } from "./metrics";
import { Upstreams, type UpstreamAnswer, type UpstreamCall } from "./upstream";

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

/** Content Security Policy of the served pages: our own scripts and Office's, nothing else. */
const CSP = [
  "default-src 'self'",
  "script-src 'self' https://appsforoffice.microsoft.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors https://*.office.com https://*.officeapps.live.com https://*.microsoft.com",
].join("; ");
/** Webpack's content hashes: such a file never changes under its name. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|svg)$/;
const COMPANIES_PATH = "/v2/companies";
const MATCH_PATH = "/api/v1/match";

const errorBody = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).type("application/json").send({ error, message });

export async function startGateway(config: GatewayConfig, deps: GatewayDeps = {}): Promise<RunningGateway> {
  const log = pino({ level: "info", base: { app: "ukco-gateway" } }, deps.logStream ?? process.stdout);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        retryStrategy: (times) => Math.min(times * 200, 2000),
      })
    : undefined;
  let redisShared = Boolean(redis);
  redis?.on("ready", () => {
    if (!redisShared) log.warn({ redis: "ok" }, "Redis is back: quota and cache are shared again");
    redisShared = true;
  });
  redis?.on("error", () => {
    if (redisShared) log.warn({ redis: "down" }, "Redis is unreachable: per-process limits, no shared cache");
    redisShared = false;
  });

  // Start in shared mode: until Redis is ready each replica would count against its own limit.
  if (redis && redis.status !== "ready")
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      redis.once("ready", () => (clearTimeout(timer), resolve()));
    });

  const metrics = new GatewayMetrics();
  const keys = new KeyStore(config.keysFile);
  const authenticate = createAuthenticator(config, keys);
  const upstreams = new Upstreams(config);
  const cache: SharedCache = redis ? redisCache(redis, config.cacheTtlSeconds) : memoryCache(config.cacheTtlSeconds);
  const inFlight = new InFlight<UpstreamAnswer>();
  const limiters = Object.fromEntries(
    SERVICES.map((s) => [s, new FairLimiter(s, config.limits[s], config.windowSeconds, config.queueBound, redis)]),
  ) as Record<Service, FairLimiter>;
  metrics.watchQueues(limiters);

  /** One upstream call under the shared quota, merged with identical calls in flight, audited. */
  async function governed(user: string, call: UpstreamCall, numbers = 0): Promise<UpstreamAnswer> {
    const key = `${call.service} ${call.method} ${call.path} ${call.body ?? ""}`;
    return inFlight.run(key, async () => {
      await limiters[call.service].acquire(user);
      const started = Date.now();
      const answer = await upstreams.send(call);
      const ms = Date.now() - started;
      metrics.upstream(call.service, answer.status, ms);
      log.info(
        {
          audit: true,
          user,
          service: call.service,
          operation: `${call.method} ${call.path.split("?")[0]}`,
          numbers,
          status: answer.status,
          ms,
        },
        "upstream call",
      );
      return answer;
    });
  }

  const app = Fastify({ loggerInstance: log, bodyLimit: config.bodyLimitBytes, disableRequestLogging: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  if (config.allowedOrigin) await app.register(cors, { origin: config.allowedOrigin, exposedHeaders: ["Retry-After"] });

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
    const upstream = Object.fromEntries(
      await Promise.all(SERVICES.map(async (s) => [s, (await upstreams.reachable(s)) ? "ok" : "down"])),
    );
    const redisState = !redis ? "memory" : redis.status === "ready" ? "ok" : "down";
    const upstreamsOk = Object.values(upstream).every((s) => s === "ok");
    const status = !upstreamsOk ? "not-ready" : redisState === "down" ? "degraded" : "ready";
    return reply.code(upstreamsOk ? 200 : 503).send({ status, redis: redisState, upstreams: upstream });
  });
  app.get("/metrics", async (_req, reply) => reply.type(metrics.contentType).send(await metrics.text()));

  app.all("/api/:service/*", async (req: FastifyRequest<{ Params: { service: string } }>, reply) => {
    const service = req.params.service as Service;
    if (!SERVICES.includes(service))
      return errorBody(reply, 404, "not-found", `No service called ${req.params.service}.`);
    let user: string;
    try {
      user = await authenticate(req.headers.authorization);
    } catch (error) {
      if (error instanceof AuthError) return errorBody(reply, 401, error.reason, error.message);
      throw error;
    }
    const call: UpstreamCall = {
      service,
      method: req.method,
      path: req.url.slice(`/api/${service}`.length),
      body: typeof req.body === "string" ? req.body : undefined,
      contentType: req.headers["content-type"],
    };
    const refresh = req.headers["x-ukco-refresh"] === "1";
    try {
      const answer =
        service === "product" && call.method === "POST" && call.path === COMPANIES_PATH
          ? await companies(user, call, refresh)
          : service === "matching" && call.method === "POST" && call.path === MATCH_PATH
            ? await match(user, call, refresh)
            : await governed(user, call);
      if (answer.retryAfter) void reply.header("retry-after", answer.retryAfter);
      return reply
        .code(answer.status)
        .type(answer.contentType ?? "application/json")
        .send(answer.body);
    } catch (error) {
      if (error instanceof QueueFullError) {
        void reply.header("retry-after", String(error.retryAfterSeconds));
        return errorBody(
          reply,
          429,
          "queue-full",
          `The gateway's queue for the ${service} service is full; try again later.`,
        );
      }
      throw error;
    }
  });

  /** Company records by number: hits from the shared cache, only the misses forwarded, in the asked order. */
  async function companies(user: string, call: UpstreamCall, refresh: boolean): Promise<UpstreamAnswer> {
    const numbers = numbersOnly(call.body);
    if (!numbers) return governed(user, call);
    const hits = refresh ? new Map<string, string>() : await cache.getMany("co", numbers);
    metrics.cache(hits.size, numbers.length - hits.size);
    const misses = numbers.filter((n) => !hits.has(n));
    let envelope: Record<string, unknown> = JSON.parse(
      (await cache.getMany("co-envelope", ["last"])).get("last") ?? "{}",
    );
    const fetched = new Map<string, unknown>();
    if (misses.length > 0) {
      const body = JSON.stringify({ CompanyNumbers: misses, returnCount: misses.length, skip: 0 });
      const answer = await governed(user, { ...call, body, contentType: "application/json" }, misses.length);
      if (answer.status !== 200) return answer;
      const parsed = JSON.parse(answer.body) as Record<string, unknown> & {
        companies?: Array<Record<string, unknown>>;
      };
      const { companies: records = [], ...rest } = parsed;
      envelope = rest;
      for (const record of records)
        if (typeof record.CompanyNumber === "string") fetched.set(record.CompanyNumber, record);
      await cache.setMany("co", new Map([...fetched].map(([n, r]) => [n, JSON.stringify(r)])));
      await cache.setMany("co-envelope", new Map([["last", JSON.stringify(rest)]]));
    }
    // Cached records are spliced in as the JSON they were stored as: a hit costs no parse.
    const records = numbers.flatMap((n) => {
      const hit = hits.get(n);
      if (hit) return [hit];
      return fetched.has(n) ? [JSON.stringify(fetched.get(n))] : [];
    });
    const head = JSON.stringify({ ...envelope, companies: [] }).slice(0, -2);
    return {
      status: 200,
      contentType: "application/json",
      retryAfter: undefined,
      body: `${head}${records.join(",")}]}`,
    };
  }

  /** A single match, cached by its normalised input. */
  async function match(user: string, call: UpstreamCall, refresh: boolean): Promise<UpstreamAnswer> {
    const key = matchKey(call.body);
    if (!key) return governed(user, call);
    const hit = refresh ? undefined : (await cache.getMany("match", [key])).get(key);
    metrics.cache(hit ? 1 : 0, hit ? 0 : 1);
    if (hit) return { status: 200, contentType: "application/json", retryAfter: undefined, body: hit };
    const answer = await governed(user, call);
    if (answer.status === 200) await cache.setMany("match", new Map([[key, answer.body]]));
    return answer;
  }

  if (existsSync(path.resolve(config.distDir))) {
    await app.register(fastifyStatic, {
      root: path.resolve(config.distDir),
      cacheControl: false,
      setHeaders: (res, file) => {
        const raw = res as unknown as { setHeader(name: string, value: string): void };
        raw.setHeader("cache-control", HASHED.test(file) ? "public, max-age=31536000, immutable" : "no-cache");
        if (file.endsWith(".html")) raw.setHeader("content-security-policy", CSP);
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
      await app.close();
      redis?.disconnect();
    },
  };
}

/** The numbers of a body that asks for companies by number and nothing else; undefined otherwise. */
function numbersOnly(body: string | undefined): string[] | undefined {
  try {
    const parsed = JSON.parse(body ?? "") as Record<string, unknown>;
    const keys = Object.keys(parsed);
    if (!keys.every((k) => ["CompanyNumbers", "returnCount", "skip"].includes(k))) return undefined;
    if ((parsed.skip ?? 0) !== 0 || !Array.isArray(parsed.CompanyNumbers)) return undefined;
    const numbers = [...new Set(parsed.CompanyNumbers.filter((n): n is string => typeof n === "string"))];
    if (typeof parsed.returnCount === "number" && parsed.returnCount < numbers.length) return undefined;
    return numbers;
  } catch {
    return undefined;
  }
}

/** A match request normalised as the matcher reads it: case and spacing do not change the answer. */
function matchKey(body: string | undefined): string | undefined {
  try {
    const parsed = JSON.parse(body ?? "") as Record<string, unknown>;
    const norm = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim().toUpperCase() : "");
    if (!norm(parsed.input_name)) return undefined;
    return JSON.stringify(
      ["input_name", "postcode", "website", "address", "sic_code", "date_hint"].map((k) => norm(parsed[k])),
    );
  } catch {
    return undefined;
  }
}
