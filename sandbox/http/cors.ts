import type { IncomingMessage, ServerResponse } from "node:http";
import { QUOTA_HEADER_NAMES } from "../rate-limit";

const EXPOSED = ["Retry-After", "Content-Type", "X-Request-Id", ...QUOTA_HEADER_NAMES].join(", ");

/**
 * CORS for the add-in page: echo the caller's origin, allow the headers the clients send and expose
 * the ones they read (Retry-After and the quota's statement above all).
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (typeof origin === "string") {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Vary", "Origin");
    res.setHeader("Access-Control-Allow-Credentials", "true");
  }
  res.setHeader("Access-Control-Expose-Headers", EXPOSED);
  // The page may read when each answer's bytes came (Resource Timing): the benchmarks time it.
  res.setHeader("Timing-Allow-Origin", "*");
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers["access-control-request-headers"];
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS");
  res.setHeader(
    "Access-Control-Allow-Headers",
    typeof requested === "string" && requested ? requested : "Authorization, Content-Type",
  );
  res.setHeader("Access-Control-Max-Age", "600");
  res.statusCode = 204;
  res.end();
}
