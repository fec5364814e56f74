/**
 * `GET /`: someone who opens the gateway's address in a browser gets the task pane when the
 * add-in is built (a redirect to its page), or otherwise a short page saying what answered —
 * this gateway, its version, where its health and readiness are — rather than a JSON 404 that
 * reads like a broken deployment. Either page carries the Content Security Policy of every page
 * the gateway serves.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";

/** The page the add-in's manifest opens (webpack's HtmlWebpackPlugin output). */
export const TASKPANE_PAGE = "taskpane.html";

/** The gateway package's version; from sources it sits beside this file, compiled one folder up. */
function gatewayVersion(): string {
  for (const candidate of [path.join(__dirname, "package.json"), path.join(__dirname, "..", "package.json")]) {
    try {
      const pkg = JSON.parse(readFileSync(candidate, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "ukco-gateway" && pkg.version) return pkg.version;
    } catch {
      // Not this one.
    }
  }
  return "unknown";
}

function aboutPage(version: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>UK Companies team gateway</title></head>
<body>
<h1>UK Companies team gateway</h1>
<p>Version ${version}. This is the team gateway of the UK Companies Excel add-in: it forwards the
add-in's requests to the company data services with the team's credentials, under one shared quota.</p>
<p>No built add-in is served from here (set <code>DIST_DIR</code> to a build to serve the task pane).</p>
<ul>
<li><a href="/healthz">/healthz</a>: is the process up</li>
<li><a href="/readyz">/readyz</a>: can it reach Redis and the services</li>
</ul>
</body>
</html>
`;
}

export const frontPage: FastifyPluginAsync<{ distDir: string; built: boolean; csp: string }> = async (app, o) => {
  const pane = o.built && existsSync(path.join(path.resolve(o.distDir), TASKPANE_PAGE));
  const about = aboutPage(gatewayVersion());
  app.get("/", async (_req, reply) => {
    if (pane) return reply.redirect(`/${TASKPANE_PAGE}`, 302);
    return reply
      .header("content-security-policy", o.csp)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(about);
  });
};
