/**
 * The only requests the gateway forwards: one table per service of the operations the contracts
 * show and the guessed ones the add-in calls (method, path template below the service's base URL,
 * the query names it takes). Each operation is one Fastify route (routes/operations.ts), with the
 * JSON schemas below; what Fastify's router would answer otherwise is put right by the checks here,
 * run on every `/api` request before it is served (routes/api.ts):
 *
 * - fixed segments must be byte-for-byte the template's (an encoded service name is not a name,
 *   though Fastify decodes it before matching);
 * - a parameter is percent-decoded once, and a parameter holding `/`, `\`, `.` or `..` is refused
 *   (400), as is any backslash or dot segment anywhere in the path, and any target not in origin
 *   form: they only exist to escape;
 * - anything the table does not hold is 404, a known path with another method 405 (Fastify's
 *   router says 404 to both);
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

/** Where the gateway's API lives; its routes are registered below it (routes/api.ts). */
export const API_PREFIX = "/api";
/** The path of an operation below API_PREFIX: `/{service}` and its template. */
export const routePath = (o: Operation) => `/${o.service}${o.template}`;

/** The longest request target the gateway reads; the add-in's longest is well under 1 kB. */
export const MAX_TARGET_LENGTH = 4096;
/** The longest parameter (one path segment); Fastify's router is told the same (server.ts). */
export const MAX_PARAM_LENGTH = 256;

export interface Refusal {
  status: 400 | 404 | 405;
  error: string;
  message: string;
  allow?: string;
}

const ESCAPING = (s: string) => s === "." || s === ".." || s.includes("/") || s.includes("\\");

/** Each segment decoded once; undefined when one is not valid percent-encoding. */
function decodeSegments(raw: string[]): string[] | undefined {
  try {
    return raw.map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

const pathOf = (target: string) => target.split("?", 1)[0]!;

/**
 * What no route may receive, whichever it would match: a target not in origin form (an
 * absolute-form one names a host, which Fastify's router would drop), a long one, and a path
 * holding a dot segment, a backslash or an encoded slash (Fastify would route some of them to a
 * parameter).
 */
export function targetRefusal(target: string): Refusal | undefined {
  if (!target.startsWith("/"))
    return { status: 400, error: "bad-target", message: "Only origin-form request targets are served." };
  if (target.length > MAX_TARGET_LENGTH)
    return { status: 400, error: "bad-target", message: "The request target is too long." };
  const rawPath = pathOf(target);
  const decoded = decodeSegments(rawPath.split("/").slice(1));
  if (!decoded || rawPath.includes("\\") || decoded.some(ESCAPING))
    return {
      status: 400,
      error: "bad-path",
      message: "The path holds a dot segment, a backslash or an encoded slash.",
    };
  return undefined;
}

/**
 * Whether `target` spells the route's template byte for byte in its fixed segments. Fastify's
 * router decodes the path before matching, so `/api/marke%74/…` would reach the market's route;
 * an encoded service name is not a name, and such a target is answered as the table holds none.
 */
export function spellsTemplate(target: string, template: string): boolean {
  const raw = pathOf(target).split("/");
  const parts = template.split("/");
  return raw.length === parts.length && parts.every((part, i) => part.startsWith(":") || part === raw[i]);
}

/** A route as Fastify holds it: its method, and its full path with `:name` parameters. */
export interface RouteShape {
  method: string;
  url: string;
}

/** The methods `routes` serve on `target`'s path (for a 405's Allow); none when no route holds it. */
export function methodsServed(target: string, routes: readonly RouteShape[]): string[] {
  const raw = pathOf(target).split("/");
  const decoded = decodeSegments(raw) ?? [];
  const fits = (r: RouteShape) => {
    const parts = r.url.split("/");
    return (
      parts.length === raw.length &&
      parts.every((part, i) =>
        part.startsWith(":") ? decoded[i] !== "" && (decoded[i]?.length ?? 0) <= MAX_PARAM_LENGTH : part === raw[i],
      )
    );
  };
  return [...new Set(routes.filter(fits).map((r) => r.method))];
}

/** The refusal of a target no route took: 405 with Allow where another method serves its path, else 404. */
export function unrouted(method: string, target: string, routes: readonly RouteShape[]): Refusal {
  const allow = methodsServed(target, routes).join(", ");
  if (allow)
    return {
      status: 405,
      error: "method-not-allowed",
      message: `${method} is not served on this path; it takes ${allow}.`,
      allow,
    };
  return { status: 404, error: "not-found", message: `No gateway route for ${method} ${pathOf(target)}.` };
}

/**
 * The JSON schemas of an operation's route: each parameter one non-empty segment that cannot
 * escape, the query names it takes and no other, and a JSON body for a POST.
 */
export function operationSchema(o: Operation) {
  const names = o.template
    .split("/")
    .filter((p) => p.startsWith(":"))
    .map((p) => p.slice(1));
  const segment = {
    type: "string",
    minLength: 1,
    maxLength: MAX_PARAM_LENGTH,
    pattern: "^[^/\\\\]*$",
    not: { enum: [".", ".."] },
  };
  const value = { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] };
  return {
    ...(names.length > 0
      ? {
          params: {
            type: "object",
            properties: Object.fromEntries(names.map((n) => [n, segment])),
            required: names,
            additionalProperties: false,
          },
        }
      : {}),
    querystring: {
      type: "object",
      properties: Object.fromEntries(o.query.map((n) => [n, value])),
      additionalProperties: false,
    },
    ...(o.method === "POST" ? { body: {} } : {}),
  };
}

/** The operation as matched: its decoded parameters, and the query rebuilt from the names it takes. */
export function matchedOf(operation: Operation, params: Record<string, string>, target: string): MatchedOperation {
  const q = target.indexOf("?");
  const query = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(q < 0 ? "" : target.slice(q + 1)))
    if (operation.query.includes(name)) query.append(name, value);
  return { operation, params, query };
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
