/**
 * How a burst of keys is cut into requests, so that its LAST answer lands soonest. The fewest is
 * ceil(n / page size), and that is what goes when the service's quota has no room to spare. With
 * room, requests run side by side, each handed to its cells the moment it arrives: a small one
 * first, so the first cells fill within about one round trip, then equal ones. The last lands
 * after about a round trip plus its own share of the work, so more requests help until a
 * request's work is half a round trip; beyond the free concurrency a request waits a whole round
 * trip for a slot, and one burst takes at most a tenth of the minute's quota (BURST_SHARE).
 *
 * The sizes come from the measured cost of a request, not a constant: a round trip plus a cost per
 * key, fitted to the time and size of recent requests (least squares over a short window).
 */
import type { Headroom } from "@ukco/api/http/governor";

/** The service's spare capacity, and its limit a window when known. */
export type Room = Headroom;

/** INFERRED (ours): the most of a window's quota one burst may take beyond the fewest requests. */
export const BURST_SHARE = 0.1;

export interface RequestCost {
  roundTripMs: number;
  perKeyMs: number;
}

/**
 * Before any request is measured: a round trip of 100 ms and 1 ms a record (a full record is about
 * 13 KB of JSON to send, read and parse), so a first request carries 50 records.
 */
export const INITIAL_COST: RequestCost = { roundTripMs: 100, perKeyMs: 1 };

/** Requests remembered for the fit. */
const WINDOW = 16;

export class ChunkPlanner {
  private readonly samples: { keys: number; ms: number }[] = [];
  private fitted: RequestCost;

  constructor(
    /** The contract's page size: the most keys one request may carry. */
    private readonly maxBatch: number,
    /** The service's spare capacity now; undefined when unknown (then the fewest requests go). */
    private readonly headroom: () => Room | undefined,
    initial: RequestCost = INITIAL_COST,
  ) {
    this.fitted = initial;
  }

  get cost(): RequestCost {
    return this.fitted;
  }

  /** Request sizes for a burst of `n` keys. */
  plan(n: number, room = this.headroom()): number[] {
    const fewest = fewestRequests(n, this.maxBatch);
    if (!room) return fewest;
    const { roundTripMs, perKeyMs } = this.fitted;
    // Work that costs less than a round trip gains nothing from being cut up.
    if (n * perKeyMs < roundTripMs) return fewest;
    const share = room.limit === undefined ? Infinity : Math.floor(room.limit * BURST_SHARE);
    const useful = Math.ceil((n * perKeyMs) / (roundTripMs / 2));
    const count = Math.min(room.requests, room.slots, share, useful);
    if (count <= fewest.length) return fewest;
    // The first request is a small one, so the first cells fill within about a round trip.
    const first = Math.min(this.firstSize(), Math.ceil(n / count));
    const rest = n - first;
    const others = count - 1;
    if (Math.ceil(rest / others) > this.maxBatch) return fewest;
    const sizes = [first];
    for (let i = 0; i < others; i++) sizes.push(Math.floor(rest / others) + (i < rest % others ? 1 : 0));
    return sizes.filter((size) => size > 0);
  }

  /**
   * The requests a burst of `n` keys arriving at once goes in, as the loader sends it: cut by
   * `plan`. For the estimate shown
   * before a refresh; `queuedBefore` requests of the same service (other kinds of answer) will be
   * waiting for the governor by then, each holding a send and a slot.
   */
  forecast(n: number, queuedBefore = 0): number[] {
    if (!(n >= 1)) return [];
    const now = this.headroom();
    return this.plan(n, now && { ...now, requests: now.requests - queuedBefore, slots: now.slots - queuedBefore });
  }

  /** What takes about half a round trip to send and read: the first cells' request. */
  private firstSize(): number {
    const { roundTripMs, perKeyMs } = this.fitted;
    return clamp(Math.round(roundTripMs / (2 * perKeyMs)), 1, this.maxBatch);
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
 * ms ≈ roundTrip + keys × perKey. With requests of one size only (or sizes that do not fit a line),
 * the round trip cannot be told apart from the per-key cost, so both are scaled together by how
 * much slower or faster the requests were than the previous fit said: a slow one-company request
 * on a busy machine is a slow round trip, not a record that costs a hundred times more.
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
  const scale = meanMs / (previous.roundTripMs + meanKeys * previous.perKeyMs);
  if (!(scale > 0) || !Number.isFinite(scale)) return previous;
  return { roundTripMs: previous.roundTripMs * scale, perKeyMs: Math.max(0.001, previous.perKeyMs * scale) };
}
