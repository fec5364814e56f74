/**
 * Calls to the services, with the team's credential added (the user's never travels on). The
 * classification service's login is the gateway's own: one token, renewed on expiry or a 401.
 */
import type { GatewayConfig, Service } from "./config";

export interface UpstreamAnswer {
  status: number;
  contentType: string | undefined;
  retryAfter: string | undefined;
  body: string;
}

export interface UpstreamCall {
  service: Service;
  method: string;
  /** The path below the service's base URL, with its query. */
  path: string;
  body?: string;
  contentType?: string;
}

export class Upstreams {
  private classificationToken: Promise<string> | undefined;

  constructor(private readonly config: GatewayConfig) {}

  private async credential(service: Service, renew = false): Promise<string> {
    const c = this.config.credentials;
    if (service === "product") return c.productToken;
    if (service === "matching") return c.matchingKey;
    if (service === "market") return c.marketKey;
    if (renew || !this.classificationToken) this.classificationToken = this.login();
    return this.classificationToken;
  }

  private async login(): Promise<string> {
    const c = this.config.credentials;
    const form = new URLSearchParams({
      username: c.classificationUsername,
      password: c.classificationPassword,
      grant_type: "password",
    });
    const response = await fetch(`${this.config.upstreams.classification}/api/v1/login/access-token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    if (!response.ok) {
      this.classificationToken = undefined;
      throw new Error(`The classification login answered ${response.status}.`);
    }
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async send(call: UpstreamCall, renew = false): Promise<UpstreamAnswer> {
    const token = await this.credential(call.service, renew);
    const response = await fetch(`${this.config.upstreams[call.service]}${call.path}`, {
      method: call.method,
      headers: {
        accept: "application/json",
        authorization: `Bearer ${token}`,
        ...(call.contentType ? { "content-type": call.contentType } : {}),
      },
      ...(call.body !== undefined && call.method !== "GET" ? { body: call.body } : {}),
    });
    if (response.status === 401 && call.service === "classification" && !renew) return this.send(call, true);
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? undefined,
      retryAfter: response.headers.get("retry-after") ?? undefined,
      body: await response.text(),
    };
  }

  /** Whether the service answers at all (any status), for /readyz. */
  async reachable(service: Service): Promise<boolean> {
    try {
      await fetch(this.config.upstreams[service], { method: "GET", signal: AbortSignal.timeout(3000) });
      return true;
    } catch {
      return false;
    }
  }
}
