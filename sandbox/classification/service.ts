import { CLASSIFICATION_USERS, JWT_SECRET } from "../credentials";
import { Router } from "../http/router";
import { type Reply, type RequestContext, bearerToken, isObject, json, parseJson } from "../http/types";
import { signJwt, verifyJwt } from "../jwt";
import { detail, type ValidationDetail } from "../matching/request";
import { type Service, routed } from "../service";
import type { SandboxState } from "../state";
import { classifyText, websiteText } from "./classifier";

/**
 * Instant classification and its login under `<origin>/classification`.
 * Login: form-encoded password flow → `{access_token, token_type: "bearer"}` (HS256 JWT with `exp`);
 * 400 wrong credentials, 422 missing fields. Classification: 401 without a valid unexpired JWT,
 * 429 over 5 a minute per user, 402 once the free-tier user's quota is used, 422 for invalid input,
 * 504 when the fault flag says the classification timed out.
 */

export const MAX_TEXT = 1000;
export const MAX_WEBSITE = 500;
const MESSAGES: Readonly<Record<number, string>> = {
  429: "Rate limit exceeded",
  500: "Internal server error",
  503: "Service unavailable",
  504: "Classification timed out",
};

const unprocessable = (errors: ValidationDetail[]): Reply => json(422, { detail: errors });
const unauthorised = (message: string): Reply => json(401, { detail: message }, { "WWW-Authenticate": "Bearer" });

function login(state: SandboxState, req: RequestContext): Reply {
  const form = new URLSearchParams(req.rawBody.toString("utf8"));
  const errors: ValidationDetail[] = [];
  for (const field of ["username", "password"])
    if (!form.get(field)) errors.push(detail(["body", field], "missing", "Field required", null));
  const grant = form.get("grant_type");
  if (grant !== null && grant !== "password")
    errors.push(
      detail(["body", "grant_type"], "string_pattern_mismatch", "String should match pattern '^password$'", grant, {
        pattern: "^password$",
      }),
    );
  if (errors.length > 0) return unprocessable(errors);
  const username = form.get("username") ?? "";
  const user = CLASSIFICATION_USERS[username];
  if (!user || user.password !== form.get("password")) return json(400, { detail: "Incorrect username or password" });
  const iat = Math.floor(state.now() / 1000);
  return json(200, {
    access_token: signJwt(
      { sub: username, iat, exp: iat + state.settings.jwtLifetimeSeconds, scope: form.get("scope") ?? "" },
      JWT_SECRET,
    ),
    token_type: "bearer",
  });
}

function validate(body: unknown): { text?: string; website?: string; errors: ValidationDetail[] } {
  if (!isObject(body))
    return { errors: [detail(["body"], "model_attributes_type", "Input should be a valid dictionary", body)] };
  const { Text: text, Website: website } = body;
  const errors: ValidationDetail[] = [];
  for (const [field, value, max] of [
    ["Text", text, MAX_TEXT],
    ["Website", website, MAX_WEBSITE],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (typeof value !== "string")
      errors.push(detail(["body", field], "string_type", "Input should be a valid string", value));
    else if (value.length > max)
      errors.push(
        detail(["body", field], "string_too_long", `String should have at most ${max} characters`, value, {
          max_length: max,
        }),
      );
  }
  const has = (v: unknown) => typeof v === "string" && v.trim() !== "";
  if (has(text) && has(website))
    errors.push(detail(["body"], "value_error", "Value error, send either Text or Website, not both", body));
  if (!has(text) && !has(website))
    errors.push(detail(["body"], "value_error", "Value error, send either Text or Website", body));
  return errors.length > 0
    ? { errors }
    : { errors, ...(has(text) ? { text: text as string } : { website: website as string }) };
}

export function createClassificationService(state: SandboxState): Service {
  const usage = new Map<string, number>();
  state.onReset(() => usage.clear());

  const classify = (req: RequestContext): Reply => {
    const token = bearerToken(req.headers);
    if (!token) return unauthorised("Not authenticated");
    const check = verifyJwt(token, JWT_SECRET, Math.floor(state.now() / 1000));
    if (!check.ok) return unauthorised(check.reason === "expired" ? "Token expired" : "Could not validate credentials");
    const user = check.claims.sub;
    const rate = state.limiter.take(`classification:${user}`, state.limits.classification);
    if (!rate.ok) return json(429, { detail: MESSAGES[429] }, { "Retry-After": String(rate.retryAfterSeconds) });
    if (CLASSIFICATION_USERS[user]?.freeTier && (usage.get(user) ?? 0) >= state.settings.freeTierQuota) {
      return json(402, { detail: `Free tier of ${state.settings.freeTierQuota} requests used up` });
    }
    const parsed = parseJson(req.rawBody);
    if (!parsed.ok)
      return unprocessable([detail(["body", "0"], "json_invalid", "JSON decode error", {}, { error: parsed.error })]);
    const input = validate(parsed.value);
    if (input.errors.length > 0) return unprocessable(input.errors);
    const started = performance.now();
    const description = input.text ?? websiteText(state.ds, input.website ?? "");
    const result = classifyText(state.ds, description);
    usage.set(user, (usage.get(user) ?? 0) + 1);
    return json(200, {
      ...result,
      ProcessingTimeMs: Math.round(performance.now() - started),
      ...(input.website ? { Website: input.website } : {}),
      Description: description,
    });
  };

  const router = new Router()
    .on("POST", "/api/v1/login/access-token", (req) => login(state, req))
    .on("POST", "/api/v1/instantClassification", classify);

  return {
    name: "classification",
    prefix: "/classification",
    faultReply: (status) =>
      json(status, { detail: MESSAGES[status] ?? "Error" }, status === 429 ? { "Retry-After": "12" } : undefined),
    async handle(req) {
      const match = router.match(req.method, req.path);
      if (match.kind === "not-found") return json(404, { detail: "Not Found" });
      if (match.kind === "wrong-method") return json(405, { detail: "Method Not Allowed" });
      return match.handler(routed(req, match));
    },
  };
}
