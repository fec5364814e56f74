/**
 * Calls to the services, with the team's credential in place of the user's. What comes back is
 * checked before anyone sees it:
 *
 * - a redirect is not followed (it would carry the credential elsewhere): 502;
 * - only complete JSON is passed on, parsed here once (the parse is shared by every merged
 *   waiter): an HTML page or a cut body is 502;
 * - a service error becomes the gateway's own JSON (service, status, the service's message with
 *   anything credential-shaped removed), never the service's body;
 * - no answer within the operation's own limit (operations.ts; the operator may cap every limit)
 *   aborts the call (AbortSignal): 504, and the held connection is closed.
 *
 * Connections are kept alive and pooled by Node's fetch (undici). The classification login is the
 * gateway's own; `Upstreams` only performs it: when to log in is the caller's (under the quota).
 */
import type { GatewayConfig, Service } from "./config";
import { OPERATION_TIMEOUT_MS } from "./timeouts";
import { scrub, serviceMessage } from "./scrub";

export interface UpstreamCall {
  service: Service;
  method: string;
  url: URL;
  /** What the audit line names: the operation, never the URL with its parameters. */
  operation: string;
  /** How long the service may take to answer (the operation's own limit, operations.ts). */
  timeoutMs: number;
  body?: string;
  contentType?: string;
  /**
   * The caller reads a 2xx answer's JSON itself and checks it as strictly (companies.ts takes
   * each record's text as it is): `json` is then undefined. Errors are still parsed here.
   */
  textOnly?: boolean;
}

/** A service's JSON answer (2xx), parsed once (not here for a `textOnly` call). */
export interface UpstreamOk {
  kind: "ok";
  status: number;
  text: string;
  json: unknown;
}

/** Anything else, as the gateway will say it to the user. */
export interface UpstreamFailure {
  kind: "failure";
  status: number;
  error: string;
  message: string;
  service: Service;
  serviceStatus?: number;
  retryAfterSeconds?: number;
}

export type UpstreamAnswer = UpstreamOk | UpstreamFailure;

const isJson = (type: string | null) => /^application\/([\w.+-]+\+)?json\b/i.test(type ?? "");

export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

export class Upstreams {
  private readonly secrets: string[];

  constructor(private readonly config: GatewayConfig) {
    const c = config.credentials;
    this.secrets = [c.productToken, c.matchingKey, c.marketKey, c.classificationPassword, c.classificationUsername];
  }

  /** Everything credential-shaped this gateway knows of, for scrubbing (the login token included). */
  addSecret(secret: string): void {
    this.secrets.push(secret);
    // The fixed five and the last few login tokens: an older token no longer opens anything.
    if (this.secrets.length > 10) this.secrets.splice(5, 1);
  }

  staticCredential(service: Exclude<Service, "classification">): string {
    const c = this.config.credentials;
    return service === "product" ? c.productToken : service === "matching" ? c.matchingKey : c.marketKey;
  }

  async send(call: UpstreamCall, token: string, signal?: AbortSignal): Promise<UpstreamAnswer> {
    const failure = (status: number, error: string, message: string, extra: Partial<UpstreamFailure> = {}) =>
      ({ kind: "failure", status, error, message, service: call.service, ...extra }) as UpstreamFailure;
    // The operator's cap, when set, bounds every operation's own limit.
    const limitMs = Math.min(call.timeoutMs, this.config.upstreamTimeoutMs ?? call.timeoutMs);
    const timeout = AbortSignal.timeout(limitMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(call.url, {
        method: call.method,
        redirect: "manual",
        headers: {
          accept: "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(call.contentType ? { "content-type": call.contentType } : {}),
        },
        ...(call.body !== undefined && call.method !== "GET" ? { body: call.body } : {}),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted)
        return failure(
          504,
          "upstream-timeout",
          `The ${call.service} service did not answer within ${Math.round(limitMs / 1000)} s.`,
        );
      if (signal?.aborted) return failure(499, "client-gone", "The client went away.");
      return failure(502, "upstream-unreachable", `The ${call.service} service could not be reached.`, {
        message: scrub(`The ${call.service} service could not be reached (${String(error)}).`, this.secrets),
      });
    }
    const status = response.status;
    const type = response.headers.get("content-type");
    if (status >= 300 && status < 400)
      return failure(
        502,
        "upstream-redirect",
        `The ${call.service} service answered a redirect (${status}); not followed.`,
        {
          serviceStatus: status,
        },
      );
    let json: unknown;
    let parsed = false;
    const ok = status >= 200 && status < 300;
    if (ok && call.textOnly && isJson(type)) return { kind: "ok", status, text, json: undefined };
    if (isJson(type) && text !== "")
      try {
        json = JSON.parse(text);
        parsed = true;
      } catch {
        // A cut or broken body: said below, never passed on or cached.
      }
    if (ok) {
      if (!isJson(type))
        return failure(
          502,
          "upstream-not-json",
          `The ${call.service} service answered ${type ?? "no content type"}, not JSON.`,
          {
            serviceStatus: status,
          },
        );
      if (!parsed)
        return failure(502, "upstream-bad-json", `The ${call.service} service's answer was not complete JSON.`, {
          serviceStatus: status,
        });
      return { kind: "ok", status, text, json };
    }
    const said = parsed ? serviceMessage(json) : undefined;
    const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
    return failure(
      // A 401 is the team's credential refused: the gateway's trouble, not the user's sign-in.
      status >= 500 || status < 400 || status === 401 ? 502 : status,
      "upstream-error",
      scrub(said ?? `The ${call.service} service answered ${status}.`, this.secrets),
      { serviceStatus: status, ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}) },
    );
  }

  /** The gateway's own classification login: a token, or a failure in the gateway's words. */
  async login(signal?: AbortSignal): Promise<string | UpstreamFailure> {
    const c = this.config.credentials;
    const url = new URL(this.config.upstreams.classification);
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/api/v1/login/access-token`;
    const form = new URLSearchParams({
      username: c.classificationUsername,
      password: c.classificationPassword,
      grant_type: "password",
    });
    const answer = await this.send(
      {
        service: "classification",
        method: "POST",
        url,
        operation: "login",
        timeoutMs: OPERATION_TIMEOUT_MS,
        body: form.toString(),
        contentType: "application/x-www-form-urlencoded",
      },
      "",
      signal,
    );
    if (answer.kind === "failure") return answer;
    const token = (answer.json as { access_token?: unknown }).access_token;
    if (typeof token !== "string")
      return {
        kind: "failure",
        status: 502,
        error: "upstream-login",
        message: "The classification login gave no token.",
        service: "classification",
      };
    this.addSecret(token);
    return token;
  }

  /** Whether the service answers at all (any status), for /readyz. Sends no credential. */
  async reachable(service: Service): Promise<boolean> {
    try {
      const response = await fetch(this.config.upstreams[service], {
        method: "GET",
        redirect: "manual",
        signal: AbortSignal.timeout(3000),
      });
      await response.arrayBuffer();
      return true;
    } catch {
      return false;
    }
  }
}
