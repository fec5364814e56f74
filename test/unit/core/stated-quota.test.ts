/**
 * The product API's own word on its quota: a service stating 8 requests a minute (in each of the
 * header forms in use) gets a 1,000-company burst in at most 2 requests, before and after it has
 * said so, and every value is right. It answers 429 beyond its 8, as a real one would.
 */
import { Engine } from "../../../src/core/engine";
import { fieldCells } from "../../../src/functions/field";
import { harness, type Harness } from "../api/support/harness";

const LIMIT = 8;
const FIELDS = ["CompanyName", "BestEstimateTurnover", "IncorporationDate", "RegisteredPostcode", "CompanyStatus"];
const numbers = (from: number) => Array.from({ length: 1000 }, (_, i) => String(10_000_000 + from + i));

type Form = (remaining: number, resetSeconds: number) => Record<string, string>;
const FORMS: [string, Form][] = [
  ["X-RateLimit-*", (r) => ({ "X-RateLimit-Limit": String(LIMIT), "X-RateLimit-Remaining": String(r) })],
  [
    "RateLimit-Limit, -Remaining, -Reset",
    (r, t) => ({ "RateLimit-Limit": String(LIMIT), "RateLimit-Remaining": String(r), "RateLimit-Reset": String(t) }),
  ],
  [
    'RateLimit-Policy "name";q=…;w=… and RateLimit "name";r=…;t=…',
    (r, t) => ({ "RateLimit-Policy": `"per-token";q=${LIMIT};w=60`, RateLimit: `"per-token";r=${r};t=${t}` }),
  ],
];

function service(form: Form): Harness & { received: number[] } {
  const received: number[] = [];
  const h = harness(async (request) => {
    const now = h.clock.now();
    const inWindow = received.filter((t) => t > now - 60_000);
    if (inWindow.length >= LIMIT)
      return { status: 429, body: { message: "Too Many Attempts." }, headers: { "Retry-After": "60", ...form(0, 60) } };
    received.push(now);
    await h.clock.sleep(50);
    const { CompanyNumbers } = JSON.parse(request.body ?? "{}") as { CompanyNumbers: string[] };
    return {
      status: 200,
      headers: form(LIMIT - inWindow.length - 1, 60),
      body: {
        companies: CompanyNumbers.map((n) => ({
          CompanyNumber: n,
          CompanyName: `COMPANY ${n} LTD`,
          BestEstimateTurnover: Number(n) % 997,
          IncorporationDate: "2020-01-31",
          RegisteredPostcode: "EH6 6QD",
          CompanyStatus: "Active",
        })),
      },
    };
  });
  return Object.assign(h, { received });
}

async function burst(h: Harness, engine: Engine, companies: string[]): Promise<unknown[]> {
  const cells = companies.flatMap((n) =>
    FIELDS.map((f) => Promise.resolve(fieldCells(engine, n, f, null, {})).then((grid) => grid[0]![0])),
  );
  return h.clock.drive(Promise.all(cells));
}

const expected = (companies: string[]) =>
  companies.flatMap((n) => [
    `COMPANY ${n} LTD`,
    Number(n) % 997,
    { kind: "date", iso: "2020-01-31", serial: 43861, numberFormat: "yyyy-mm-dd" },
    "EH6 6QD",
    "Active",
  ]);

test.each(FORMS)(
  "stated as %s: a 1,000-company burst goes in at most 2 requests, before and after the statement",
  async (_, form) => {
    const h = service(form);
    const engine = new Engine({ clients: h.clients, clock: h.clock });

    expect(await burst(h, engine, numbers(0))).toEqual(expected(numbers(0)));
    expect(h.fake.calls.length).toBeLessThanOrEqual(2);
    // The statement was read: the governor now knows the limit and what is left of it.
    expect(h.clients.governors.product.perMinute()).toBe(LIMIT);
    const sentBefore = h.fake.calls.length;

    expect(await burst(h, engine, numbers(1000))).toEqual(expected(numbers(1000)));
    expect(h.fake.calls.length - sentBefore).toBeLessThanOrEqual(2);
    expect(h.received.length).toBe(h.fake.calls.length);
  },
);
