/** What a service states of its quota in an answer's headers: every form in use, and garbled ones read as unsaid. */
import { readStatedQuota, type StatedQuota } from "../../../src/api/http/quota-headers";

const NOW = Date.UTC(2026, 10, 1, 12, 0, 0);
const MINUTE = 60_000;

const read = (headers: Record<string, string>) => readStatedQuota(new Headers(headers), NOW);

test.each<[string, Record<string, string>, StatedQuota | undefined]>([
  ["no statement at all", { "content-type": "application/json" }, undefined],
  // De-facto X-RateLimit-* (Laravel's throttle sends the first two)
  [
    "X-RateLimit limit and remaining",
    { "X-RateLimit-Limit": "200", "X-RateLimit-Remaining": "150" },
    { limit: 200, windowMs: MINUTE, remaining: 150 },
  ],
  ["X-RateLimit remaining alone", { "x-ratelimit-remaining": "7" }, { windowMs: MINUTE, remaining: 7 }],
  [
    "X-RateLimit-Reset in seconds from now",
    { "X-RateLimit-Limit": "8", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "42" },
    { limit: 8, windowMs: MINUTE, remaining: 0, resetMs: 42_000 },
  ],
  [
    "X-RateLimit-Reset as epoch seconds",
    { "X-RateLimit-Limit": "8", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(NOW / 1000 + 30) },
    { limit: 8, windowMs: MINUTE, remaining: 0, resetMs: 30_000 },
  ],
  [
    "X-RateLimit remaining above the limit is the limit",
    { "X-RateLimit-Limit": "8", "X-RateLimit-Remaining": "50" },
    { limit: 8, windowMs: MINUTE, remaining: 8 },
  ],
  [
    "X-RateLimit limit of zero is not a limit",
    { "X-RateLimit-Limit": "0", "X-RateLimit-Remaining": "3" },
    { windowMs: MINUTE, remaining: 3 },
  ],
  ["X-RateLimit not numbers", { "X-RateLimit-Limit": "lots", "X-RateLimit-Remaining": "-1" }, undefined],
  ["X-RateLimit with a fraction", { "X-RateLimit-Limit": "200.5", "X-RateLimit-Remaining": "1e3" }, undefined],
  // IETF draft revisions 00–06: separate fields
  [
    "RateLimit-Limit/-Remaining/-Reset",
    { "RateLimit-Limit": "100", "RateLimit-Remaining": "40", "RateLimit-Reset": "25" },
    { limit: 100, windowMs: MINUTE, remaining: 40, resetMs: 25_000 },
  ],
  [
    "RateLimit-Limit with its policies (revisions 00–04)",
    { "RateLimit-Limit": "10, 10;w=1, 1000;w=3600", "RateLimit-Remaining": "9" },
    { limit: 10, windowMs: 1_000, remaining: 9 },
  ],
  [
    "RateLimit-Limit with RateLimit-Policy (revisions 05–06)",
    { "RateLimit-Limit": "50", "RateLimit-Policy": "50;w=30", "RateLimit-Remaining": "5" },
    { limit: 50, windowMs: 30_000, remaining: 5 },
  ],
  [
    "RateLimit-Limit garbled",
    { "RateLimit-Limit": "ten", "RateLimit-Remaining": "4" },
    { windowMs: MINUTE, remaining: 4 },
  ],
  [
    "RateLimit-Remaining garbled",
    { "RateLimit-Limit": "10", "RateLimit-Remaining": "four" },
    { limit: 10, windowMs: MINUTE },
  ],
  // Revision 07: RateLimit a dictionary
  [
    "RateLimit dictionary with a policy",
    { RateLimit: "limit=10, remaining=1, reset=7", "RateLimit-Policy": "10;w=20" },
    { limit: 10, windowMs: 20_000, remaining: 1, resetMs: 7_000 },
  ],
  [
    "RateLimit dictionary alone",
    { RateLimit: "limit=100, remaining=60" },
    { limit: 100, windowMs: MINUTE, remaining: 60 },
  ],
  // Revision 08 on: named policies and states
  [
    "RateLimit-Policy and RateLimit, named",
    { "RateLimit-Policy": '"per-token";q=8;w=60', RateLimit: '"per-token";r=3;t=20' },
    { limit: 8, windowMs: MINUTE, remaining: 3, resetMs: 20_000 },
  ],
  ["the policy alone", { "RateLimit-Policy": '"default";q=500;w=3600' }, { limit: 500, windowMs: 3_600_000 }],
  ["the state alone", { RateLimit: '"default";r=12;t=5' }, { windowMs: MINUTE, remaining: 12, resetMs: 5_000 }],
  [
    "a policy without a window is a minute's",
    { "RateLimit-Policy": '"default";q=200' },
    { limit: 200, windowMs: MINUTE },
  ],
  [
    "two policies: the one allowing fewest a second binds, the fewest remaining is taken",
    { "RateLimit-Policy": '"burst";q=100;w=1, "day";q=5000;w=86400', RateLimit: '"burst";r=90;t=1, "day";r=20;t=600' },
    { limit: 5000, windowMs: 86_400_000, remaining: 20, resetMs: 600_000 },
  ],
  [
    "a policy of bytes, not requests, is left out",
    {
      "RateLimit-Policy": '"bytes";q=1000000;qu="content-bytes";w=60, "req";q=30;w=60',
      RateLimit: '"bytes";r=0, "req";r=29',
    },
    { limit: 30, windowMs: MINUTE, remaining: 29 },
  ],
  [
    "partition keys and unknown parameters are ignored",
    { "RateLimit-Policy": '"p";q=10;w=60;pk=:AQID:;x=1', RateLimit: '"p";r=2;pk=:AQID:' },
    { limit: 10, windowMs: MINUTE, remaining: 2 },
  ],
  [
    "the structured form is read before X-RateLimit",
    { RateLimit: '"p";r=1', "X-RateLimit-Remaining": "100" },
    { windowMs: MINUTE, remaining: 1 },
  ],
  [
    "an unterminated string makes the field unread",
    { "RateLimit-Policy": '"p;q=10', "X-RateLimit-Limit": "60" },
    { limit: 60, windowMs: MINUTE },
  ],
  [
    "a trailing comma makes the field unread",
    { RateLimit: '"p";r=2,', "X-RateLimit-Remaining": "9" },
    { windowMs: MINUTE, remaining: 9 },
  ],
  [
    "a negative or fractional count is left out",
    { "RateLimit-Policy": '"p";q=-5;w=60, "o";q=2.5', RateLimit: '"p";r=-1' },
    undefined,
  ],
  [
    "a state naming no stated policy of requests is left out",
    { "RateLimit-Policy": '"p";q=10', RateLimit: '"other";r=0' },
    { limit: 10, windowMs: MINUTE },
  ],
])("%s", (_, headers, expected) => {
  expect(read(headers)).toEqual(expected);
});
