/**
 * What a route of the API knows of its request beyond Fastify's own: which operation or team route
 * it is (the route's config), the body as the client sent it, who signed in (plugins/authentication),
 * the signal that says the client went, and what the audit line will say of it.
 */
import type { TeamRoute } from "../decisions/routes";
import type { Operation } from "../operations";

/** How a user was served, as the audit line says it. */
export type Served = "upstream" | "merged" | "cache" | "partial-cache" | "decisions" | "recorded" | "refused";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A service's operation (routes/operations.ts), or a team route (routes/team.ts): one of the two. */
    operation?: Operation;
    team?: TeamRoute;
  }
  interface FastifyRequest {
    /** The JSON body's text as it arrived: what is forwarded, byte for byte. */
    bodyText: string | undefined;
    /** Aborted when the client goes before its answer: its request leaves the queue. */
    clientGone: AbortSignal | null;
    served: Served | null;
    /** Company numbers the request asked for (the audit line's count). */
    numbers: number;
  }
}

export {};
