import { PRODUCT_TOKEN_SCOPES } from "../credentials";
import { Router } from "../http/router";
import { type Reply, type RequestContext, bearerToken } from "../http/types";
import { type Service, routed } from "../service";
import { quotaHeaders } from "../rate-limit";
import type { SandboxState } from "../state";
import { postClassify } from "./classify";
import { getExploreList, getFilters } from "./catalogue";
import { getExploreCatalogue } from "./explore-lists";
import { type Scopes, productError } from "./common";
import { postCompanies, postNumberSet } from "./companies";
import { getGroupStructure } from "./group-structure";
import { getListSummary } from "./list-summary";
import { NumberSets } from "./number-sets";
import { getSearchAhead } from "./search";
import { getByWebsite, postByWebsiteBatch } from "./website";

/**
 * Product API v2 under `<origin>/product/api`. Every operation needs a bearer token: unknown or
 * missing → 401; classify needs `companies:classify`, everything else `companies:read` → else 403.
 * 200 requests a minute per token, then 429 `{"message":"Too Many Attempts."}` with Retry-After.
 * Every answer past the token check states the token's quota in the headers of the sandbox's
 * `quotaHeaders` form (rate-limit.ts), as a service that says its limit would.
 */

type ProductHandler = (req: RequestContext, scopes: Scopes) => Reply;

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  429: "Too Many Attempts.",
  500: "Server Error",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function createProductService(state: SandboxState): Service {
  const sets = new NumberSets(() => state.now(), state.settings.numberSetTtlMs);
  state.onReset(() => sets.clear());
  const router = new Router();
  const read = (h: ProductHandler) => ({ scope: "companies:read", h });
  const routes: [string, string, { scope: string; h: ProductHandler }][] = [
    ["POST", "/v2/companies", read((req, s) => postCompanies(state, sets, req, s))],
    ["POST", "/v2/companies/number-sets", read((req) => postNumberSet(state, sets, req))],
    ["GET", "/v2/companies/by-website", read((req, s) => getByWebsite(state, req, s))],
    ["POST", "/v2/companies/by-website/batch", read((req, s) => postByWebsiteBatch(state, req, s))],
    [
      "GET",
      "/v2/companies/:companyNumber/group-structure",
      read((req) => getGroupStructure(state, req.params.companyNumber ?? "")),
    ],
    [
      "GET",
      "/v2/search/aheadFull/:companyNumber",
      read((req, s) => getSearchAhead(state, req.params.companyNumber ?? "", s)),
    ],
    ["GET", "/v2/classification/list-summary", read((req) => getListSummary(state, req))],
    [
      "POST",
      "/v2/classification/classify",
      { scope: "companies:classify", h: (req, s) => postClassify(state, req, s) },
    ],
    ["GET", "/v2/filters", read(() => getFilters())],
    ["GET", "/v2/explore", read(() => getExploreCatalogue(state))],
    ["GET", "/v2/explore/:listId", read((req, s) => getExploreList(state, req, req.params.listId ?? "", s))],
  ];
  for (const [method, path, { scope, h }] of routes) {
    router.on(method, path, (req) => {
      const scopes = new Set(PRODUCT_TOKEN_SCOPES[bearerToken(req.headers) ?? ""] ?? []);
      if (!scopes.has(scope))
        return productError(403, `This action is unauthorized: the token lacks the ${scope} scope.`);
      return h(req, scopes);
    });
  }

  return {
    name: "product",
    prefix: "/product/api",
    faultReply: (status) =>
      productError(
        status,
        STATUS_MESSAGES[status] ?? "Error",
        undefined,
        status === 429 ? { "Retry-After": "2" } : undefined,
      ),
    async handle(req) {
      const match = router.match(req.method, req.path);
      if (match.kind === "not-found") return productError(404, "Not Found");
      if (match.kind === "wrong-method")
        return productError(
          405,
          `The ${req.method} method is not supported for this route. Supported methods: ${match.allowed.join(", ")}.`,
        );
      const token = bearerToken(req.headers);
      if (!token || !PRODUCT_TOKEN_SCOPES[token]) return productError(401, "Unauthenticated.");
      const rate = state.limiter.take(`product:${token}`, state.limits.product);
      const stated = quotaHeaders(state.quotaHeaderForm, rate.standing);
      if (!rate.ok)
        return productError(429, "Too Many Attempts.", undefined, {
          ...stated,
          "Retry-After": String(rate.retryAfterSeconds),
        });
      const reply = await state.readings.route("product", match.pattern, routed(req, match), match.handler, () =>
        productError(404, "Not Found"),
      );
      return { ...reply, headers: { ...reply.headers, ...stated } };
    },
  };
}
