import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac } from "node:crypto";
import type { RunningSandbox } from "../../../sandbox/sandbox";
import { call, getJson, postJson, testSandbox } from "./helpers";

/** The matching service over real HTTP: single matches, batch jobs, callbacks, keys and errors. */

let sb: RunningSandbox;
let key: string;
let superKey: string;
const url = (path: string) => `${sb.urls.matching}${path}`;
const admin = (path: string, body: unknown) => postJson(`${sb.origin}/__admin${path}`, null, body);
const match = (body: unknown, k = key) => postJson(url("/api/v1/match"), k, body);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  sb = await testSandbox();
  key = sb.credentials.matchingKey;
  superKey = sb.credentials.matchingSuperuserKey;
}, 30_000);
afterAll(() => sb.close());
afterEach(async () => {
  await admin("/reset", {});
});

async function companies(body: Record<string, unknown>) {
  const r = await postJson(`${sb.urls.product}/v2/companies`, sb.credentials.productToken, {
    returnCount: 200,
    ...body,
  });
  return r.body.companies as {
    CompanyNumber: string;
    CompanyName: string;
    RegisteredPostcode: string;
    Homepage_domain?: string;
  }[];
}

describe("single match", () => {
  test("an exact name (any case, LTD for LIMITED) takes the fast route with high confidence", async () => {
    const [c] = await companies({ CompanyStatus: ["Active"] });
    const typed = c!.CompanyName.toLowerCase().replace(/ limited$/, " ltd");
    const r = await match({ input_name: typed, id: "row-7" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      input_name: typed,
      id: "row-7",
      matched_company_number: c!.CompanyNumber,
      route: "fast",
      confidence: "high",
      company_status: "Active",
      active: "True",
    });
    expect(r.body.rigorous_match).toBe(false);
    expect(r.body.reasons).toBeUndefined();
  });

  test("a misspelt name takes the slow route; an unknown name has no number and confidence none", async () => {
    const [c] = (await companies({ CompanyStatus: ["Active"], rtics: ["RTIC-0042"] })).filter(
      (x) => x.CompanyName.split(" ")[0]!.length > 5,
    );
    const words = c!.CompanyName.split(" ");
    const misspelt = [words[0]!.slice(0, -2) + words[0]!.slice(-1) + words[0]!.slice(-2, -1), ...words.slice(1)].join(
      " ",
    );
    const r = await match({ input_name: misspelt }, superKey);
    expect(r.body.route).toBe("slow");
    expect(r.body.matched_company_number).toBe(c!.CompanyNumber);
    expect(["high", "medium"]).toContain(r.body.confidence);
    expect(r.body.reasons.length).toBeGreaterThan(0);
    const none = await match({ input_name: "Qwxyz Plonk Zzyzx Holdings" });
    expect(none.body).toMatchObject({
      matched_company_number: null,
      route: null,
      confidence: "none",
      company_status: null,
      active: null,
      rigorous_match: false,
    });
  });

  test("hints are echoed back", async () => {
    const r = await match({
      input_name: "Anything Ltd",
      website: "https://example.co.uk",
      postcode: "EH1 1AA",
      address: "1 High St",
      sic_code: "62012",
      date_hint: "2019",
    });
    expect(r.body).toMatchObject({
      website: "https://example.co.uk",
      postcode: "EH1 1AA",
      address: "1 High St",
      sic_code: "62012",
      date_hint: "2019",
    });
  });

  test("superuser keys see reasons and degraded steps; a degraded step lowers the band", async () => {
    const [c] = await companies({ CompanyStatus: ["Active"] });
    await admin("/faults", { degradedSteps: ["hint_lookup"] });
    const r = await match({ input_name: c!.CompanyName }, superKey);
    expect(r.body.degraded).toEqual(["hint_lookup"]);
    expect(r.body.confidence).toBe("medium");
    const row = await match({ input_name: "--- Ltd !!!" }, superKey);
    expect(row.body.error).toMatch(/normalisation/);
    expect(row.body.confidence).toBe("none");
  });

  test("422 with FastAPI-style detail for a missing, empty or over-long input_name", async () => {
    for (const body of [{}, { input_name: "" }, { input_name: "x".repeat(513) }, { input_name: 5 }]) {
      const r = await match(body);
      expect(r.status).toBe(422);
      expect(r.body.detail[0]).toEqual(
        expect.objectContaining({ loc: ["body", "input_name"], msg: expect.any(String), type: expect.any(String) }),
      );
    }
  });

  test("401 for a missing, malformed, unknown or revoked key and for a JWT", async () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    for (const k of [null, "not_a_key", "dm_live_unknown", jwt])
      expect((await match({ input_name: "A" }, k as string)).status).toBe(401);
    await admin("/matching-keys/revoke", { key });
    expect((await match({ input_name: "A" })).status).toBe(401);
  });

  test("429 over the per-key rate, with Retry-After and detail or error", async () => {
    await call(`${sb.origin}/__admin/rate-limits`, { method: "POST", body: JSON.stringify({ matching: 2 }) });
    await match({ input_name: "A" });
    await match({ input_name: "A" });
    const r = await match({ input_name: "A" });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(r.body.detail ?? r.body.error).toMatch(/too many requests|rate limit exceeded/i);
  });
});

