/**
 * The team's decisions over HTTP, declared once: each route's method, path, body schema and
 * handler; routes/team.ts makes each a Fastify route. Everything else about a request (sign-in
 * before the body is read, the audit line, the error shape) is the API's (routes/api.ts), as for
 * the services' operations. Bodies are JSON checked by strict zod schemas (an unknown field is
 * 400), which Fastify runs as the routes' body schemas.
 *
 *   POST /api/team/decisions/lookup   {asks: [{name, postcode?, website?, …}]}  → {decisions: [decision | null]}
 *   POST /api/team/decisions          {name, …hints, company: "01234567" | null, confidence?} → 201 {decision}
 *   POST /api/team/decisions/history  {name, …hints}                            → {history: [decision]}
 *
 * There is no route to delete or rewrite a decision: an analyst overrides one by recording a new
 * one, and only the administrator deletes (`npm run gateway -- decisions delete`).
 */
import { z } from "zod";
import type { Identity } from "../auth";
import { AskSchema, DecisionBodySchema, LookupBodySchema } from "./model";
import type { TeamAnswer, TeamDecisions } from "./team-decisions";

export interface TeamRoute {
  name: string;
  method: "POST";
  path: string;
  body: z.ZodType;
  handle(decisions: TeamDecisions, who: Identity, body: never, signal: AbortSignal): Promise<TeamAnswer>;
}

const route = <S extends z.ZodType>(r: {
  name: string;
  path: string;
  body: S;
  handle(decisions: TeamDecisions, who: Identity, body: z.output<S>, signal: AbortSignal): Promise<TeamAnswer>;
}): TeamRoute => ({ method: "POST", ...r }) as TeamRoute;

export const TEAM_ROUTES: readonly TeamRoute[] = [
  route({
    name: "lookupDecisions",
    path: "/api/team/decisions/lookup",
    body: LookupBodySchema,
    handle: (d, who, body) => d.lookup(who, body.asks),
  }),
  route({
    name: "recordDecision",
    path: "/api/team/decisions",
    body: DecisionBodySchema,
    handle: (d, who, body, signal) => d.record(who, body, signal),
  }),
  route({
    name: "decisionHistory",
    path: "/api/team/decisions/history",
    body: AskSchema,
    handle: (d, who, body) => d.history(who, body),
  }),
];
