import { indexOfNumber } from "./data/dataset";
import { FAULT_RATES, type FaultConfig } from "./faults";
import { Router } from "./http/router";
import { type Reply, type RequestContext, json, parseObjectBody } from "./http/types";
import { QUOTA_HEADER_FORMS, type QuotaHeaderForm, type ServiceName } from "./rate-limit";
import type { AdminApi } from "./server";
import type { SandboxState } from "./state";

/**
 * The sandbox's own admin API under `/__admin` (documented in README.md): reset, patch companies,
 * set faults, rate limits and how the product API states its quota, move the clock, revoke matching keys, read callback deliveries.
 * It has no authentication: the sandbox holds only sample data and listens on localhost.
 */

const FAULT_NUMBERS = ["latencyMs", "seed", ...FAULT_RATES] as const;
const SERVICES: readonly ServiceName[] = ["product", "matching", "classification", "market"];

const bad = (message: string): Reply => json(400, { message });

function body(req: RequestContext): { ok: true; value: Record<string, unknown> } | { ok: false; reply: Reply } {
  const parsed = parseObjectBody(req.rawBody, true);
  return parsed.ok ? parsed : { ok: false, reply: bad(parsed.error) };
}

export function parseFaults(input: Record<string, unknown>): Partial<FaultConfig> | string {
  const out: Partial<FaultConfig> = {};
  for (const [key, value] of Object.entries(input)) {
    if ((FAULT_NUMBERS as readonly string[]).includes(key)) {
      if (
        typeof value !== "number" ||
        value < 0 ||
        ((FAULT_RATES as readonly string[]).includes(key) ? value > 1 : false)
      )
        return `${key} must be a number${key.includes("ate") ? " from 0 to 1" : " of 0 or more"}`;
      (out as Record<string, number>)[key] = value;
    } else if (key === "timeoutMs") {
      if (value !== null && (typeof value !== "number" || value < 0))
        return "timeoutMs must be a number or null (hold until close)";
      out.timeoutMs = value as number | null;
    } else if (key === "services") {
      if (value !== null && (!Array.isArray(value) || value.some((s) => !SERVICES.includes(s as ServiceName))))
        return `services must be null or a list of ${SERVICES.join(", ")}`;
      out.services = value as ServiceName[] | null;
    } else if (key === "degradedSteps") {
      if (!Array.isArray(value) || value.some((s) => typeof s !== "string"))
        return "degradedSteps must be a list of step names";
      out.degradedSteps = value as string[];
    } else if (key === "batchFail") {
      if (typeof value !== "boolean") return "batchFail must be true or false";
      out.batchFail = value;
    } else return `unknown fault setting ${key}`;
  }
  return out;
}

export function createAdmin(state: SandboxState): AdminApi {
  const router = new Router();
  const summary = () => ({
    seed: state.settings.seed,
    companies: state.ds.size,
    marketCompanies: state.settings.marketCompanies,
    clockOffsetMs: state.clockOffsetMs,
    now: state.nowIso(),
    faults: state.faults.current,
    rateLimits: state.limits,
    quotaHeaders: state.quotaHeaderForm,
    /** Which process answered (`--processes N` runs several on one port). */
    pid: process.pid,
    recordCache: state.records.stats(),
    memory: {
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    },
  });
  const company = (req: RequestContext) => indexOfNumber(state.ds, req.params.companyNumber ?? "");

  router
    .on("GET", "/", () => json(200, summary()))
    .on("POST", "/reset", () => {
      state.reset();
      return json(200, summary());
    })
    .on("GET", "/companies/:companyNumber", (req) => {
      const i = company(req);
      return i < 0 ? json(404, { message: "Unknown company" }) : json(200, state.patches.record(i));
    })
    .on("POST", "/companies/:companyNumber", (req) => {
      const i = company(req);
      if (i < 0) return json(404, { message: "Unknown company" });
      const fields = body(req);
      if (!fields.ok) return fields.reply;
      const changes = state.patches.patch(i, fields.value, state.nowIso());
      return json(200, { changes, record: state.patches.record(i) });
    })
    .on("GET", "/requests", () => json(200, state.received.snapshot()))
    .on("GET", "/faults", () => json(200, state.faults.current))
    .on("POST", "/faults", (req) => {
      const input = body(req);
      if (!input.ok) return input.reply;
      const parsed = parseFaults(input.value);
      return typeof parsed === "string" ? bad(parsed) : json(200, state.faults.update(parsed));
    })
    .on("GET", "/rate-limits", () => json(200, state.limits))
    .on("POST", "/rate-limits", (req) => {
      const input = body(req);
      if (!input.ok) return input.reply;
      for (const [k, v] of Object.entries(input.value)) {
        if (!SERVICES.includes(k as ServiceName)) return bad(`unknown service ${k}`);
        if (v !== null && !(typeof v === "number" && Number.isInteger(v) && v > 0))
          return bad(`${k} must be a positive integer or null (no limit)`);
        state.limits[k as ServiceName] = v as number | null;
      }
      state.limiter.reset();
      return json(200, state.limits);
    })
    .on("POST", "/quota-headers", (req) => {
      const input = body(req);
      if (!input.ok) return input.reply;
      const form = input.value.form;
      if (!QUOTA_HEADER_FORMS.includes(form as QuotaHeaderForm))
        return bad(`form must be one of ${QUOTA_HEADER_FORMS.join(", ")}`);
      state.quotaHeaderForm = form as QuotaHeaderForm;
      return json(200, { form });
    })
    .on("POST", "/clock", (req) => {
      const input = body(req);
      if (!input.ok) return input.reply;
      const { advanceMs, offsetMs } = input.value;
      if (typeof advanceMs === "number") state.clockOffsetMs += advanceMs;
      else if (typeof offsetMs === "number") state.clockOffsetMs = offsetMs;
      else return bad("Send {advanceMs} or {offsetMs}.");
      return json(200, { clockOffsetMs: state.clockOffsetMs, now: state.nowIso() });
    })
    .on("POST", "/matching-keys/revoke", (req) => {
      const input = body(req);
      if (!input.ok) return input.reply;
      const key = input.value.key;
      if (typeof key !== "string") return bad("Send {key}.");
      state.revokedMatchingKeys.add(key);
      return json(200, { revoked: [...state.revokedMatchingKeys] });
    })
    .on("GET", "/callbacks", () => json(200, { callbacks: state.callbackLog }));

  return {
    async handle(method, path, query, rawBody) {
      const match = router.match(method, path);
      if (match.kind === "not-found") return json(404, { message: "Unknown admin endpoint" });
      if (match.kind === "wrong-method") return json(405, { message: `Use ${match.allowed.join(" or ")}` });
      return match.handler({ method, path, params: match.params, query, headers: {}, rawBody });
    },
  };
}
