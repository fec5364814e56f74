import { SANDBOX_CREDENTIALS } from "../credentials";
import { Router } from "../http/router";
import { type Reply, type RequestContext, bearerToken, json, parseObjectBody } from "../http/types";
import { type Service, routed } from "../service";
import type { SandboxState } from "../state";
import { type MarketCompany, generateMarket } from "./data";
import { filterCompanies, marketInsights, parseMarketQuery } from "./list";
import { MARKETS, MARKET_SPECS, type MarketCode } from "./markets";
import { dataError, gatewayError } from "./problem";

/**
 * The multi-market service under `<origin>/market`: `/v1/{market}/companies` (list, batch, one
 * company), `/filters` and `/search`. The gateway authenticates (401), routes (404 for unknown
 * path, market or method) and limits (60 a minute per key, 429 with retry-after) before the data
 * service sees the request.
 */

export const MAX_MARKET_BATCH = 1000;
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 100;

type MarketHandler = (req: RequestContext, market: MarketCode, companies: readonly MarketCompany[]) => Reply;

function searchScore(query: string[], name: string): number {
  const words = name.toLowerCase().split(/[^\p{L}\p{N}']+/u);
  let score = 0;
  for (const q of query) {
    if (words.includes(q)) score += 2;
    else if (words.some((w) => w.startsWith(q))) score += 1;
  }
  return score;
}

export function createMarketService(state: SandboxState): Service {
  const data = Object.fromEntries(
    MARKETS.map((m) => [m, generateMarket(m, state.settings.seed, state.settings.marketCompanies)]),
  ) as Record<MarketCode, MarketCompany[]>;
  const byNumber = Object.fromEntries(
    MARKETS.map((m) => [m, new Map(data[m].map((c) => [c.CompanyNumber, c]))]),
  ) as Record<MarketCode, Map<string, MarketCompany>>;
  const path = (req: { path: string }) => `/market${req.path}`;

  const list: MarketHandler = (req, market, companies) => {
    const body = parseObjectBody(req.rawBody, true);
    if (!body.ok) return dataError(400, body.error, path(req));
    const parsed = parseMarketQuery(MARKET_SPECS[market], body.value);
    if (!parsed.ok) return dataError(parsed.status, parsed.detail, path(req));
    const q = parsed.query;
    const matched = filterCompanies(companies, q);
    const out: Record<string, unknown> = { Companies: matched.slice(q.offset, q.offset + q.limit) };
    if (q.includeTotal) out.TotalCount = matched.length;
    out.Insights = q.includeInsights ? marketInsights(MARKET_SPECS[market], matched) : {};
    return json(200, out);
  };

  const batch: MarketHandler = (req, market) => {
    const body = parseObjectBody(req.rawBody);
    if (!body.ok) return dataError(400, body.error, path(req));
    const numbers = body.value.CompanyNumbers;
    if (!Array.isArray(numbers) || numbers.some((n) => typeof n !== "string"))
      return dataError(400, "CompanyNumbers must be an array of strings.", path(req));
    if (numbers.length > MAX_MARKET_BATCH)
      return dataError(422, `At most ${MAX_MARKET_BATCH} company numbers per batch.`, path(req));
    return json(200, {
      Results: (numbers as string[]).map((n) => ({ CompanyNumber: n, Company: byNumber[market].get(n) ?? null })),
    });
  };

  const one: MarketHandler = (req, market) => {
    const company = byNumber[market].get(req.params.number ?? "");
    return company
      ? json(200, company)
      : dataError(404, `Company ${req.params.number ?? ""} not found in market ${market}.`, path(req));
  };

  const filters: MarketHandler = (_req, market) => {
    const spec = MARKET_SPECS[market];
    return json(200, {
      Market: market,
      Filters: [
        { Field: "NAICS", Name: spec.codeName, Values: spec.codes },
        {
          Field: "Locations",
          Name: "Regions",
          Values: spec.regions.map((r) => ({ Code: r.Code, Description: r.Name })),
        },
      ],
    });
  };

  const search: MarketHandler = (req, _market, companies) => {
    const name = req.query.get("name");
    const limitText = req.query.get("limit");
    const limit = limitText === null ? SEARCH_DEFAULT_LIMIT : Number(limitText);
    if (!name || name.trim() === "") return dataError(400, "The name query parameter is required.", path(req));
    if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_MAX_LIMIT)
      return dataError(400, `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`, path(req));
    const query = name
      .toLowerCase()
      .split(/[^\p{L}\p{N}']+/u)
      .filter(Boolean);
    const hits = companies.map((c) => ({ c, s: searchScore(query, c.CompanyName) })).filter((h) => h.s > 0);
    hits.sort((a, b) => b.s - a.s || a.c.CompanyName.localeCompare(b.c.CompanyName));
    return json(200, { Companies: hits.slice(0, limit).map((h) => h.c) });
  };

  const router = new Router();
  const routes: [string, string, MarketHandler][] = [
    ["POST", "/v1/:market/companies", list],
    ["POST", "/v1/:market/companies/batch", batch],
    ["GET", "/v1/:market/companies/:number", one],
    ["GET", "/v1/:market/filters", filters],
    ["GET", "/v1/:market/search", search],
  ];
  for (const [method, pattern, handler] of routes) {
    router.on(method, pattern, (req) => {
      const market = req.params.market as MarketCode;
      if (!MARKETS.includes(market))
        return gatewayError(
          404,
          `Unknown market '${req.params.market ?? ""}'. Valid markets: ${MARKETS.join(", ")}.`,
          path(req),
        );
      return handler(req, market, data[market]);
    });
  }

  return {
    name: "market",
    prefix: "/market",
    faultReply: (status) =>
      status === 500
        ? { status: 500 }
        : gatewayError(
            status,
            status === 429 ? "Rate limit exceeded" : "Upstream unavailable",
            "/market",
            status === 429 ? { "retry-after": "7" } : undefined,
          ),
    async handle(req) {
      const key = bearerToken(req.headers);
      if (!key) return gatewayError(401, "Missing API key.", path(req));
      if (key !== SANDBOX_CREDENTIALS.marketKey) return gatewayError(401, "Invalid API key.", path(req));
      const match = router.match(req.method, req.path);
      if (match.kind === "not-found") return gatewayError(404, `No route for ${req.path}.`, path(req));
      if (match.kind === "wrong-method") return gatewayError(404, `No route for ${req.method} ${req.path}.`, path(req));
      const rate = state.limiter.take(`market:${key}`, state.limits.market);
      if (!rate.ok)
        return gatewayError(
          429,
          `Rate limit exceeded: ${state.limits.market ?? "unlimited"} requests per minute.`,
          path(req),
          { "retry-after": String(rate.retryAfterSeconds) },
        );
      return state.readings.route("market", match.pattern, routed(req, match), match.handler, () =>
        gatewayError(404, `No route matches ${req.method} ${req.path}.`, path(req)),
      );
    },
  };
}
