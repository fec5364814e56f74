/**
 * How a burst of keys is cut into requests. The fewest is ceil(n / page size), and that is what
 * goes when the service's quota has no room to spare. When it has room, up to twice as many go
 * side by side, each handed to its cells the moment it arrives: a small one first, so the first
 * cells fill within about one round trip, then equal ones, so the last cell settles soonest.
 *
 * The sizes come from the measured cost of a request, not a constant: a round trip plus a cost per
 * key, fitted to the time and size of recent requests (least squares over a short window).
 */
import type { Headroom } from "../api/http/governor";

export interface RequestCost {
  roundTripMs: number;
  perKeyMs: number;
}

/** Before any request is measured: a slow network and a heavy record. */
export const INITIAL_COST: RequestCost = { roundTripMs: 150, perKeyMs: 0.5 };

/** Requests remembered for the fit. */
const WINDOW = 16;

export class ChunkPlanner {
  private readonly samples: { keys: number; ms: number }[] = [];
  private fitted: RequestCost;

  constructor(
    /** The contract's page size: the most keys one request may carry. */
    private readonly maxBatch: number,
    /** The service's spare capacity now; undefined when unknown (then the fewest requests go). */
    private readonly headroom: () => Headroom | undefined,
    initial: RequestCost = INITIAL_COST,
  ) {
    this.fitted = initial;
  }

  get cost(): RequestCost {
    return this.fitted;
  }

  /** Request sizes for `n` keys. */
  plan(n: number): number[] {
    const fewest = fewestRequests(n, this.maxBatch);
    const room = this.headroom();
    if (!room) return fewest;
    const { roundTripMs, perKeyMs } = this.fitted;
    // Work that costs less than a round trip gains nothing from being cut up.
    if (n * perKeyMs < roundTripMs) return fewest;
    const extra = Math.min(fewest.length, room.requests - fewest.length, room.slots - fewest.length);
    if (extra < 1) return fewest;
    const count = fewest.length + extra;
    // The first request carries what takes about half a round trip to send and read.
    const first = clamp(Math.round(roundTripMs / (2 * perKeyMs)), 1, Math.ceil(n / count));
    const rest = n - first;
    const others = count - 1;
    if (Math.ceil(rest / others) > this.maxBatch) return fewest;
    const sizes = [first];
    for (let i = 0; i < others; i++) sizes.push(Math.floor(rest / others) + (i < rest % others ? 1 : 0));
    return sizes.filter((size) => size > 0);
  }

  /** One request's size and time, for the fit. */
  observe(keys: number, ms: number): void {
    if (!(keys > 0) || !(ms >= 0)) return;
    this.samples.push({ keys, ms });
    if (this.samples.length > WINDOW) this.samples.shift();
    this.fitted = fit(this.samples, this.fitted);
  }
}

function fewestRequests(n: number, max: number): number[] {
  const sizes: number[] = [];
  for (let left = n; left > 0; left -= max) sizes.push(Math.min(max, left));
  return sizes;
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, value));
}

/**
 * ms ≈ roundTrip + keys × perKey. With requests of one size only, the round trip cannot be told
 * apart from the per-key cost, so the previous round trip is kept and the per-key cost follows.
 */
function fit(samples: readonly { keys: number; ms: number }[], previous: RequestCost): RequestCost {
  const n = samples.length;
  const meanKeys = samples.reduce((s, x) => s + x.keys, 0) / n;
  const meanMs = samples.reduce((s, x) => s + x.ms, 0) / n;
  const spread = samples.reduce((s, x) => s + (x.keys - meanKeys) ** 2, 0);
  if (spread > 0) {
    const slope = samples.reduce((s, x) => s + (x.keys - meanKeys) * (x.ms - meanMs), 0) / spread;
    const intercept = meanMs - slope * meanKeys;
    if (slope > 0 && intercept > 0) return { roundTripMs: intercept, perKeyMs: slope };
  }
  const roundTripMs = Math.min(previous.roundTripMs, meanMs);
  return { roundTripMs, perKeyMs: Math.max(0.001, (meanMs - roundTripMs) / meanKeys) };
}
