import type { Handler } from "./types";

/** A tiny method + path-pattern router (`/v2/companies/:companyNumber/group-structure`). */

interface Route {
  readonly method: string;
  readonly pattern: string;
  readonly parts: readonly string[];
  readonly handler: Handler;
}

export type RouteMatch =
  | { kind: "found"; handler: Handler; params: Record<string, string>; pattern: string }
  | { kind: "wrong-method"; allowed: string[] }
  | { kind: "not-found" };

export class Router {
  private readonly routes: Route[] = [];

  on(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, pattern, parts: pattern.split("/").filter(Boolean), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const segments = path.split("/").filter(Boolean);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchParts(route.parts, segments);
      if (!params) continue;
      if (route.method === method) return { kind: "found", handler: route.handler, params, pattern: route.pattern };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "wrong-method", allowed } : { kind: "not-found" };
  }
}

function matchParts(parts: readonly string[], segments: string[]): Record<string, string> | null {
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k] ?? "";
    const seg = segments[k] ?? "";
    if (part.startsWith(":")) {
      try {
        params[part.slice(1)] = decodeURIComponent(seg);
      } catch {
        return null;
      }
    } else if (part !== seg) return null;
  }
  return params;
}
