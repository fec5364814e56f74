/**
 * What a service says of its quota in an answer's headers, in any of the forms in use:
 *   - `RateLimit-Policy: "name";q=100;w=60` and `RateLimit: "name";r=40;t=25` (the IETF draft
 *     draft-ietf-httpapi-ratelimit-headers from revision 08: lists of policies and of their state);
 *   - `RateLimit: limit=100, remaining=40, reset=25` with `RateLimit-Policy: 100;w=60` (revision 07);
 *   - `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (revisions 00–06, the limit maybe
 *     followed by its policies: `100, 100;w=60`);
 *   - `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (the common practice before
 *     the draft; Laravel's throttle sends the first two).
 * The first form present that says anything is read, in that order. A field that cannot be read
 * (not a structured field, a count that is not a whole number) is left out as if not sent, so a
 * garbled header never makes a limit up. Where several policies are stated, the one allowing the
 * fewest requests a second binds, and the smallest remaining count is taken.
 *
 * INFERRED (ours): a window not stated is a minute, as Laravel's throttle counts and as the product
 * API's documented 200 a minute is; an `X-RateLimit-Reset` above 1e9 is a time (epoch seconds),
 * else seconds from now.
 */

/** A service's statement of its quota, as of the answer that carried it. */
export interface StatedQuota {
  /** Requests allowed in a window. */
  limit?: number;
  windowMs: number;
  /** Requests left in the current window. */
  remaining?: number;
  /** How long until the quota is back, from the answer. */
  resetMs?: number;
}

export interface HeaderSource {
  get(name: string): string | null;
}

const MINUTE_MS = 60_000;

type Bare = number | string | boolean;
interface Member {
  /** The item (a list's member), or the key (a dictionary's member). */
  value: Bare;
  /** A dictionary member's value, when it has one. */
  assigned?: Bare;
  params: Record<string, Bare>;
}

/**
 * A structured field (RFC 9651) as a list, or as a dictionary when `dictionary`: the subset these
 * headers use (integers, decimals, strings, tokens, byte sequences, booleans; inner lists refused).
 * Undefined when it does not parse, which makes the whole field unread, as the RFC says.
 */
export function parseStructured(text: string, dictionary = false): Member[] | undefined {
  let at = 0;
  const peek = () => text[at] ?? "";
  const skipSpaces = () => {
    while (peek() === " " || peek() === "\t") at++;
  };
  const key = (): string | undefined => {
    const match = /^[a-z*][a-z0-9_\-.*]*/.exec(text.slice(at));
    if (!match) return undefined;
    at += match[0].length;
    return match[0];
  };
  const bare = (): Bare | undefined => {
    const rest = text.slice(at);
    const number = /^-?\d{1,15}(\.\d{1,3})?/.exec(rest);
    if (number) {
      at += number[0].length;
      return Number(number[0]);
    }
    if (rest.startsWith('"')) {
      let value = "";
      for (at++; at < text.length; at++) {
        const c = text[at]!;
        if (c === '"') {
          at++;
          return value;
        }
        if (c === "\\") {
          const next = text[++at];
          if (next !== '"' && next !== "\\") return undefined;
          value += next;
        } else if (c < " " || c > "~") return undefined;
        else value += c;
      }
      return undefined;
    }
    const bytes = /^:[A-Za-z0-9+/=]*:/.exec(rest);
    if (bytes) {
      // A byte sequence (a partition key): kept as its text, never read as a count.
      at += bytes[0].length;
      return bytes[0];
    }
    if (rest.startsWith("?0") || rest.startsWith("?1")) {
      at += 2;
      return rest[1] === "1";
    }
    const token = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/.exec(rest);
    if (token) {
      at += token[0].length;
      return token[0];
    }
    return undefined;
  };
  /** `key=value`, or a bare `key` (true): a parameter, or a dictionary's member. */
  const pair = (): [string, Bare] | undefined => {
    const name = key();
    if (name === undefined) return undefined;
    if (peek() !== "=") return [name, true];
    at++;
    const value = bare();
    return value === undefined ? undefined : [name, value];
  };
  const params = (): Record<string, Bare> | undefined => {
    const out: Record<string, Bare> = {};
    while (peek() === ";") {
      at++;
      skipSpaces();
      const param = pair();
      if (!param) return undefined;
      out[param[0]] = param[1];
    }
    return out;
  };
  const members: Member[] = [];
  skipSpaces();
  if (at === text.length) return members;
  for (;;) {
    let member: Member | undefined;
    if (dictionary) {
      const entry = pair();
      const p = entry && params();
      if (!entry || !p) return undefined;
      member = { value: entry[0], assigned: entry[1], params: p };
    } else {
      const value = bare();
      const p = value === undefined ? undefined : params();
      if (value === undefined || !p) return undefined;
      member = { value, params: p };
    }
    members.push(member);
    skipSpaces();
    if (at === text.length) return members;
    if (peek() !== ",") return undefined;
    at++;
    skipSpaces();
    if (at === text.length) return undefined;
  }
}

