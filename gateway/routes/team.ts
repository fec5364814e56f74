/**
 * The team's decision routes (decisions/routes.ts) as Fastify routes: each body checked by its
 * strict zod schema as the route's body schema (a zod validator compiler, so the schema the tests
 * and the CLI share is the one Fastify runs), no query taken, then its handler.
 */
import type { FastifyPluginAsync, FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { TEAM_ROUTES } from "../decisions/routes";
import { API_PREFIX } from "../operations";
import type { TeamDecisions } from "../decisions/team-decisions";
import "./context";

const NO_QUERY = z.object({}).strict();

/** Runs a zod schema where Fastify expects a JSON-schema validator; its issues read as ajv's. */
const zodCompiler: FastifySchemaCompiler<unknown> =
  ({ schema }) =>
  (data) => {
    const checked = (schema as z.ZodType).safeParse(data);
    if (checked.success) return { value: checked.data };
    const issue = checked.error.issues[0];
    const error = Object.assign(new Error(issue?.message ?? "invalid"), {
      validation: [
        { instancePath: issue?.path.length ? `/${issue.path.join("/")}` : "", message: issue?.message ?? "invalid" },
      ],
    });
    return { error };
  };

export const teamRoutes: FastifyPluginAsync<{ decisions: TeamDecisions; bodyLimit: number }> = async (
  app,
  { decisions, bodyLimit },
) => {
  for (const team of TEAM_ROUTES)
    app.route({
      method: team.method,
      url: team.path.slice(API_PREFIX.length),
      schema: { body: team.body, querystring: NO_QUERY },
      validatorCompiler: zodCompiler,
      bodyLimit,
      config: { team },
      handler: async (req, reply) => {
        const answer = await team.handle(decisions, req.identity!, req.body as never, req.clientGone!);
        req.served = answer.served;
        if (answer.retryAfterSeconds !== undefined) void reply.header("retry-after", String(answer.retryAfterSeconds));
        return reply.code(answer.status).type("application/json").send(answer.body);
      },
    });
};
