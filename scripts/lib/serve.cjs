// Serves the built add-in (dist/) over HTTPS, and proxies /sandbox/* to the sandbox so the HTTPS
// page reaches it on its own origin (no mixed content, no CORS set-up in Excel's web views).
// Used by `npm start`, the workbench and the end-to-end tests.
const { createReadStream, existsSync, readFileSync, statSync } = require("node:fs");
const http = require("node:http");
const https = require("node:https");
const path = require("node:path");

const OFFICE_CDN_SCRIPT = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
/** Where the simulated host is served when it stands in for office.js. */
const OFFICE_SIM_SCRIPT_PATH = "/__office/office.js";

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".css": "text/css; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
  "te",
  "trailer",
]);

/**
 * @param {object} options
 * @param {string} options.root            folder to serve (dist/)
 * @param {number} [options.port]          0 picks a free port
 * @param {{key: Buffer, cert: Buffer}} [options.tls]  omit for plain HTTP (tests on localhost)
 * @param {string} [options.sandboxOrigin] where /sandbox/* goes; omitted: 503 with an explanation
 * @param {string} [options.officeJsFile]  serve this file as /__office/office.js and point HTML pages at it
 *                                         in place of the Office CDN (the simulated host; never in production)
 * @param {() => object} [options.configJson]  served as config.json in place of the built one (tests that point
 *                                         the add-in at a team gateway)
 * @param {Record<string, string>} [options.sandboxCredentials]  the sandbox's start-up credentials, added to the
 *                                         served config.json so the pane can offer them; a built config.json never
 *                                         holds them, so a production bundle carries no sandbox credential
 */
async function startAddinServer({
  root,
  port = 3000,
  tls,
  sandboxOrigin,
  officeJsFile,
  sandboxCredentials,
  configJson,
}) {
  const rootDir = path.resolve(root);
  const handler = (req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (url.pathname.startsWith("/sandbox/")) return proxy(req, res, url, sandboxOrigin);
    if (officeJsFile && url.pathname === OFFICE_SIM_SCRIPT_PATH) return sendFile(res, officeJsFile);
    const relative = url.pathname === "/" ? "taskpane.html" : decodeURIComponent(url.pathname).replace(/^\/+/, "");
    const file = path.resolve(rootDir, relative);
    if (!file.startsWith(rootDir + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      return res.end(
        `Not found: ${url.pathname}${existsSync(rootDir) ? "" : " (dist/ is missing: run npm run build)"}`,
      );
    }
    if (configJson && relative === "config.json") {
      res.writeHead(200, headersFor(file));
      return res.end(JSON.stringify(configJson()));
    }
    if (sandboxCredentials && relative === "config.json") {
      const config = { ...JSON.parse(readFileSync(file, "utf8")), sandboxCredentials };
      res.writeHead(200, headersFor(file));
      return res.end(JSON.stringify(config));
    }
    if (officeJsFile && file.endsWith(".html")) {
      const html = readFileSync(file, "utf8").split(OFFICE_CDN_SCRIPT).join(OFFICE_SIM_SCRIPT_PATH);
      res.writeHead(200, headersFor(file));
      return res.end(html);
    }
    return sendFile(res, file);
  };
  const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, handler) : http.createServer(handler);
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "localhost", resolve);
  });
  const address = server.address();
  const origin = `${tls ? "https" : "http"}://localhost:${address.port}`;
  return {
    origin,
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function headersFor(file) {
  return {
    "content-type": MIME[path.extname(file)] ?? "application/octet-stream",
    // Excel caches add-in files hard; during development every reload should see the new build.
    "cache-control": "no-store",
    // Excel on the web fetches functions.json and the manifest's resources from its own origin.
    "access-control-allow-origin": "*",
  };
}

function sendFile(res, file) {
  res.writeHead(200, headersFor(file));
  createReadStream(file).pipe(res);
}

function proxy(req, res, url, sandboxOrigin) {
  if (!sandboxOrigin) {
    res.writeHead(503, { "content-type": "application/json" });
    return res.end(
      JSON.stringify({ message: "The sandbox is not running: start it with npm start or npm run sandbox." }),
    );
  }
  const target = new URL(url.pathname.slice("/sandbox".length) + url.search, sandboxOrigin);
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
  headers.host = target.host;
  const upstream = http.request(target, { method: req.method, headers }, (upstreamRes) => {
    const responseHeaders = Object.fromEntries(
      Object.entries(upstreamRes.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
    );
    res.writeHead(upstreamRes.statusCode ?? 502, responseHeaders);
    upstreamRes.pipe(res);
  });
  upstream.on("error", (error) => {
    if (res.headersSent) return res.destroy(error);
    res.writeHead(502, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: `The sandbox did not answer: ${error.message}` }));
  });
  req.on("aborted", () => upstream.destroy());
  req.pipe(upstream);
}

module.exports = { OFFICE_CDN_SCRIPT, OFFICE_SIM_SCRIPT_PATH, startAddinServer };
