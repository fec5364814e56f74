/**
 * The team's decisions over HTTP, declared once: each route's method, path, body schema and
 * handler. Everything else about a request (sign-in before the body is read, the audit line, the
 * error shape) is the API's (api.ts), as for the services' operations. Bodies are JSON checked by
 * strict zod schemas (an unknown field is 400); `z.toJSONSchema` gives each as a JSON schema.
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

export const TEAM_PREFIX = "/api/team/";

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

export type TeamRouted =
  | { ok: true; route: TeamRoute }
  | { ok: false; status: 400 | 404 | 405; error: string; message: string; allow?: string };

/** The team route a request target names (byte for byte, no query), or why none. */
export function teamRoute(method: string, target: string): TeamRouted {
  const [path = "", query] = target.split("?", 2);
  const found = TEAM_ROUTES.find((r) => r.path === path);
  if (!found) return { ok: false, status: 404, error: "not-found", message: `No gateway route for ${method} ${path}.` };
  if (found.method !== method)
    return {
      ok: false,
      status: 405,
      error: "method-not-allowed",
      message: `${method} is not served on this path; it takes ${found.method}.`,
      allow: found.method,
    };
  if (query !== undefined)
    return { ok: false, status: 400, error: "bad-query", message: `The ${found.name} route takes no query.` };
  return { ok: true, route: found };
}

/** The body checked against the route's schema, or the first problem in words. */
export function readTeamBody(
  route: TeamRoute,
  text: string | undefined,
): { ok: true; body: unknown } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text ?? "");
  } catch {
    return { ok: false, message: "The request body is not JSON." };
  }
  const checked = route.body.safeParse(json);
  if (checked.success) return { ok: true, body: checked.data };
  const issue = checked.error.issues[0];
  const where = issue?.path.length ? issue.path.join(".") : "the body";
  return { ok: false, message: `The ${route.name} body does not fit (${where}: ${issue?.message ?? "invalid"}).` };
}
