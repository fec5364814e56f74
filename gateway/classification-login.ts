/**
 * The gateway's own classification login, shared by every classification call. The rule: a
 * service that refuses the team's credential costs a few requests, never one per waiting user.
 *
 * - One login at a time; every call waiting for a token shares it.
 * - A token is proven by its first 2xx. Until then one call at a time tries it (the probe) and
 *   the others wait for that call's outcome, so a refused token costs one call, not one per waiter.
 * - A 401 renews the token once (one shared login); each call is resent at most once (governed.ts).
 * - The service still refusing, a token fresh from that renewal refused again, or a login refused,
 *   means it refuses the team's credential: every waiting call gets a clear error, and no login is
 *   tried for a cool-down. After it, one login and one call find out whether it was fixed.
 */
import type { UpstreamFailure } from "./upstream";

/** How long the gateway leaves a service that refuses its credential before logging in again. */
export const CREDENTIAL_COOL_DOWN_MS = 30_000;

export interface Lease {
  token: string;
}

/** How the call made with a lease ended, as far as the token is concerned. */
export type LeaseOutcome = "ok" | "refused" | "other";

type Login = () => Promise<string | UpstreamFailure>;

/** Statuses by which a login says the username or password is wrong (CONTRACT-CHOICES: 400 and 401 both). */
const REFUSED_LOGIN = new Set([400, 401, 403]);

export class ClassificationLogin {
  /** The login in flight, or its outcome while it is the current one. */
  private token: Promise<string | UpstreamFailure> | undefined;
  /** The current token, once its login has answered. */
  private current: string | undefined;
  private proven = false;
  /** While one call tries an unproven token: that call's lease, and its outcome for the others. */
  private probe: { lease: Lease; done: Promise<void>; release: () => void } | undefined;
  /** The current token came from a renewal after a refusal: refused again, the service refuses us. */
  private renewedAfterRefusal = false;
  private coolUntil = 0;
  private refusal: UpstreamFailure | undefined;

  constructor(
    private readonly login: Login,
    private readonly coolDownMs = CREDENTIAL_COOL_DOWN_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token to send with, once it is this call's turn to use it; or the failure every waiter gets. */
  async lease(signal?: AbortSignal): Promise<Lease | UpstreamFailure> {
    for (;;) {
      if (signal?.aborted) throw new LeaseAbandoned();
      const cooling = this.cooling();
      if (cooling) return cooling;
      this.token ??= this.startLogin();
      const token = await this.token;
      if (typeof token !== "string") return this.cooling() ?? token;
      // Renewed while this call waited for the login: look again.
      if (token !== this.current) continue;
      const lease = { token };
      if (this.proven) return lease;
      if (!this.probe) {
        let release = () => undefined as void;
        const done = new Promise<void>((resolve) => (release = resolve));
        this.probe = { lease, done, release };
        return lease;
      }
      await untilSettled(this.probe.done, signal);
    }
  }

  /** Tells how a call made with `lease` ended: a 2xx proves its token, a 401 renews or cools down. */
  settle(lease: Lease, outcome: LeaseOutcome, answer?: UpstreamFailure): void {
    if (lease.token === this.current) {
      if (outcome === "ok") {
        this.proven = true;
        this.renewedAfterRefusal = false;
      } else if (outcome === "refused") {
        if (this.renewedAfterRefusal && !this.proven) this.coolDown(answer);
        else this.renewedAfterRefusal = true;
        this.token = undefined;
        this.current = undefined;
        this.proven = false;
      }
    }
    // The probe's outcome is known (or it ended without one): the waiters look again.
    if (this.probe?.lease === lease) {
      this.probe.release();
      this.probe = undefined;
    }
  }

  /** The failure every call gets while the gateway leaves a service that refused its credential. */
  cooling(): UpstreamFailure | undefined {
    const left = this.coolUntil - this.now();
    if (left <= 0 || !this.refusal) return undefined;
    return { ...this.refusal, retryAfterSeconds: Math.ceil(left / 1000) };
  }

  private coolDown(answer: UpstreamFailure | undefined): void {
    this.coolUntil = this.now() + this.coolDownMs;
    const seconds = Math.ceil(this.coolDownMs / 1000);
    this.refusal = {
      kind: "failure",
      status: 502,
      error: "upstream-credential-refused",
      message:
        `The classification service refuses the team's credential (a fresh login was refused too); ` +
        `the gateway tries again in ${seconds} s. Ask the gateway's administrator to check its classification login.`,
      service: "classification",
      serviceStatus: answer?.serviceStatus ?? 401,
      retryAfterSeconds: seconds,
    };
  }

  private startLogin(): Promise<string | UpstreamFailure> {
    const login = this.login();
    this.current = undefined;
    this.proven = false;
    void login.then(
      (token) => {
        if (this.token !== login) return;
        if (typeof token === "string") return void (this.current = token);
        // A refused login is the credential refused; anything else (a 5xx, no answer) is tried again.
        if (REFUSED_LOGIN.has(token.serviceStatus ?? 0)) this.coolDown(token);
        this.token = undefined;
      },
      () => {
        if (this.token === login) this.token = undefined;
      },
    );
    return login;
  }
}

export class LeaseAbandoned extends Error {
  constructor() {
    super("The client went away while its request waited for the classification login.");
  }
}

function untilSettled(done: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return done;
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(new LeaseAbandoned());
    signal.addEventListener("abort", onAbort, { once: true });
    void done.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}
