import type { FaultConfig } from "./faults";
import { READINGS, type Reading } from "./readings";

/** The flags of the transport and job faults, by the setting each sets. */
const TRANSPORT_FAULT_FLAGS = {
  "--fault-cut": "rateCutBody",
  "--fault-html502": "rateHtml502",
  "--fault-reset": "rateReset",
  "--fault-drip": "rateDrip",
  "--fault-429-no-retry-after": "rate429NoRetryAfter",
  "--fault-job-fail": "rateJobFail",
  "--fault-job-stuck": "rateJobStuck",
} as const;
import { QUOTA_HEADER_FORMS, type QuotaHeaderForm, type ServiceName } from "./rate-limit";
import type { StartSandboxOptions } from "./sandbox";

/** Command-line flags of `npm run sandbox -- …` (see README.md), parsed into start options. */

export const DEFAULT_PORT = 3001;

export const USAGE = `Usage: npm run sandbox -- [options]
  --port N                 port to listen on (0 picks a free one; default ${DEFAULT_PORT})
  --host H                 address to listen on (default 127.0.0.1)
  --seed S                 data seed (default 42)
  --companies C            UK companies to generate (default 50000, up to 2000000)
  --market-companies C     companies per multi-market market (default 3000)
  --latency MS             added latency on every service request
  --fault-429 P --fault-500 P --fault-503 P --fault-504 P   share of requests answered with that status
  --fault-timeout P        share of requests held back; --timeout-ms MS how long (0 = until closed)
  --variant contract|alt   how the parts the contracts do not show are answered: as docs/CONTRACT-CHOICES.md
                           chose (default), or in another plausible reading without the guessed operations
  --fault-malformed P      share of responses truncated or of the wrong shape
  --fault-cut P --fault-html502 P --fault-reset P --fault-drip P   share of answers cut off mid-JSON, replaced
                           by a proxy's HTML 502 page, reset part-way, or dripped out over 1.5 s
  --fault-429-no-retry-after P   share of requests answered 429 without Retry-After
  --fault-job-fail P --fault-job-stuck P   share of batch match jobs that fail, or stall for ever, halfway
  --fault-services a,b     services the fault rates apply to (product,matching,classification,market)
  --fault-seed S           seed of the fault sequence (default: --seed)
  --degraded a,b           matching steps reported degraded (exact_index,fuzzy_index,hint_lookup,register_status)
  --batch-fail             batch matching jobs fail halfway
  --match-latency MIN-MAX  single-match latency range in ms (default 50-200)
  --slow-match             single matches take 20-40 s, as the real service can
  --batch-queued-ms MS --batch-row-ms MS   batch job timings (default 500, 2)
  --no-rate-limits         switch all rate limits off (benchmarks)
  --rate-product N --rate-matching N --rate-classification N --rate-market N   requests a minute
  --quota-headers FORM     how the product API states its quota: x-ratelimit, ratelimit-fields (the IETF
                           draft's RateLimit-Limit/-Remaining/-Reset), ratelimit-structured (its
                           RateLimit/RateLimit-Policy) or none (default: x-ratelimit; the alt reading's
                           ratelimit-structured)
  --processes N            N processes answer on one port side by side (node:cluster), each with the same
                           data (the same seed); each counts its own rate limits and admin state
  --jwt-lifetime S         login token lifetime in seconds (default 691200 = 8 days)
  --free-quota N           free-tier classification quota (default 20)
  --set-ttl-ms MS          lifetime of uploaded company-number sets (default 24 h)
  --allow-external-callbacks   deliver batch callbacks to hosts other than localhost
  --record-cache-mb N      most MB of serialised company records kept for list answers (default 1024)
  --no-warm                do not serialise every record in the background after start`;

function num(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isFinite(n)) throw new Error(`${flag} needs a number`);
  return n;
}

export type SandboxArgs = StartSandboxOptions & { help?: boolean; processes?: number };

