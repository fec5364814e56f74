/**
 * The `/api/{service}/…` requests, and the team's own `/api/team/…` (decisions/routes.ts): routed
 * against the operation table (or the team's) and signed in before the body is read (onRequest),
 * then served once the body has arrived. Every user served gets an audit line saying how
 * (`upstream`, `merged`, `cache`, `partial-cache`, `decisions`, `recorded`, or `refused`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import { AuthError, type Identify, type Identity } from "./auth";
import { CompanyRecords, MAX_NUMBERS, numbersOnly } from "./companies";
import { readTeamBody, TEAM_PREFIX, teamRoute, type TeamRoute } from "./decisions/routes";
import { DecisionsUnavailable } from "./decisions/store";
import type { TeamDecisions } from "./decisions/team-decisions";
import { FIELDS_HEADER, fieldsAsked } from "./fields";
import type { GatewayConfig } from "./config";
import type { Asker, GovernedCalls } from "./governed";
import type { JobOwners } from "./jobs";
import { QueueFullError } from "./limiter";
import type { Matches } from "./match";
import { route, upstreamUrl, type MatchedOperation } from "./operations";
import type { UpstreamCall, UpstreamFailure } from "./upstream";

export interface ApiDeps {
  config: GatewayConfig;
  log: Logger;
  identify: Identify;
  calls: GovernedCalls;
  companies: CompanyRecords;
  matches: Matches;
  jobs: JobOwners;
  decisions: TeamDecisions;
}

interface ApiContext {
  user: string;
  identity: Identity;
  /** A service's operation, or a team route: one of the two. */
  matched?: MatchedOperation;
  team?: TeamRoute;
  abort: AbortController;
}

declare module "fastify" {
  interface FastifyRequest {
    ukco?: ApiContext;
  }
}

export const errorBody = (reply: FastifyReply, status: number, error: string, message: string, extra = {}) =>
  reply
    .code(status)
    .type("application/json")
    .send({ error, message, ...extra });

