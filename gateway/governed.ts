/**
 * One upstream call under the service's quota, as the gateway makes every call:
 *
 * - it waits its turn in the fair queue (limiter.ts), and leaves it when every asker has gone;
 * - a service 429 pauses the quota for its Retry-After and puts the call back first in its
 *   user's queue, up to a bound of tries: the user sees the service's 429 only past that;
 * - classification: the gateway's own login (classification-login.ts), itself a send under the
 *   quota; a token is tried by one call before the others use it, a 401 renews it once for every
 *   waiting call, each call is resent at most once, and a service that still refuses gets no login
 *   for a cool-down;
 * - identical calls in flight are merged (in-flight.ts): one send, one parse, every asker served.
 *
 * Every send gets an audit line naming the user whose request made it; the users served by a
 * merged call are audited where they are served (routes/api.ts).
 */
import type { Logger } from "pino";
import { ClassificationLogin, LeaseAbandoned, type Lease } from "./classification-login";
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
  private readonly login: ClassificationLogin;

  constructor(
    private readonly upstreams: Upstreams,
    private readonly limiters: Record<Service, FairLimiter>,
    private readonly metrics: GatewayMetrics,
    private readonly log: Logger,
    coolDownMs?: number,
  ) {
    this.login = new ClassificationLogin(() => this.classificationLogin(), coolDownMs);
  }

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

  /** One login, under the classification quota; shared by every request waiting for a token. */
  private async classificationLogin(): Promise<string | UpstreamFailure> {
    await this.limiters.classification.acquire("gateway:login", undefined, true);
    const started = Date.now();
    const result = await this.upstreams.login();
    const status = typeof result === "string" ? 200 : (result.serviceStatus ?? result.status);
    this.metrics.upstream("classification", status, Date.now() - started);
    this.log.info({ audit: true, user: "gateway", service: "classification", operation: "login", status }, "login");
    return result;
  }

  /** Sends `call` once its turn comes, retrying a service 429 through the queue and a refused login once. */
  async send(user: string, call: UpstreamCall, signal: AbortSignal, numbers = 0): Promise<UpstreamAnswer> {
    const limiter = this.limiters[call.service];
    const gone = (message: string): UpstreamFailure => ({
      kind: "failure",
      status: 499,
      error: "client-gone",
      message,
      service: call.service,
    });
    let resentAfter401 = false;
    for (let refusals = 0; ;) {
      let lease: Lease | undefined;
      if (call.service === "classification") {
        try {
          const leased = await this.login.lease(signal);
          if ("kind" in leased) return leased;
          lease = leased;
        } catch (error) {
          if (error instanceof LeaseAbandoned) return gone(error.message);
          throw error;
        }
      }
      try {
        await limiter.acquire(user, signal, refusals > 0);
      } catch (error) {
        if (lease) this.login.settle(lease, "other");
        if (error instanceof AbandonedError) return gone(error.message);
        throw error;
      }
      const token = lease
        ? lease.token
        : this.upstreams.staticCredential(call.service as Exclude<Service, "classification">);
      const started = Date.now();
      this.metrics.sending(call.service, 1);
      let answer: UpstreamAnswer;
      try {
        answer = await this.upstreams.send(call, token, signal);
      } catch (error) {
        // A call that ended without an answer still ends its lease, or the login's waiters would wait for ever.
        if (lease) this.login.settle(lease, "other");
        throw error;
      } finally {
        this.metrics.sending(call.service, -1);
      }
      const ms = Date.now() - started;
      const status = answer.kind === "ok" ? answer.status : (answer.serviceStatus ?? answer.status);
      this.metrics.upstream(call.service, status, ms);
      this.log.info(
        { audit: true, user, service: call.service, operation: call.operation, numbers, status, ms },
        "upstream call",
      );
      const refused = answer.kind === "failure" && answer.serviceStatus === 401;
      if (lease)
        this.login.settle(
          lease,
          answer.kind === "ok" ? "ok" : refused ? "refused" : "other",
          answer.kind === "failure" ? answer : undefined,
        );
      if (answer.kind === "ok") return answer;
      if (answer.serviceStatus === 429 && refusals < MAX_REFUSALS) {
        refusals += 1;
        limiter.refused(answer.retryAfterSeconds !== undefined ? answer.retryAfterSeconds * 1000 : DEFAULT_PAUSE_MS);
        continue;
      }
      if (lease && refused && !resentAfter401) {
        // Sent again with the renewed token (shared by every call the 401 reached), once.
        resentAfter401 = true;
        refusals += 1;
        continue;
      }
      return (refused && this.login.cooling()) || answer;
    }
  }
}
