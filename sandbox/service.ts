import type { RouteMatch } from "./http/router";
import type { Reply, RequestContext } from "./http/types";
import type { ServiceName } from "./rate-limit";

/** One emulated service mounted under its own prefix on the sandbox origin. */
export interface Service {
  readonly name: ServiceName;
  /** e.g. `/product/api`; requests below it reach `handle` with the prefix removed. */
  readonly prefix: string;
  handle(req: Omit<RequestContext, "params">): Promise<Reply>;
  /** The body this service sends for an injected (or unexpected) error status. */
  faultReply(status: number): Reply;
}

/** Request context with the params of a route match filled in. */
export function routed(
  req: Omit<RequestContext, "params">,
  match: Extract<RouteMatch, { kind: "found" }>,
): RequestContext {
  return { ...req, params: match.params };
}