export function parseArgs(argv: readonly string[]): SandboxArgs {
  const o: SandboxArgs = { port: DEFAULT_PORT, warmRecords: true };
  const faults: Partial<FaultConfig> = {};
  const rates: Partial<Record<ServiceName, number | null>> = {};
  let noLimits = false;
  for (let k = 0; k < argv.length; k++) {
    const flag = argv[k] ?? "";
    const next = () => argv[++k];
    const list = () => (next() ?? "").split(",").filter(Boolean);
    switch (flag) {
      case "--help":
      case "-h":
        o.help = true;
        break;
      case "--port":
        o.port = num(flag, next());
        break;
      case "--host":
        o.host = next() ?? "127.0.0.1";
        break;
      case "--seed":
        o.seed = num(flag, next());
        break;
      case "--companies":
        o.companies = num(flag, next());
        break;
      case "--market-companies":
        o.marketCompanies = num(flag, next());
        break;
      case "--latency":
        faults.latencyMs = num(flag, next());
        break;
      case "--fault-429":
        faults.rate429 = num(flag, next());
        break;
      case "--fault-500":
        faults.rate500 = num(flag, next());
        break;
      case "--fault-503":
        faults.rate503 = num(flag, next());
        break;
      case "--fault-504":
        faults.rate504 = num(flag, next());
        break;
      case "--fault-timeout":
        faults.timeoutRate = num(flag, next());
        break;
      case "--timeout-ms": {
        const ms = num(flag, next());
        faults.timeoutMs = ms === 0 ? null : ms;
        break;
      }
      case "--variant": {
        const variant = next();
        if (!READINGS.includes(variant as Reading)) throw new Error(`--variant takes ${READINGS.join(" or ")}`);
        o.variant = variant as Reading;
        break;
      }
      case "--fault-malformed":
        faults.malformedRate = num(flag, next());
        break;
      case "--fault-cut":
      case "--fault-html502":
      case "--fault-reset":
      case "--fault-drip":
      case "--fault-429-no-retry-after":
      case "--fault-job-fail":
      case "--fault-job-stuck":
        faults[TRANSPORT_FAULT_FLAGS[flag]] = num(flag, next());
        break;
      case "--fault-services":
        faults.services = list() as ServiceName[];
        break;
      case "--fault-seed":
        faults.seed = num(flag, next());
        break;
      case "--degraded":
        faults.degradedSteps = list();
        break;
      case "--batch-fail":
        faults.batchFail = true;
        break;
      case "--match-latency": {
        const [a, b] = (next() ?? "").split("-").map(Number);
        o.matchLatencyMs = [a ?? 0, b ?? a ?? 0];
        break;
      }
      case "--slow-match":
        o.matchLatencyMs = [20_000, 40_000];
        break;
      case "--batch-queued-ms":
        o.batchQueuedMs = num(flag, next());
        break;
      case "--batch-row-ms":
        o.batchRowMs = num(flag, next());
        break;
      case "--no-rate-limits":
        noLimits = true;
        break;
      case "--rate-product":
      case "--rate-matching":
      case "--rate-classification":
      case "--rate-market":
        rates[flag.slice("--rate-".length) as ServiceName] = num(flag, next());
        break;
      case "--quota-headers": {
        const form = next();
        if (!QUOTA_HEADER_FORMS.includes(form as QuotaHeaderForm))
          throw new Error(`--quota-headers takes ${QUOTA_HEADER_FORMS.join(", ")}`);
        o.quotaHeaders = form as QuotaHeaderForm;
        break;
      }
      case "--processes":
        o.processes = num(flag, next());
        break;
      case "--jwt-lifetime":
        o.jwtLifetimeSeconds = num(flag, next());
        break;
      case "--free-quota":
        o.freeTierQuota = num(flag, next());
        break;
      case "--set-ttl-ms":
        o.numberSetTtlMs = num(flag, next());
        break;
      case "--allow-external-callbacks":
        o.allowExternalCallbacks = true;
        break;
      case "--record-cache-mb":
        o.recordCacheMb = num(flag, next());
        break;
      case "--no-warm":
        o.warmRecords = false;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  if (Object.keys(faults).length > 0) o.faults = faults;
  if (noLimits) o.rateLimits = { product: null, matching: null, classification: null, market: null };
  else if (Object.keys(rates).length > 0) o.rateLimits = rates as StartSandboxOptions["rateLimits"];
  return o;
}
