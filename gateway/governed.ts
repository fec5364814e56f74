/**
 * One upstream call under the service's quota, as the gateway makes every call:
 *
 * - it waits its turn in the fair queue (limiter.ts), and leaves it when every asker has gone;
 * - a service 429 pauses the quota for its Retry-After and puts the call back first in its
 *   user's queue, up to a bound of tries: the user sees the service's 429 only past that;
 * - classification: the gateway's own login, itself a send under the quota, and a 401 renews the
 *   token at most once per token (a request is resent at most once);
 * - identical calls in flight are merged (in-flight.ts): one send, one parse, every asker served.
 *
 * Every send gets an audit line naming the user whose request made it; the users served by a
 * merged call are audited where they are served (server.ts).
 */
import type { Logger } from "pino";
import type { Service } from "./config";
import { InFlight } from "./in-flight";
import { AbandonedError, type FairLimiter } from "./limiter";
import type { GatewayMetrics } from "./metrics";
import type { UpstreamAnswer, UpstreamCall, UpstreamFailure, Upstreams } from "./upstream";

/** How many times one call goes back into the queue after a service 429 before the user is told. */
const MAX_REFUSALS = 8;
/** A 429 without Retry-After: wait this long before the next send. */
const DEFAULT_PAUSE_MS = 1000;

export interface Asker {
  user: string;
  signal: AbortSignal;
}

export class GovernedCalls {
  private readonly inFlight = new InFlight<unknown>();
  private token: Promise<string | UpstreamFailure> | undefined;
  /** Tokens already renewed after a 401 (recent ones; an old token is never in use again). */
  private readonly reloginsUsed = new Set<string>();

  constructor(
    private readonly upstreams: Upstreams,
    private readonly limiters: Record<Service, FairLimiter>,
    private readonly metrics: GatewayMetrics,
    private readonly log: Logger,
  ) {}

  /** `work` once for every asker of the same key in flight; `merged` says whether this asker joined. */
  shared<T>(
    asker: Asker,
    key: string,
    work: (signal: AbortSignal) => Promise<T>,
  ): { result: Promise<T>; merged: boolean } {
    return this.inFlight.run(key, asker.signal, work) as { result: Promise<T>; merged: boolean };
  }

  /** A plain call, merged with identical ones in flight. */
  call(asker: Asker, call: UpstreamCall, numbers = 0): { result: Promise<UpstreamAnswer>; merged: boolean } {
    const key = `${call.method} ${call.url.href} ${call.body ?? ""}`;
    return this.shared(asker, key, (signal) => this.send(asker.user, call, signal, numbers));
  }

  private async classificationToken(): Promise<string | UpstreamFailure> {
    if (!this.token) {
      const login = (async () => {
        // Shared by every request waiting for a token: no one asker's leaving abandons it.
        await this.limiters.classification.acquire("gateway:login");
        const started = Date.now();
        const result = await this.upstreams.login();
        const status = typeof result === "string" ? 200 : (result.serviceStatus ?? result.status);
        this.metrics.upstream("classification", status, Date.now() - started);
        this.log.info({ audit: true, user: "gateway", service: "classification", operation: "login", status }, "login");
        return result;
      })();
      this.token = login;
      // A failed login is not kept: the next request tries again (under the quota).
      void login.then(
        (t) => {
          if (typeof t !== "string" && this.token === login) this.token = undefined;
        },
        () => {
          if (this.token === login) this.token = undefined;
        },
      );
    }
    return this.token;
  }

  /** Sends `call` once its turn comes, retrying a service 429 through the queue and a stale login once. */
  async send(user: string, call: UpstreamCall, signal: AbortSignal, numbers = 0): Promise<UpstreamAnswer> {
    const limiter = this.limiters[call.service];
    let resentAfter401 = false;
    for (let refusals = 0; ;) {
      try {
        await limiter.acquire(user, signal, refusals > 0);
      } catch (error) {
        if (error instanceof AbandonedError)
          return { kind: "failure", status: 499, error: "client-gone", message: error.message, service: call.service };
        throw error;
      }
      let token = "";
      if (call.service === "classification") {
        const t = await this.classificationToken();
        if (typeof t !== "string") return t;
        token = t;
      } else token = this.upstreams.staticCredential(call.service);
      const started = Date.now();
      const answer = await this.upstreams.send(call, token, signal);
      const ms = Date.now() - started;
      const status = answer.kind === "ok" ? answer.status : (answer.serviceStatus ?? answer.status);
      this.metrics.upstream(call.service, status, ms);
      this.log.info(
        { audit: true, user, service: call.service, operation: call.operation, numbers, status, ms },
        "upstream call",
      );
      if (answer.kind === "ok") return answer;
      if (answer.serviceStatus === 429 && refusals < MAX_REFUSALS) {
        refusals += 1;
        limiter.refused(answer.retryAfterSeconds !== undefined ? answer.retryAfterSeconds * 1000 : DEFAULT_PAUSE_MS);
        continue;
      }
      if (call.service === "classification" && answer.serviceStatus === 401 && !resentAfter401) {
        resentAfter401 = true;
        // Renew only the token that was refused, and only once in its lifetime.
        if (!this.reloginsUsed.has(token)) {
          if (this.reloginsUsed.size > 64) this.reloginsUsed.clear();
          this.reloginsUsed.add(token);
          this.token = undefined;
        }
        refusals += 1;
        continue;
      }
      return answer;
    }
  }
}
