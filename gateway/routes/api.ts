/**
 * The `/api` context: the services' operations (routes/operations.ts) and the team's decisions
 * (routes/team.ts), behind one order of checks that every request meets:
 *
 * 1. sign-in (plugins/authentication), before anything else is looked at or any body read;
 * 2. the target (operations.ts): not in origin form, too long, a dot segment, a backslash or an
 *    encoded slash is 400; a route reached by decoding its fixed segments is 404, as is a path no
 *    route holds, and a path served by another method is 405;
 * 3. the body, by Fastify's JSON parser under the route's body limit (413 past it), kept as text
 *    to forward byte for byte, then the route's schemas;
 * 4. the handler, through the quotas (plugins/quota) and the team's cache (plugins/cache).
 *
 * Every user served gets an audit line saying how (`upstream`, `merged`, `cache`, `partial-cache`,
 * `decisions`, `recorded`, or `refused`).
 */
import type { FastifyPluginAsync } from "fastify";
import type { Logger } from "pino";
import type { Identify } from "../auth";
import type { GatewayConfig } from "../config";
import { companyCheck } from "../decisions/company-check";
import type { TeamDecisions } from "../decisions/team-decisions";
import { operationCall, spellsTemplate, targetRefusal, unrouted, type RouteShape } from "../operations";
import { authentication } from "../plugins/authentication";
import { answerCache, type CacheOptions } from "../plugins/cache";
import { quota, type QuotaOptions } from "../plugins/quota";
import type { CompanyLookup } from "../decisions/team-decisions";
import "./context";
import { refuseUnread } from "./errors";
import { forward, operationRoutes } from "./operations";
import { teamRoutes } from "./team";

export interface ApiOptions extends QuotaOptions, CacheOptions {
  config: GatewayConfig;
  log: Logger;
  identify: Identify;
  /** The team's decisions, given the company check this context's cache answers. */
  decisions: (companies: CompanyLookup) => TeamDecisions;
}

export const api: FastifyPluginAsync<ApiOptions> = async (app, o) => {
  const { config, log } = o;
  await app.register(authentication, { identify: o.identify });

  app.decorateRequest("bodyText", undefined);
  app.decorateRequest("clientGone", null);
  app.decorateRequest("served", null);
  app.decorateRequest("numbers", 0);
  // Fastify's router says 404 to a path served by another method: the routes seen here say 405.
  const routes: RouteShape[] = [];
  app.addHook("onRoute", (r) => {
    if (!r.url.endsWith("*")) for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  app.addHook("onRequest", async (req, reply) => {
    const target = req.raw.url ?? "/";
    const refusal = targetRefusal(target);
    if (refusal) return refuseUnread(reply, refusal);
    // No route, or one reached only by decoding a fixed segment: refused before any body is read.
    const url = req.routeOptions.url;
    if (req.is404 || url === undefined || !spellsTemplate(target, url))
      return refuseUnread(reply, unrouted(req.method, target, routes));
    const abort = new AbortController();
    // The client going before its answer takes its request out of the queue.
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    req.clientGone = abort.signal;
  });
  // This context's own not-found handler: a request no route takes still meets sign-in and the
  // hook above, which answers it; the handler is only the fallback.
  app.setNotFoundHandler((req, reply) => refuseUnread(reply, unrouted(req.method, req.raw.url ?? "/", routes)));
  // The built add-in is served at `/*` (server.ts), which would take a GET below /api that no route
  // holds out of this context: such a GET or HEAD lands here instead, and the hook above answers it.
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    exposeHeadRoute: false,
    handler: (req, reply) => refuseUnread(reply, unrouted(req.method, req.raw.url ?? "/", routes)),
  });

  // Bodies are JSON, parsed by Fastify's own parser (proto-poisoning checks and all); the text is
  // kept, so a service receives the bytes the add-in sent.
  const json = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, text, done) => {
    req.bodyText = text as string;
    json(req, text as string, done);
  });

  app.addHook("onResponse", async (req, reply) => {
    const { operation, team } = req.routeOptions.config;
    if (!req.identity || !req.served || (!operation && !team)) return;
    log.info(
      {
        audit: true,
        user: req.identity.user,
        service: operation?.service ?? "team",
        operation: operation?.name ?? team?.name,
        served: req.served,
        numbers: req.numbers,
        status: reply.statusCode,
      },
      "served",
    );
  });

  await app.register(quota, o);
  await app.register(answerCache, o);
  await app.register(operationRoutes, { serve: forward(config), bodyLimit: config.bodyLimitBytes });
  const check = companyCheck(
    app.companies,
    operationCall(config, "product", "listCompanies"),
    app.cache,
    app.productScope,
  );
  await app.register(teamRoutes, { decisions: o.decisions(check), bodyLimit: config.bodyLimitBytes });
};