/** Targets the API hook reads: `/api…` however spelt, and anything not in origin form. */
export function isApiTarget(url: string): boolean {
  if (!url.startsWith("/")) return true;
  const path = url.split("?")[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return /^\/+api(\/|$)/i.test(path) || /^\/+api(\/|$)/i.test(decoded.replace(/\\/g, "/"));
}

/** The number of company numbers a body asks for, wherever a list of them sits at its top. */
function numbersAsked(body: unknown): number {
  if (typeof body !== "object" || body === null) return 0;
  const list = (body as Record<string, unknown>).CompanyNumbers;
  return Array.isArray(list) ? list.length : 0;
}

export function registerApi(app: FastifyInstance, deps: ApiDeps): void {
  const { log, identify, calls } = deps;

  const audit = (req: FastifyRequest, served: string, status: number, numbers = 0) => {
    const ctx = req.ukco;
    if (!ctx) return;
    log.info(
      {
        audit: true,
        user: ctx.user,
        service: ctx.matched?.operation.service ?? "team",
        operation: ctx.matched?.operation.name ?? ctx.team?.name,
        served,
        numbers,
        status,
      },
      "served",
    );
  };

  const refuseEarly = (reply: FastifyReply, status: number, error: string, message: string, extra = {}) => {
    // The body was never read: close rather than wait for the rest of an upload we refuse.
    void reply.header("connection", "close");
    return errorBody(reply, status, error, message, extra);
  };

  app.addHook("onRequest", async (req, reply) => {
    const raw = req.raw.url ?? "/";
    if (!isApiTarget(raw)) return;
    if (req.method === "OPTIONS" && deps.config.allowedOrigin) return;
    let identity: Identity;
    try {
      identity = await identify(req.headers.authorization);
    } catch (error) {
      if (error instanceof AuthError) return refuseEarly(reply, 401, error.reason, error.message);
      throw error;
    }
    const team = raw.startsWith(TEAM_PREFIX);
    const routed = team ? teamRoute(req.method, raw) : route(req.method, raw);
    if (!routed.ok) {
      if (routed.allow) void reply.header("allow", routed.allow);
      return refuseEarly(reply, routed.status, routed.error, routed.message);
    }
    const abort = new AbortController();
    // The client going before its answer takes its request out of the queue.
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    req.ukco = {
      user: identity.user,
      identity,
      ...("route" in routed ? { team: routed.route } : { matched: routed.matched }),
      abort,
    };
  });

  /** A team route: its body checked by its schema, then its handler (decisions/routes.ts). */
  const serveTeam = async (req: FastifyRequest, reply: FastifyReply, ctx: ApiContext, teamRoute: TeamRoute) => {
    const read = readTeamBody(teamRoute, typeof req.body === "string" ? req.body : undefined);
    if (!read.ok) {
      audit(req, "refused", 400);
      return errorBody(reply, 400, "bad-request", read.message);
    }
    try {
      const answer = await teamRoute.handle(deps.decisions, ctx.identity, read.body as never, ctx.abort.signal);
      audit(req, answer.served, answer.status);
      if (answer.retryAfterSeconds !== undefined) void reply.header("retry-after", String(answer.retryAfterSeconds));
      return reply.code(answer.status).type("application/json").send(answer.body);
    } catch (error) {
      if (!(error instanceof DecisionsUnavailable)) throw error;
      audit(req, "refused", 503);
      return errorBody(reply, 503, "decisions-unavailable", error.message);
    }
  };

  const sendFailure = (req: FastifyRequest, reply: FastifyReply, f: UpstreamFailure) => {
    audit(req, "upstream", f.status);
    if (f.status === 499) return reply.code(499).send();
    if (f.retryAfterSeconds !== undefined) void reply.header("retry-after", String(Math.ceil(f.retryAfterSeconds)));
    return errorBody(reply, f.status, f.error, f.message, {
      service: f.service,
      ...(f.serviceStatus !== undefined ? { serviceStatus: f.serviceStatus } : {}),
    });
  };

  app.route({
    method: ["GET", "POST"],
    url: "/api/*",
    handler: async (req, reply) => {
      const ctx = req.ukco;
      if (ctx?.team) return serveTeam(req, reply, ctx, ctx.team);
      if (!ctx?.matched) return errorBody(reply, 404, "not-found", "No gateway route.");
      const { matched, user } = ctx;
      const operation = matched.operation;
      const text = typeof req.body === "string" ? req.body : undefined;
      let body: unknown;
      if (operation.method === "POST") {
        try {
          body = JSON.parse(text ?? "");
        } catch {
          return errorBody(reply, 400, "bad-json", "The request body is not JSON.");
        }
        const asked = numbersAsked(body);
        if (asked > MAX_NUMBERS) {
          audit(req, "refused", 400, asked);
          return errorBody(
            reply,
            400,
            "too-many-numbers",
            `At most ${MAX_NUMBERS} company numbers a request; this one has ${asked}.`,
          );
        }
      }
      const service = operation.service;
      const call: UpstreamCall = {
        service,
        method: operation.method,
        url: upstreamUrl(deps.config.upstreams[service], matched),
        operation: operation.name,
        timeoutMs: operation.timeoutMs,
        ...(operation.method === "POST" ? { body: text, contentType: "application/json" } : {}),
      };
      const asker: Asker = { user, signal: ctx.abort.signal };
      const refresh = req.headers["x-ukco-refresh"] === "1";
      const fields = fieldsAsked(req.headers[FIELDS_HEADER]);
      if (!fields.ok) {
        audit(req, "refused", 400);
        return errorBody(reply, 400, "bad-fields", fields.message);
      }
      try {
        if (operation.handling === "companies" && matched.query.toString() === "") {
          const numbers = numbersOnly(body);
          if (numbers) {
            const answer = await deps.companies.answer(asker, call, numbers, refresh, fields.cut);
            if (answer.failure) return sendFailure(req, reply, answer.failure);
            audit(req, answer.served, 200, numbers.length);
            return reply.code(200).headers(answer.headers).type("application/json").send(answer.body);
          }
        }
        if (operation.handling === "match") {
          const answer = await deps.matches.answer(asker, call, body, refresh);
          if (answer.failure) return sendFailure(req, reply, answer.failure);
          audit(req, answer.served, answer.status);
          return reply.code(answer.status).type("application/json").send(answer.body);
        }
        if (operation.handling === "batch-job" && !(await deps.jobs.isOwner(matched.params.jobId ?? "", user))) {
          audit(req, "refused", 404);
          return errorBody(reply, 404, "not-found", "No batch job with that id was submitted by you.");
        }
        // A submit creates a job for its submitter: never merged with another user's.
        const { result, merged } =
          operation.handling === "batch-submit"
            ? { result: calls.send(user, call, asker.signal), merged: false }
            : calls.call(asker, call, numbersAsked(body));
        const answer = await result;
        if (answer.kind === "failure") return sendFailure(req, reply, answer);
        if (operation.handling === "batch-submit") {
          const jobId = (answer.json as { job_id?: unknown }).job_id;
          if (typeof jobId === "string") await deps.jobs.record(jobId, user);
        }
        audit(req, merged ? "merged" : "upstream", answer.status, numbersAsked(body));
        return reply.code(answer.status).type("application/json").send(answer.text);
      } catch (error) {
        if (error instanceof QueueFullError) {
          audit(req, "refused", 429);
          void reply.header("retry-after", String(error.retryAfterSeconds));
          const why = {
            user: `Your queue for the ${service} service is full`,
            service: `The gateway's queue for the ${service} service is full`,
            wait: `The ${service} service's quota has no turn for this request within the gateway's wait limit`,
          }[error.whose];
          return errorBody(reply, 429, "queue-full", `${why}; try again in ${error.retryAfterSeconds} s.`);
        }
        throw error;
      }
    },
  });
}
