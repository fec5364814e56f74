/**
 * The only requests the gateway forwards: one table per service of the operations the contracts
 * show and the guessed ones the add-in calls (method, path template below the service's base URL,
 * the query names it takes). A request is matched against it segment by segment:
 *
 * - fixed segments must be byte-for-byte the template's (an encoded service name is not a name);
 * - a parameter is percent-decoded once, and a parameter holding `/`, `\`, `.` or `..` is refused
 *   (400), as is any backslash or dot segment anywhere in the path: they only exist to escape;
 * - anything the table does not hold is 404, a known path with another method 405;
 * - the upstream URL is then built from the operation with `new URL()`, each parameter encoded,
 *   the query rebuilt from the names the operation takes; never from the raw request URL.
 */
import type { GatewayConfig, Service } from "./config";
import { MATCH_TIMEOUT_MS, OPERATION_TIMEOUT_MS } from "./timeouts";
import type { UpstreamCall } from "./upstream";

/** How the gateway treats an operation beyond forwarding it. */
export type Handling = "companies" | "match" | "batch-submit" | "batch-job";

export interface Operation {
  service: Service;
  name: string;
  method: "GET" | "POST";
  /** Below the service's base URL; `:name` is a parameter (one path segment). */
  template: string;
  query: readonly string[];
  handling?: Handling;
  /** How long the service may take to answer one call of it (504 after). */
  timeoutMs: number;
}

const PAGING = ["returnCount", "skip"];

const op = (
  service: Service,
  name: string,
  method: Operation["method"],
  template: string,
  query: readonly string[] = [],
  handling?: Handling,
  timeoutMs = OPERATION_TIMEOUT_MS,
): Operation => ({ service, name, method, template, query, timeoutMs, ...(handling ? { handling } : {}) });

export const OPERATIONS: readonly Operation[] = [
  op("product", "listCompanies", "POST", "/v2/companies", ["insights"], "companies"),
  op("product", "uploadCompanyNumberSet", "POST", "/v2/companies/number-sets"),
  op("product", "companiesByWebsite", "GET", "/v2/companies/by-website", ["url", ...PAGING]),
  op("product", "companiesByWebsiteBatch", "POST", "/v2/companies/by-website/batch"),
  op("product", "groupStructure", "GET", "/v2/companies/:companyNumber/group-structure"),
  op("product", "searchAhead", "GET", "/v2/search/aheadFull/:companyNumber"),
  op("product", "listSummary", "GET", "/v2/classification/list-summary", ["modelCode", "cutoff"]),
  op("product", "classify", "POST", "/v2/classification/classify"),
  op("product", "filters", "GET", "/v2/filters"),
  op("product", "exploreCatalogue", "GET", "/v2/explore"),
  op("product", "exploreList", "GET", "/v2/explore/:listId", ["insights", ...PAGING]),
  op("matching", "match", "POST", "/api/v1/match", [], "match", MATCH_TIMEOUT_MS),
  op("matching", "batchSubmit", "POST", "/api/v1/match/batch", [], "batch-submit"),
  op("matching", "batchStatus", "GET", "/api/v1/match/batch/:jobId", [], "batch-job"),
  op("matching", "batchResults", "GET", "/api/v1/match/batch/:jobId/results", [], "batch-job"),
  op("classification", "instantClassification", "POST", "/api/v1/instantClassification"),
  op("market", "companies", "POST", "/v1/:market/companies"),
  op("market", "batch", "POST", "/v1/:market/companies/batch"),
  op("market", "company", "GET", "/v1/:market/companies/:number"),
  op("market", "filters", "GET", "/v1/:market/filters"),
  op("market", "search", "GET", "/v1/:market/search", ["name", "limit"]),
];

export interface MatchedOperation {
  operation: Operation;
  /** Decoded parameter values, by name. */
  params: Record<string, string>;
  query: URLSearchParams;
}

export type RouteResult =
  | { ok: true; matched: MatchedOperation }
  | { ok: false; status: 400 | 404 | 405; error: string; message: string; allow?: string };