/** A count: a whole number, zero or more. */
const count = (value: Bare | undefined): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
const positive = (value: Bare | undefined): number | undefined => {
  const n = count(value);
  return n !== undefined && n > 0 ? n : undefined;
};
/** A header holding one whole number (and nothing else). */
const countHeader = (text: string | null): number | undefined =>
  text !== null && /^\s*\d{1,15}\s*$/.test(text) ? Number(text) : undefined;

interface Policy {
  limit: number;
  windowMs: number;
}

/** Of several policies, the one allowing the fewest requests a second. */
function binding(policies: readonly Policy[]): Policy | undefined {
  return [...policies].sort((a, b) => a.limit / a.windowMs - b.limit / b.windowMs)[0];
}

function stated(policy: Policy | undefined, remaining?: number, resetSeconds?: number): StatedQuota | undefined {
  if (!policy && remaining === undefined) return undefined;
  const quota: StatedQuota = { windowMs: policy?.windowMs ?? MINUTE_MS };
  if (policy) quota.limit = policy.limit;
  if (remaining !== undefined) quota.remaining = policy ? Math.min(remaining, policy.limit) : remaining;
  if (resetSeconds !== undefined) quota.resetMs = resetSeconds * 1000;
  return quota;
}

const windowOf = (seconds: Bare | undefined) => (positive(seconds) ?? 60) * 1000;

/** Revision 08 on: named policies and their named states. */
function structured(policyText: string | null, stateText: string | null): StatedQuota | undefined {
  const policies = policyText === null ? undefined : parseStructured(policyText);
  const states = stateText === null ? undefined : parseStructured(stateText);
  const named = (members: Member[] | undefined) => (members ?? []).filter((m) => typeof m.value === "string");
  const requestPolicies = named(policies).filter((m) => (m.params.qu ?? "requests") === "requests");
  const readable = requestPolicies.flatMap((m): Policy[] => {
    const limit = positive(m.params.q);
    return limit === undefined ? [] : [{ limit, windowMs: windowOf(m.params.w) }];
  });
  // A state counts only for a policy of requests (or when no policy is stated at all).
  const requestNames = new Set(requestPolicies.map((m) => m.value));
  const current = named(states)
    .filter((m) => policies === undefined || requestNames.has(m.value))
    .flatMap((m) => {
      const remaining = count(m.params.r);
      return remaining === undefined ? [] : [{ remaining, reset: count(m.params.t) }];
    })
    .sort((a, b) => a.remaining - b.remaining)[0];
  return stated(binding(readable), current?.remaining, current?.reset);
}

/** Revision 07: `RateLimit` a dictionary of limit, remaining and reset. */
function revision07(policyText: string | null, stateText: string | null): StatedQuota | undefined {
  const state = stateText === null ? undefined : parseStructured(stateText, true);
  if (!state?.some((m) => m.value === "limit" || m.value === "remaining")) return undefined;
  const field = (name: string) => state.find((m) => m.value === name)?.assigned;
  const limit = positive(field("limit"));
  const policies = policyText === null ? undefined : parseStructured(policyText);
  const window = policies?.find((m) => m.value === limit && m.params.w !== undefined)?.params.w;
  return stated(
    limit === undefined ? undefined : { limit, windowMs: windowOf(window) },
    count(field("remaining")),
    count(field("reset")),
  );
}

/** Revisions 00–06: one field each; the limit may be followed by its policies (`100, 100;w=60`). */
function separateFields(headers: HeaderSource): StatedQuota | undefined {
  const limitText = headers.get("ratelimit-limit");
  const limits = limitText === null ? undefined : parseStructured(limitText);
  const limit = positive(limits?.[0]?.value);
  const policies = [...(limits?.slice(1) ?? []), ...(parseStructured(headers.get("ratelimit-policy") ?? "") ?? [])];
  const window = policies.find((m) => m.value === limit && m.params.w !== undefined)?.params.w;
  return stated(
    limit === undefined ? undefined : { limit, windowMs: windowOf(window) },
    countHeader(headers.get("ratelimit-remaining")),
    countHeader(headers.get("ratelimit-reset")),
  );
}

function xRateLimit(headers: HeaderSource, nowMs: number): StatedQuota | undefined {
  const limit = countHeader(headers.get("x-ratelimit-limit"));
  const reset = countHeader(headers.get("x-ratelimit-reset"));
  const resetSeconds = reset === undefined ? undefined : reset > 1e9 ? Math.max(0, reset - nowMs / 1000) : reset;
  return stated(
    limit ? { limit, windowMs: MINUTE_MS } : undefined,
    countHeader(headers.get("x-ratelimit-remaining")),
    resetSeconds === undefined ? undefined : Math.ceil(resetSeconds),
  );
}

/** The quota an answer's headers state, in the first form present that says anything; undefined when none does. */
export function readStatedQuota(headers: HeaderSource, nowMs: number): StatedQuota | undefined {
  const policy = headers.get("ratelimit-policy");
  const state = headers.get("ratelimit");
  return (
    structured(policy, state) ?? revision07(policy, state) ?? separateFields(headers) ?? xRateLimit(headers, nowMs)
  );
}
