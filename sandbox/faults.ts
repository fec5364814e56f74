import { type Rng, mulberry32 } from "./data/prng";
import type { ServiceName } from "./rate-limit";

/**
 * Injected faults for tests and benchmarks: added latency, error statuses, held responses and
 * malformed bodies, drawn from their own seeded PRNG so a run with the same seed fails the same way.
 */

export interface FaultConfig {
  /** Added to every service request, in milliseconds. */
  latencyMs: number;
  rate429: number;
  rate500: number;
  rate503: number;
  rate504: number;
  /** Share of requests whose response is held back. */
  timeoutRate: number;
  /** How long a held response waits before it is sent anyway; null holds it until the client or sandbox closes. */
  timeoutMs: number | null;
  /** Share of responses sent truncated or in the wrong shape. */
  malformedRate: number;
  /** Services the rates apply to; null means all four. */
  services: ServiceName[] | null;
  /** Matching pipeline steps reported as degraded on every row (see matching/matcher.ts). */
  degradedSteps: string[];
  /** Batch matching jobs end as `failed`. */
  batchFail: boolean;
  /** Share of 200 answers whose body is cut off mid-JSON (the connection closes cleanly). */
  rateCutBody: number;
  /** Share of requests answered 502 with an HTML page, as a proxy in front of the service would. */
  rateHtml502: number;
  /** Share of answers whose connection is reset part-way through the body. */
  rateReset: number;
  /** Share of answers whose body drips out in small pieces over about a second and a half. */
  rateDrip: number;
  /** Share of requests answered 429 without a `Retry-After` header. */
  rate429NoRetryAfter: number;
  /** Share of batch match jobs that stop halfway and end `failed`. */
  rateJobFail: number;
  /** Share of batch match jobs that stop halfway and stay `running` for ever. */
  rateJobStuck: number;
  seed: number;
}

/** The fault rates of FaultConfig, each a share of requests from 0 to 1. */
export const FAULT_RATES = [
  "rate429",
  "rate500",
  "rate503",
  "rate504",
  "timeoutRate",
  "malformedRate",
  "rateCutBody",
  "rateHtml502",
  "rateReset",
  "rateDrip",
  "rate429NoRetryAfter",
  "rateJobFail",
  "rateJobStuck",
] as const;

export const NO_FAULTS: FaultConfig = {
  latencyMs: 0,
  rate429: 0,
  rate500: 0,
  rate503: 0,
  rate504: 0,
  timeoutRate: 0,
  timeoutMs: 30_000,
  malformedRate: 0,
  services: null,
  degradedSteps: [],
  batchFail: false,
  rateCutBody: 0,
  rateHtml502: 0,
  rateReset: 0,
  rateDrip: 0,
  rate429NoRetryAfter: 0,
  rateJobFail: 0,
  rateJobStuck: 0,
  seed: 1,
};

/** How an answer's body reaches the client when a transport fault says so. */
export type BodyFault = "cut" | "reset" | "drip";

export interface FaultDecision {
  readonly latencyMs: number;
  /** An error status to answer instead of handling the request. */
  readonly status?: 429 | 500 | 503 | 504;
  /** A proxy's HTML error page instead of the service's answer. */
  readonly html502?: boolean;
  /** A 429 sent without `Retry-After`. */
  readonly noRetryAfter?: boolean;
  /** What happens to the body of the service's own answer on the way. */
  readonly body?: BodyFault;
  /** Hold the response: ms, or null for "until closed". undefined means no hold. */
  readonly hold?: number | null;
  readonly malformed: boolean;
}

export class Faults {
  private config: FaultConfig;
  private rng: Rng;

  constructor(initial: Partial<FaultConfig>) {
    this.config = { ...NO_FAULTS, ...initial };
    this.rng = mulberry32(this.config.seed);
  }

  get current(): FaultConfig {
    return this.config;
  }

  /** Merges a partial config; a new seed restarts the fault sequence. */
  update(partial: Partial<FaultConfig>): FaultConfig {
    this.config = { ...this.config, ...partial };
    if (partial.seed !== undefined) this.rng = mulberry32(partial.seed);
    return this.config;
  }

  replace(config: Partial<FaultConfig>): void {
    this.config = { ...NO_FAULTS, ...config };
    this.rng = mulberry32(this.config.seed);
  }

  /** A random stream for fault-shaped choices (e.g. which 429 body), independent of the data. */
  draw(): number {
    return this.rng();
  }

  decide(service: ServiceName): FaultDecision {
    const c = this.config;
    const applies = c.services === null || c.services.includes(service);
    if (!applies) return { latencyMs: c.latencyMs, malformed: false };
    const r = this.rng();
    let edge = c.timeoutRate;
    if (r < edge) return { latencyMs: c.latencyMs, hold: c.timeoutMs, malformed: false };
    for (const [status, rate] of [
      [429, c.rate429],
      [500, c.rate500],
      [503, c.rate503],
      [504, c.rate504],
    ] as const) {
      edge += rate;
      if (r < edge) return { latencyMs: c.latencyMs, status, malformed: false };
    }
    edge += c.rateHtml502;
    if (r < edge) return { latencyMs: c.latencyMs, html502: true, malformed: false };
    edge += c.rate429NoRetryAfter;
    if (r < edge) return { latencyMs: c.latencyMs, status: 429, noRetryAfter: true, malformed: false };
    for (const [body, rate] of [
      ["cut", c.rateCutBody],
      ["reset", c.rateReset],
      ["drip", c.rateDrip],
    ] as const) {
      edge += rate;
      if (r < edge) return { latencyMs: c.latencyMs, body, malformed: false };
    }
    return { latencyMs: c.latencyMs, malformed: this.rng() < c.malformedRate };
  }

  /** How a new batch match job ends: as asked by `batchFail`, else drawn from the job fault rates. */
  jobFate(): "completes" | "fails" | "stalls" {
    const c = this.config;
    if (c.batchFail) return "fails";
    const r = this.rng();
    if (r < c.rateJobFail) return "fails";
    return r < c.rateJobFail + c.rateJobStuck ? "stalls" : "completes";
  }

  /** Half the serialised body (truncated JSON) or a body of the wrong shape, alternately at random. */
  malform(text: string): string {
    if (this.rng() < 0.5 && text.length > 2) return text.slice(0, Math.floor(text.length / 2));
    return JSON.stringify({ unexpected: true, data: "sandbox fault: body of the wrong shape" });
  }
}