/** The longest request target the gateway reads; the add-in's longest is well under 1 kB. */
export const MAX_TARGET_LENGTH = 4096;
const MAX_PARAM_LENGTH = 256;

const refuse = (status: 400 | 404 | 405, error: string, message: string, allow?: string): RouteResult => ({
  ok: false,
  status,
  error,
  message,
  ...(allow ? { allow } : {}),
});

/** Each segment decoded once; undefined when one is not valid percent-encoding. */
function decodeSegments(raw: string[]): string[] | undefined {
  try {
    return raw.map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

const ESCAPING = (s: string) => s === "." || s === ".." || s.includes("/") || s.includes("\\");

/** Matches a request target (`/api/{service}/…?…`, as the client sent it) against the table. */
export function route(method: string, target: string): RouteResult {
  if (!target.startsWith("/")) return refuse(400, "bad-target", "Only origin-form request targets are served.");
  if (target.length > MAX_TARGET_LENGTH) return refuse(400, "bad-target", "The request target is too long.");
  const q = target.indexOf("?");
  const rawPath = q < 0 ? target : target.slice(0, q);
  const rawQuery = q < 0 ? "" : target.slice(q + 1);
  const raw = rawPath.split("/").slice(1);
  const decoded = decodeSegments(raw);
  if (!decoded || rawPath.includes("\\") || decoded.some(ESCAPING))
    return refuse(400, "bad-path", "The path holds a dot segment, a backslash or an encoded slash.");
  const [api, service, ...rest] = raw;
  const candidates = OPERATIONS.filter((o) => api === "api" && o.service === service);
  const pathMatches = candidates.flatMap((o) => {
    const parts = o.template.split("/").slice(1);
    if (parts.length !== rest.length) return [];
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (part.startsWith(":")) {
        const value = decoded[i + 2]!;
        if (value === "" || value.length > MAX_PARAM_LENGTH) return [];
        params[part.slice(1)] = value;
      } else if (part !== rest[i]) return [];
    }
    return [{ operation: o, params }];
  });
  if (pathMatches.length === 0) return refuse(404, "not-found", `No gateway route for ${method} ${rawPath}.`);
  // A fixed segment beats a parameter (`/companies/batch` is not the company called "batch").
  const fixed = (m: { operation: Operation }) => m.operation.template.split(":").length;
  const withMethod = pathMatches.filter((m) => m.operation.method === method).sort((x, y) => fixed(x) - fixed(y));
  const best = withMethod[0];
  if (!best) {
    const allow = [...new Set(pathMatches.map((m) => m.operation.method))].join(", ");
    return refuse(405, "method-not-allowed", `${method} is not served on this path; it takes ${allow}.`, allow);
  }
  const query = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    if (!best.operation.query.includes(name))
      return refuse(400, "bad-query", `The ${best.operation.name} operation takes no query parameter ${name}.`);
    query.append(name, value);
  }
  return { ok: true, matched: { ...best, query } };
}

/** The upstream URL of a matched operation below the service's configured base URL. */
export function upstreamUrl(base: string, matched: MatchedOperation): URL {
  const url = new URL(base);
  const basePath = url.pathname.replace(/\/+$/, "");
  const path = matched.operation.template
    .split("/")
    .map((part) => (part.startsWith(":") ? encodeURIComponent(matched.params[part.slice(1)] ?? "") : part))
    .join("/");
  url.pathname = `${basePath}${path}`;
  url.search = matched.query.toString();
  url.hash = "";
  return url;
}

/** The gateway's own call of an operation without parameters (a decision's company check). */
export function operationCall(config: Pick<GatewayConfig, "upstreams">, service: Service, name: string): UpstreamCall {
  const operation = OPERATIONS.find((o) => o.service === service && o.name === name);
  if (!operation) throw new Error(`No operation ${service}.${name}`);
  return {
    service,
    method: operation.method,
    url: upstreamUrl(config.upstreams[service], { operation, params: {}, query: new URLSearchParams() }),
    operation: operation.name,
    timeoutMs: operation.timeoutMs,
    contentType: "application/json",
  };
}