describe("batch jobs", () => {
  test("queued → running → completed; results 409 while queued; rows echo ids or their index", async () => {
    const cs = await companies({ returnCount: 30 });
    const rows = cs.map((c, k) =>
      k === 0 ? { input_name: c.CompanyName } : { input_name: c.CompanyName, id: `r${k}` },
    );
    const submit = await postJson(url("/api/v1/match/batch"), key, { companies: rows });
    expect(submit.status).toBe(202);
    expect(submit.body).toMatchObject({ status: "queued", total: 30 });
    const id = submit.body.job_id;
    expect((await getJson(url(`/api/v1/match/batch/${id}/results`), key)).status).toBe(409);
    let status = "queued";
    for (let k = 0; k < 50 && status !== "completed"; k++) {
      await sleep(50);
      status = (await getJson(url(`/api/v1/match/batch/${id}`), key)).body.status;
      expect(["queued", "running", "completed"]).toContain(status);
    }
    const results = await getJson(url(`/api/v1/match/batch/${id}/results`), key);
    expect(results.body.results).toHaveLength(30);
    expect(results.body.results[0].id).toBe("0");
    expect(results.body.results[1].id).toBe("r1");
    expect(results.body.results[1].matched_company_number).toBe(cs[1]!.CompanyNumber);
  });

  test("404 for an unknown job; 422 for an invalid row, over 1000 rows or bad callback settings", async () => {
    expect((await getJson(url("/api/v1/match/batch/nope"), key)).status).toBe(404);
    expect((await getJson(url("/api/v1/match/batch/nope/results"), key)).status).toBe(404);
    const bad = await postJson(url("/api/v1/match/batch"), key, {
      companies: [{ input_name: "ok" }, { input_name: "" }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "companies", "1", "input_name"]);
    expect(
      (
        await postJson(url("/api/v1/match/batch"), key, {
          companies: Array.from({ length: 1001 }, () => ({ input_name: "A" })),
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await postJson(url("/api/v1/match/batch"), key, {
          companies: [{ input_name: "A" }],
          callback_url: "not a url",
          webhook_secret: "0123456789abcdef",
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await postJson(url("/api/v1/match/batch"), key, {
          companies: [{ input_name: "A" }],
          callback_url: "http://127.0.0.1:9/x",
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await postJson(url("/api/v1/match/batch"), key, {
          companies: [{ input_name: "A" }],
          callback_url: "http://127.0.0.1:9/x",
          webhook_secret: "short",
        })
      ).status,
    ).toBe(422);
  });

  test("a finished job calls back with a valid HMAC signature; a failing job ends failed", async () => {
    const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
    const port = (receiver.address() as AddressInfo).port;
    const secret = "a-sandbox-webhook-secret";
    try {
      await admin("/faults", { batchFail: true });
      const submit = await postJson(url("/api/v1/match/batch"), key, {
        companies: [{ input_name: "A" }, { input_name: "B" }, { input_name: "C" }, { input_name: "D" }],
        callback_url: `http://127.0.0.1:${port}/hook`,
        webhook_secret: secret,
      });
      for (let k = 0; k < 60 && received.length === 0; k++) await sleep(50);
      expect(received).toHaveLength(1);
      const { headers, body } = received[0]!;
      const expected = `sha256=${createHmac("sha256", secret).update(`${headers["x-webhook-timestamp"]}.${body}`).digest("hex")}`;
      expect(headers["x-webhook-signature"]).toBe(expected);
      expect(JSON.parse(body)).toMatchObject({
        event: "batch.failed",
        job_id: submit.body.job_id,
        status: "failed",
        total: 4,
        processed: 2,
      });
      const status = await getJson(url(`/api/v1/match/batch/${submit.body.job_id}`), key);
      expect(status.body).toMatchObject({ status: "failed", processed: 2, error: expect.any(String) });
      expect((await getJson(`${sb.origin}/__admin/callbacks`, null)).body.callbacks[0].status).toBe(200);
    } finally {
      receiver.close();
    }
  });
});
