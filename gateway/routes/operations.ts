/**
 * One Fastify route per operation of the table (operations.ts), each with its schemas and body
 * limit, and what serving one does: company records and matches from the team's cache, batch jobs
 * only to their submitter, everything else forwarded under the service's quota. A body asking more
 * company numbers than the contract's bound, or a malformed `x-ukco-fields`, is refused before any
 * service is asked.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { MAX_NUMBERS, numbersOnly } from "../companies";
import type { GatewayConfig } from "../config";
import { FIELDS_HEADER, fieldsAsked } from "../fields";
import type { Asker } from "../governed";
import { matchedOf, OPERATIONS, operationSchema, routePath, upstreamUrl, type MatchedOperation } from "../operations";
import type { UpstreamCall, UpstreamFailure } from "../upstream";
import "./context";
import { errorBody } from "./errors";

export type ServeOperation = (req: FastifyRequest, reply: FastifyReply, matched: MatchedOperation) => Promise<unknown>;

/** The number of company numbers a body asks for, wherever a list of them sits at its top. */
function numbersAsked(body: unknown): number {
  if (typeof body !== "object" || body === null) return 0;
  const list = (body as Record<string, unknown>).CompanyNumbers;
  return Array.isArray(list) ? list.length : 0;
}

/** The table's routes, each served by `serve` once its request passed its schemas. */
export const operationRoutes: FastifyPluginAsync<{ serve: ServeOperation; bodyLimit: number }> = async (
  app,
  { serve, bodyLimit },
) => {
  for (const operation of OPERATIONS)
    app.route({
      method: operation.method,
      url: routePath(operation),
      schema: operationSchema(operation),
      bodyLimit,
      // The table's methods only: a HEAD is refused (405) as any other method the table does not hold.
      exposeHeadRoute: false,
      config: { operation },
      handler: (req, reply) =>
        serve(req, reply, matchedOf(operation, req.params as Record<string, string>, req.raw.url ?? "")),
    });
};

const sendFailure = (req: FastifyRequest, reply: FastifyReply, f: UpstreamFailure) => {
  req.served = "upstream";
  if (f.status === 499) return reply.code(499).send();
  if (f.retryAfterSeconds !== undefined) void reply.header("retry-after", String(Math.ceil(f.retryAfterSeconds)));
  return errorBody(reply, f.status, f.error, f.message, {
    service: f.service,
    ...(f.serviceStatus !== undefined ? { serviceStatus: f.serviceStatus } : {}),
  });
};

/** Serving an operation as the gateway does: through the team's cache and the services' quotas. */
export function forward(config: GatewayConfig): ServeOperation {
  return async (req, reply, matched) => {
    const { operation } = matched;
    const { calls, companies, matches, jobs } = req.server;
    const user = req.identity!.user;
    const body = req.body;
    const asked = numbersAsked(body);
    req.numbers = asked;
    if (asked > MAX_NUMBERS) {
      req.served = "refused";
      return errorBody(
        reply,
        400,
        "too-many-numbers",
        `At most ${MAX_NUMBERS} company numbers a request; this one has ${asked}.`,
      );
    }
    const fields = fieldsAsked(req.headers[FIELDS_HEADER]);
    if (!fields.ok) {
      req.served = "refused";
      return errorBody(reply, 400, "bad-fields", fields.message);
    }
    const service = operation.service;
    const call: UpstreamCall = {
      service,
      method: operation.method,
      url: upstreamUrl(config.upstreams[service], matched),
      operation: operation.name,
      timeoutMs: operation.timeoutMs,
      ...(operation.method === "POST" ? { body: req.bodyText, contentType: "application/json" } : {}),
    };
    const asker: Asker = { user, signal: req.clientGone! };
    const refresh = req.headers["x-ukco-refresh"] === "1";
    if (operation.handling === "companies" && matched.query.toString() === "") {
      const numbers = numbersOnly(body);
      if (numbers) {
        const answer = await companies.answer(asker, call, numbers, refresh, fields.cut);
        if (answer.failure) return sendFailure(req, reply, answer.failure);
        req.served = answer.served;
        return reply.code(200).headers(answer.headers).type("application/json").send(answer.body);
      }
    }
    if (operation.handling === "match") {
      const answer = await matches.answer(asker, call, body, refresh);
      if (answer.failure) return sendFailure(req, reply, answer.failure);
      req.served = answer.served;
      return reply.code(answer.status).type("application/json").send(answer.body);
    }
    if (operation.handling === "batch-job" && !(await jobs.isOwner(matched.params.jobId ?? "", user))) {
      req.served = "refused";
      return errorBody(reply, 404, "not-found", "No batch job with that id was submitted by you.");
    }
    // A submit creates a job for its submitter: never merged with another user's.
    const { result, merged } =
      operation.handling === "batch-submit"
        ? { result: calls.send(user, call, asker.signal), merged: false }
        : calls.call(asker, call, asked);
    const answer = await result;
    if (answer.kind === "failure") return sendFailure(req, reply, answer);
    if (operation.handling === "batch-submit") {
      const jobId = (answer.json as { job_id?: unknown }).job_id;
      if (typeof jobId === "string") await jobs.record(jobId, user);
    }
    req.served = merged ? "merged" : "upstream";
    return reply.code(answer.status).type("application/json").send(answer.text);
  };
}
