import { SANDBOX_CREDENTIALS } from "../credentials";
import { mixSeed, mulberry32 } from "../data/prng";
import { Router } from "../http/router";
import { type Reply, type RequestContext, bearerToken, isObject, json, parseJson } from "../http/types";
import { looksLikeJwt } from "../jwt";
import { type Service, routed } from "../service";
import type { SandboxState } from "../state";
import { BatchJobs } from "./batch";
import { Matcher } from "./matcher";
import { type MatchRequest, type ValidationDetail, detail, validateMatchRequest } from "./request";
import { matchResult } from "./result";

/**
 * The company matching service under `<origin>/matching`: `POST /api/v1/match` and batch jobs.
 * Keys are `dm_live_…` bearer keys; a missing, malformed, unknown or revoked key, or a JWT, is 401.
 * 120 match requests a minute per key (status polls are free); 429 bodies carry `detail` or `error`.
 */

export const MAX_BATCH = 1000;
const KEYS: Readonly<Record<string, { superuser: boolean }>> = {
  [SANDBOX_CREDENTIALS.matchingKey]: { superuser: false },
  [SANDBOX_CREDENTIALS.matchingSuperuserKey]: { superuser: true },
};
const MESSAGES: Readonly<Record<number, string>> = {
  429: "Too many requests",
  500: "Internal server error",
  503: "Matching pipeline unavailable",
  504: "Upstream timed out",
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const unprocessable = (errors: ValidationDetail[]): Reply => json(422, { detail: errors });

function readBody(req: RequestContext): { value: unknown } | Reply {
  const parsed = parseJson(req.rawBody);
  return parsed.ok
    ? { value: parsed.value }
    : unprocessable([detail(["body", "0"], "json_invalid", "JSON decode error", {}, { error: parsed.error })]);
}

function validateCallback(body: Record<string, unknown>): ValidationDetail[] {
  const { callback_url: url, webhook_secret: secret } = body;
  const errors: ValidationDetail[] = [];
  if (url !== undefined && url !== null) {
    let ok = false;
    try {
      ok = typeof url === "string" && ["http:", "https:"].includes(new URL(url).protocol);
    } catch {
      ok = false;
    }
    if (!ok)
      errors.push(detail(["body", "callback_url"], "url_parsing", "Input should be a valid absolute http(s) URL", url));
    if (typeof secret !== "string")
      errors.push(
        detail(
          ["body", "webhook_secret"],
          "missing",
          "webhook_secret is required when callback_url is given",
          secret ?? null,
        ),
      );
  } else if (secret !== undefined && secret !== null) {
    errors.push(
      detail(["body", "callback_url"], "missing", "callback_url is required when webhook_secret is given", null),
    );
  }
  if (typeof secret === "string" && (secret.length < 16 || secret.length > 256)) {
    errors.push(
      detail(
        ["body", "webhook_secret"],
        secret.length < 16 ? "string_too_short" : "string_too_long",
        "webhook_secret must have 16 to 256 characters",
        secret,
        { min_length: 16, max_length: 256 },
      ),
    );
  }
  return errors;
}

export function createMatchingService(state: SandboxState): Service {
  const matcher = new Matcher(state.ds, state.patches);
  const latencyRng = mulberry32(mixSeed(state.settings.seed, 0x1a7e));
  const run = (request: MatchRequest, superuser: boolean) =>
    matchResult(
      state,
      request,
      matcher.match(request.input_name, request, state.faults.current.degradedSteps),
      superuser,
    );
  const jobs = new BatchJobs(state, run);
  state.onReset(() => jobs.clear());
  const superuserOf = (req: RequestContext) => KEYS[bearerToken(req.headers) ?? ""]?.superuser ?? false;

  const router = new Router()
    .on("POST", "/api/v1/match", async (req) => {
      const body = readBody(req);
      if ("status" in body) return body;
      const { request, errors } = validateMatchRequest(body.value, ["body"]);
      if (!request) return unprocessable(errors);
      const [min, max] = state.settings.matchLatencyMs;
      await sleep(min + latencyRng() * Math.max(0, max - min));
      return json(200, run(request, superuserOf(req)));
    })
    .on("POST", "/api/v1/match/batch", (req) => {
      const body = readBody(req);
      if ("status" in body) return body;
      if (!isObject(body.value))
        return unprocessable([
          detail(["body"], "model_attributes_type", "Input should be a valid dictionary", body.value),
        ]);
      const companies = body.value.companies;
      if (!Array.isArray(companies))
        return unprocessable([
          detail(
            ["body", "companies"],
            companies === undefined ? "missing" : "list_type",
            companies === undefined ? "Field required" : "Input should be a valid list",
            companies ?? null,
          ),
        ]);
      if (companies.length === 0 || companies.length > MAX_BATCH) {
        return unprocessable([
          detail(
            ["body", "companies"],
            companies.length === 0 ? "too_short" : "too_long",
            `List should have 1 to ${MAX_BATCH} items, not ${companies.length}`,
            `list of ${companies.length}`,
            { min_length: 1, max_length: MAX_BATCH, actual_length: companies.length },
          ),
        ]);
      }
      const checked = companies.map((c, k) => validateMatchRequest(c, ["body", "companies", String(k)]));
      const errors = [...checked.flatMap((c) => c.errors), ...validateCallback(body.value)];
      if (errors.length > 0) return unprocessable(errors);
      const url = body.value.callback_url;
      const secret = body.value.webhook_secret;
      const callback = typeof url === "string" && typeof secret === "string" ? { url, secret } : undefined;
      return json(
        202,
        jobs.submit(
          checked.map((c) => c.request as MatchRequest),
          superuserOf(req),
          callback,
        ),
      );
    })
    .on("GET", "/api/v1/match/batch/:jobId", (req) => {
      const view = jobs.status(req.params.jobId ?? "");
      return view ? json(200, view) : json(404, { detail: "Job not found" });
    })
    .on("GET", "/api/v1/match/batch/:jobId/results", (req) => {
      const results = jobs.results(req.params.jobId ?? "");
      if (results === undefined) return json(404, { detail: "Job not found" });
      if (results === "queued")
        return json(409, { detail: "Job is queued; poll its status until it is running, completed or failed." });
      return json(200, results);
    });

  const tooMany = (retryAfter: number): Reply =>
    json(429, state.faults.draw() < 0.5 ? { detail: "Too many requests" } : { error: "Rate limit exceeded" }, {
      "Retry-After": String(retryAfter),
    });

  return {
    name: "matching",
    prefix: "/matching",
    faultReply: (status) => (status === 429 ? tooMany(5) : json(status, { detail: MESSAGES[status] ?? "Error" })),
    async handle(req) {
      const match = router.match(req.method, req.path);
      if (match.kind === "not-found") return json(404, { detail: "Not Found" });
      if (match.kind === "wrong-method") return json(405, { detail: "Method Not Allowed" });
      const key = bearerToken(req.headers);
      if (!key) return json(401, { detail: "Missing API key" });
      if (looksLikeJwt(key)) return json(401, { detail: "A login token is not an API key" });
      if (!key.startsWith("dm_live_")) return json(401, { detail: "Malformed API key" });
      if (!KEYS[key] || state.revokedMatchingKeys.has(key))
        return json(401, { detail: state.revokedMatchingKeys.has(key) ? "API key revoked" : "Unknown API key" });
      if (req.method === "POST") {
        const rate = state.limiter.take(`matching:${key}`, state.limits.matching);
        if (!rate.ok) return tooMany(rate.retryAfterSeconds);
      }
      return state.readings.route("matching", match.pattern, routed(req, match), match.handler, () =>
        json(404, { detail: "Not Found" }),
      );
    },
  };
}
