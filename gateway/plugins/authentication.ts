/**
 * Sign-in, before anything else about a request is looked at and before its body is read: every
 * route of the context that registers this plugin answers 401 to a request that is not signed in
 * (auth.ts says who is who), and its handlers read the user from `request.identity`. The refusal
 * closes the connection, so an unsigned upload is never waited for.
 */
import fp from "fastify-plugin";
import { AuthError, type Identify, type Identity } from "../auth";
import { refuseUnread } from "../routes/errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Who signed in; set before any handler of a signed-in context runs. */
    identity: Identity | null;
  }
}

export const authentication = fp<{ identify: Identify }>(
  async (app, { identify }) => {
    app.decorateRequest("identity", null);
    app.addHook("onRequest", async (req, reply) => {
      try {
        req.identity = await identify(req.headers.authorization);
      } catch (error) {
        if (error instanceof AuthError)
          return refuseUnread(reply, { status: 401, error: error.reason, message: error.message });
        throw error;
      }
    });
  },
  { name: "ukco-authentication" },
);
