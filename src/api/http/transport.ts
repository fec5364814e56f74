/**
 * A service's way of sending: fetch its own credential, wait for the governor, send one
 * attempt, and retry as the policy allows. Every client method goes through `send`. What an
 * answer's headers say of the service's quota goes to the governor, whatever the answer's status.
 */
import type { z } from "zod";
import type { CredentialSource, InvalidationReason, ServiceName } from "../credentials";
import type { BodyReader } from "./body-reader";
import { AbortedError, AuthRequiredError, RateLimitedError, type AuthProblem } from "./errors";
import type { Governor } from "./governor";
import { readStatedQuota } from "./quota-headers";
import { redactUrl } from "./redact";
import { buildUrl, sendOnce, type RequestSpec } from "./request";
import { noRetriesYet, planRetry, type RetryPolicy } from "./retry";
import type { Answer, CallOptions, Clock, FetchLike, RandomSource } from "./types";

export interface TransportOptions {
  service: ServiceName;
  baseUrl: string;
  fetch: FetchLike;
  clock: Clock;
  random: RandomSource;
  credentials: CredentialSource;
  governor: Governor;
  retry: RetryPolicy;
  /**
   * Talking to a team gateway: the user's Refresh (`x-ukco-refresh`) and the fields a list answer
   * needs (`x-ukco-fields`) are passed on; direct to a service neither is sent.
   */
  throughGateway?: boolean;
  /** Where 2xx bodies are parsed and cut (body-reader.ts); on the calling thread by default. */
  bodyReader?: BodyReader;
  /** Refuses a stored credential this service does not take, before anything is sent. */
  checkCredential?: (token: string, nowMs: number) => Extract<AuthProblem, "wrong-kind" | "expired"> | undefined;
}

export interface Transport {
  readonly service: ServiceName;
  readonly clock: Clock;
  send<S extends z.ZodType>(spec: RequestSpec<S>, options?: CallOptions): Promise<z.output<S>>;
  /** `send`, answering with the headers and the cut too. */
  answer<S extends z.ZodType>(spec: RequestSpec<S>, options?: CallOptions): Promise<Answer<z.output<S>>>;
}

async function tell(credentials: CredentialSource, service: ServiceName, reason: InvalidationReason): Promise<void> {
  try {
    await credentials.invalidate(service, reason);
  } catch {
    // The auth error the caller gets matters more than a failing store.
  }
}

export function createTransport(o: TransportOptions): Transport {
  async function credentialFor(spec: RequestSpec<z.ZodType>): Promise<string | undefined> {
    if (spec.anonymous) return undefined;
    const token = await o.credentials.getToken(o.service);
    if (!token) throw new AuthRequiredError(o.service, "missing");
    const problem = o.checkCredential?.(token, o.clock.now());
    if (problem) {
      await tell(o.credentials, o.service, problem);
      throw new AuthRequiredError(o.service, problem);
    }
    return token;
  }

  async function answer<S extends z.ZodType>(
    spec: RequestSpec<S>,
    options: CallOptions = {},
  ): Promise<Answer<z.output<S>>> {
    const { signal, onWait, refresh, fields } = options;
    if (signal?.aborted) throw new AbortedError(o.service);
    const token = await credentialFor(spec);
    const counts = noRetriesYet();
    // While a 429 has paused the service for longer than we would sit out, fail at once with the wait.
    const pausedTooLong = (retryAfterMs: number) =>
      new RateLimitedError(o.service, {
        status: 429,
        method: spec.method,
        url: redactUrl(buildUrl(o.baseUrl, spec.path, spec.query)),
        origin: "service",
        retryAfterMs,
      });
    for (;;) {
      const permit = await o.governor.acquire({
        signal,
        onWait,
        rateExempt: spec.rateExempt,
        maxPauseMs: o.retry.maxRetryAfterMs,
        pausedTooLong,
      });
      let delay: number | undefined;
      try {
        return await sendOnce(
          {
            service: o.service,
            baseUrl: o.baseUrl,
            fetch: o.fetch,
            clock: o.clock,
            token,
            signal,
            refresh: refresh && o.throughGateway,
            fields: o.throughGateway ? fields : undefined,
            // Cut here too, direct or not: a service sends whole records, and a gateway may ignore the header.
            cut: fields,
            bodyReader: o.bodyReader,
            onResponse: (headers) => {
              const quota = readStatedQuota(headers, o.clock.now());
              if (quota) o.governor.state(quota, permit);
            },
          },
          spec,
        );
      } catch (error) {
        if (error instanceof AuthRequiredError && error.problem === "rejected")
          await tell(o.credentials, o.service, "rejected");
        if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) o.governor.pause(error.retryAfterMs);
        delay = planRetry(error, counts, o.retry, spec.idempotent, o.random);
        if (delay === undefined) throw error;
        if (error instanceof RateLimitedError) o.governor.noteThrottleAbsorbed();
      } finally {
        permit.release();
      }
      try {
        await o.clock.sleep(delay, signal);
      } catch {
        throw new AbortedError(o.service);
      }
    }
  }

  const send = async <S extends z.ZodType>(spec: RequestSpec<S>, options?: CallOptions) =>
    (await answer(spec, options)).data;
  return { service: o.service, clock: o.clock, send, answer };
}
