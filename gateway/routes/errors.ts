/**
 * Every refusal the gateway writes has one shape, `{error, message, …}` as JSON, whichever part of
 * Fastify or of ours refused: a schema, a body parser, the router, a handler. This is the one
 * place that turns Fastify's own errors (validation, body size, media type, bad URLs) into it.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { DecisionsUnavailable } from "../decisions/store";
import { QueueFullError } from "../limiter";
import type { Refusal } from "../operations";

export const errorBody = (reply: FastifyReply, status: number, error: string, message: string, extra = {}) =>
  reply
    .code(status)
    .type("application/json")
    .send({ error, message, ...extra });

export const refuse = (reply: FastifyReply, r: Refusal) => {
  if (r.allow) void reply.header("allow", r.allow);
  return errorBody(reply, r.status, r.error, r.message);
};

/** A refusal before the body was read: close rather than wait for the rest of an upload we refuse. */
export const refuseUnread = (reply: FastifyReply, r: Refusal | { status: number; error: string; message: string }) => {
  void reply.header("connection", "close");
  return refuse(reply, r as Refusal);
};

/** The words of a schema's first complaint, as the route names it. */
function validationWords(error: FastifyError, route: string | undefined): string {
  const issue = error.validation?.[0];
  const where = issue?.instancePath ? issue.instancePath.slice(1).replace(/\//g, ".") : "the body";
  return `The ${route ?? "request"} body does not fit (${where}: ${issue?.message ?? "invalid"}).`;
}

/** Why the request failed, as the gateway says it; `undefined` for a fault of the gateway's own. */
export function refusalOf(
  error: FastifyError,
  req: FastifyRequest,
): { status: number; error: string; message: string; retryAfterSeconds?: number } | undefined {
  if (error instanceof QueueFullError) {
    const service = req.routeOptions.config.operation?.service ?? "team";
    const why = {
      user: `Your queue for the ${service} service is full`,
      service: `The gateway's queue for the ${service} service is full`,
      wait: `The ${service} service's quota has no turn for this request within the gateway's wait limit`,
    }[error.whose];
    return {
      status: 429,
      error: "queue-full",
      message: `${why}; try again in ${error.retryAfterSeconds} s.`,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof DecisionsUnavailable)
    return { status: 503, error: "decisions-unavailable", message: error.message };
  if (error.validation) {
    const route = req.routeOptions.config.operation?.name ?? req.routeOptions.config.team?.name;
    if (error.validationContext === "querystring")
      return {
        status: 400,
        error: "bad-query",
        message: `The ${route ?? "request"} route takes no such query (${error.message}).`,
      };
    // A parameter no schema takes is a path the table does not hold.
    if (error.validationContext === "params")
      return {
        status: 404,
        error: "not-found",
        message: `No gateway route for ${req.method} ${req.url.split("?")[0]}.`,
      };
    return { status: 400, error: "bad-request", message: validationWords(error, route) };
  }
  if (error.statusCode === 413)
    return { status: 413, error: "body-too-large", message: "The request body is too large." };
  if (error.statusCode === 415)
    return { status: 415, error: "unsupported-media-type", message: "Request bodies are JSON (application/json)." };
  if (
    error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
    error instanceof SyntaxError ||
    error.code === "FST_ERR_CTP_INVALID_JSON_BODY"
  )
    return { status: 400, error: "bad-json", message: "The request body is not JSON." };
  if (error.code === "FST_ERR_BAD_URL")
    return { status: 400, error: "bad-path", message: "The path is not valid percent-encoding." };
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return { status: 404, error: "not-found", message: `No gateway route for ${req.method} ${req.url.split("?")[0]}.` };
  return undefined;
}
