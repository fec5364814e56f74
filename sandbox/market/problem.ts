import { randomBytes, randomUUID } from "node:crypto";
import type { Reply } from "../http/types";

/**
 * Multi-market error bodies: the gateway's (401, 429, 404 for path/market/method, and injected
 * 503/504) are `application/problem+json` with `trace`; the data service's (400, 422, 500, 404 for
 * a missing company) are `application/json` problem fields without `trace`.
 */

const TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
export const BUILD_ID = "sandbox-2026.11";

function problem(status: number, detail: string, instance: string): Record<string, unknown> {
  return { type: `https://httpstatuses.io/${status}`, title: TITLES[status] ?? "Error", status, detail, instance };
}

export function gatewayError(
  status: number,
  detail: string,
  instance: string,
  headers?: Record<string, string>,
): Reply {
  const trace = {
    timestamp: new Date().toISOString(),
    requestId: randomUUID(),
    buildId: BUILD_ID,
    rayId: randomBytes(8).toString("hex"),
  };
  return {
    status,
    body: { ...problem(status, detail, instance), trace },
    contentType: "application/problem+json",
    ...(headers ? { headers } : {}),
  };
}

export function dataError(status: number, detail: string, instance: string): Reply {
  return { status, body: problem(status, detail, instance), contentType: "application/json" };
}
