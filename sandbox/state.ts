import { type Reading, Readings } from "./readings";
import type { Dataset } from "./data/dataset";
import { generateDataset } from "./data/generate";
import { CompanyPatches } from "./data/patches";
import { type FaultConfig, Faults } from "./faults";
import { RecordCache } from "./product/record-cache";
import { RequestCounter } from "./request-counter";
import { DEFAULT_RATE_LIMITS, RateLimiter, type QuotaHeaderForm, type RateLimits } from "./rate-limit";

export interface CallbackAttempt {
  jobId: string;
  url: string;
  event: string;
  at: string;
  /** HTTP status the receiver answered, or null when delivery failed or was skipped. */
  status: number | null;
  error?: string;
}

/** Everything configurable about a sandbox, with the defaults `startSandbox` and the CLI share. */
export interface SandboxSettings {
  seed: number;
  companies: number;
  /** Companies per multi-market market. */
  marketCompanies: number;
  rateLimits: RateLimits;
  /** The services' rate window: a minute, as the real ones count; tests of quota shorten it. */
  rateWindowMs: number;
  /**
   * How the product API states its quota in its answers; by default `X-RateLimit-*` in the contract
   * reading and the IETF draft's structured `RateLimit`/`RateLimit-Policy` in the other.
   */
  quotaHeaders?: QuotaHeaderForm;
  /** Single-match latency range in ms (the real service can take tens of seconds). */
  matchLatencyMs: [number, number];
  batchQueuedMs: number;
  batchRowMs: number;
  jwtLifetimeSeconds: number;
  freeTierQuota: number;
  numberSetTtlMs: number;
  /** Deliver batch callbacks to hosts other than localhost (off: the sandbox stays on this machine). */
  allowExternalCallbacks: boolean;
  faults: Partial<FaultConfig>;
  /** Which reading of the parts the contracts leave "not shown" the services answer in (readings.ts). */
  variant: Reading;
  /** Most MB of serialised records kept for list answers (product/record-cache.ts). */
  recordCacheMb: number;
  /** Serialise every record in the background after start, so the first import is as fast as the next. */
  warmRecords: boolean;
}

export const DEFAULT_SETTINGS: SandboxSettings = {
  seed: 42,
  companies: 50_000,
  marketCompanies: 3_000,
  rateLimits: DEFAULT_RATE_LIMITS,
  rateWindowMs: 60_000,
  matchLatencyMs: [50, 200],
  batchQueuedMs: 500,
  batchRowMs: 2,
  jwtLifetimeSeconds: 8 * 24 * 3600,
  freeTierQuota: 20,
  numberSetTtlMs: 24 * 3600 * 1000,
  allowExternalCallbacks: false,
  faults: {},
  variant: "contract",
  // INFERRED (ours): the default 50,000 companies take about 700 MB in the form an import reads.
  recordCacheMb: 1024,
  // Off for tests (many short-lived sandboxes); the CLI turns it on.
  warmRecords: false,
};

/**
 * The sandbox's mutable world: the dataset with its admin patches, the clock (which admin can move
 * forward to expire tokens and sets), faults, rate limits and per-service state that `reset` clears.
 */
export class SandboxState {
  readonly ds: Dataset;
  readonly patches: CompanyPatches;
  readonly faults: Faults;
  readonly readings: Readings;
  readonly records: RecordCache;
  readonly limiter: RateLimiter;
  /** Requests that reached this sandbox, counted by the sandbox itself (never reset). */
  readonly received = new RequestCounter();
  limits: RateLimits;
  /** Set through the admin API; the settings' form (or the reading's) until then. */
  quotaHeaderForm: QuotaHeaderForm;
  clockOffsetMs = 0;
  /** Matching keys revoked through the admin API (401 from then on). */
  readonly revokedMatchingKeys = new Set<string>();
  /** Batch-callback deliveries, newest last, for tests to inspect. */
  readonly callbackLog: CallbackAttempt[] = [];
  private readonly resetHooks: (() => void)[] = [];

  constructor(
    readonly settings: SandboxSettings,
    private readonly wallClock: () => number = Date.now,
  ) {
    this.ds = generateDataset({ seed: settings.seed, companies: settings.companies });
    this.patches = new CompanyPatches(this.ds);
    this.faults = new Faults({ seed: settings.seed, ...settings.faults });
    this.readings = new Readings(settings.variant, this);
    this.records = new RecordCache(this.patches, settings.recordCacheMb * 1024 * 1024);
    this.limiter = new RateLimiter(() => this.now(), settings.rateWindowMs);
    this.limits = { ...settings.rateLimits };
    this.quotaHeaderForm = this.settingsQuotaForm();
  }

  private settingsQuotaForm(): QuotaHeaderForm {
    return this.settings.quotaHeaders ?? (this.settings.variant === "alt" ? "ratelimit-structured" : "x-ratelimit");
  }

  now(): number {
    return this.wallClock() + this.clockOffsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  /** Services register what `reset` must clear (jobs, sets, quotas...). */
  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  reset(): void {
    this.patches.reset();
    this.faults.replace({ seed: this.settings.seed, ...this.settings.faults });
    this.limiter.reset();
    this.limits = { ...this.settings.rateLimits };
    this.quotaHeaderForm = this.settingsQuotaForm();
    this.clockOffsetMs = 0;
    this.revokedMatchingKeys.clear();
    this.callbackLog.length = 0;
    for (const hook of this.resetHooks) hook();
  }
}
