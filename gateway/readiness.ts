/**
 * `/readyz` answers from the last probe, so a load balancer polling it costs the services nothing
 * more than one probe every few seconds: a probe older than that starts a new one in the
 * background (only one at a time), and only the very first request waits for a probe. Each probe
 * is audited. A probe sends no credential.
 */
import type { Logger } from "pino";
import { SERVICES } from "./config";
import type { Upstreams } from "./upstream";

export const PROBE_EVERY_MS = 5000;

export type UpstreamStates = Record<string, "ok" | "down">;

export class Readiness {
  private last: { at: number; upstreams: UpstreamStates } | undefined;
  private running: Promise<UpstreamStates> | undefined;

  constructor(
    private readonly upstreams: Upstreams,
    private readonly log: Logger,
    private readonly everyMs = PROBE_EVERY_MS,
  ) {}

  private probe(): Promise<UpstreamStates> {
    this.running ??= (async () => {
      const states = Object.fromEntries(
        await Promise.all(SERVICES.map(async (s) => [s, (await this.upstreams.reachable(s)) ? "ok" : "down"] as const)),
      ) as UpstreamStates;
      this.last = { at: Date.now(), upstreams: states };
      this.log.info({ audit: true, user: "gateway", operation: "probe", upstreams: states }, "readiness probe");
      return states;
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  async states(): Promise<UpstreamStates> {
    if (!this.last) return this.probe();
    if (Date.now() - this.last.at >= this.everyMs) void this.probe();
    return this.last.upstreams;
  }
}
